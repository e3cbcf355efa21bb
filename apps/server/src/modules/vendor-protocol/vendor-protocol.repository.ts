import { sql } from 'kysely';
import type { LocalisedText } from '../../db/tables/catalogue.ts';
import type {
  CreditKind,
  VendorTransactionRow,
  VendorTxnKind,
  VendorTxnStatus,
} from '../../db/tables/games.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import type { RoundEvent, RoundView } from './round-state.ts';

/**
 * Reads and writes of the seamless-wallet protocol (migration 0008: vendors' secrets, launch sessions,
 * vendor_transactions, game_rounds). Every method takes the executor to run on, so the service can put
 * a transaction row, its journal entry and its round update in one database transaction.
 */

export type ProtocolVendor = {
  id: bigint;
  brandId: bigint;
  code: string;
  secret: string;
  names: LocalisedText;
};

export type LaunchSession = {
  id: bigint;
  brandId: bigint;
  memberId: bigint;
  vendorId: bigint;
  gameId: bigint;
  expiresAt: Date;
};

export type PlayerProfile = {
  memberId: bigint;
  brandId: bigint;
  username: string;
  nickname: string | null;
  language: string;
  active: boolean;
  currency: string;
  currencySymbol: string;
};

export type ProtocolGame = { id: bigint; gameCode: string; gameType: string; names: LocalisedText };

export type NewVendorTransaction = {
  vendorId: bigint;
  txnId: string;
  brandId: bigint;
  memberId: bigint;
  kind: VendorTxnKind;
  roundId: string;
  gameId: bigint | null;
  amountMinor: bigint;
  targetTxnId: string | null;
  /** Credits only: what the credit pays. */
  creditKind: CreditKind | null;
  status: VendorTxnStatus;
  entryId: bigint | null;
  requestHash: string;
  response: unknown;
};

export type RoundChange = {
  brandId: bigint;
  vendorId: bigint;
  memberId: bigint;
  gameId: bigint | null;
  roundId: string;
  stakeDeltaMinor: bigint;
  payoutDeltaMinor: bigint;
  /** What the call is to the round (round-state.ts): `close` settles it, `credit` / `close` count a credit. */
  event: Extract<RoundEvent, 'debit' | 'credit' | 'close'>;
  now: Date;
};

/** A round changed under a guard that no longer held: a bug, never a vendor's mistake (the call fails). */
export class RoundGuardError extends Error {
  constructor(vendorId: bigint, roundId: string, what: string) {
    super(`game round ${vendorId}/${roundId}: ${what} refused by its guard`);
    this.name = 'RoundGuardError';
  }
}

/**
 * The SQL of the seamless-wallet protocol. Reads run on any executor; the locks and writes of a money call
 * need the call's transaction (vendor-protocol.service.ts builds this repository on it).
 */
export class VendorProtocolRepository<E extends Executor = Executor> extends Repository<E> {
  /** The database this repository reads, for the service's unit of work. */
  get database(): E {
    return this.db;
  }

  /** Every brand's vendor of that code that has a wallet secret (the code is unique per brand only). */
  async vendorsByCode(code: string): Promise<ProtocolVendor[]> {
    const rows = await this.db
      .selectFrom('vendors')
      .select(['id', 'brand_id', 'vassalage', 'wallet_secret', 'display_name'])
      .where('vassalage', '=', code)
      .where('wallet_secret', 'is not', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      brandId: row.brand_id,
      code: row.vassalage,
      secret: row.wallet_secret ?? '',
      names: row.display_name,
    }));
  }

  async sessionByTokenHash(tokenHash: string): Promise<LaunchSession | undefined> {
    const row = await this.db
      .selectFrom('game_launch_sessions')
      .select(['id', 'brand_id', 'member_id', 'vendor_id', 'game_id', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          brandId: row.brand_id,
          memberId: row.member_id,
          vendorId: row.vendor_id,
          gameId: row.game_id,
          expiresAt: row.expires_at,
        }
      : undefined;
  }

  async player(memberId: bigint): Promise<PlayerProfile | undefined> {
    const row = await this.db
      .selectFrom('members')
      .innerJoin('brands', 'brands.id', 'members.brand_id')
      .select([
        'members.id',
        'members.brand_id',
        'members.username',
        'members.nickname',
        'members.language',
        'members.status',
        'brands.default_language',
        'brands.currency',
        'brands.currency_symbol',
      ])
      .where('members.id', '=', memberId)
      .executeTakeFirst();
    return row
      ? {
          memberId: row.id,
          brandId: row.brand_id,
          username: row.username,
          nickname: row.nickname,
          language: row.language ?? row.default_language,
          active: row.status === 'active',
          currency: row.currency,
          currencySymbol: row.currency_symbol,
        }
      : undefined;
  }

  async gameById(gameId: bigint): Promise<ProtocolGame | undefined> {
    return this.db
      .selectFrom('games')
      .select(['id', 'game_code as gameCode', 'game_type as gameType', 'names'])
      .where('id', '=', gameId)
      .executeTakeFirst();
  }

  async gameByCode(vendorId: bigint, gameCode: string): Promise<ProtocolGame | undefined> {
    return this.db
      .selectFrom('games')
      .select(['id', 'game_code as gameCode', 'game_type as gameType', 'names'])
      .where('vendor_id', '=', vendorId)
      .where('game_code', '=', gameCode)
      .executeTakeFirst();
  }

  /**
   * Serialises, until the transaction ends, every call about one transaction id of one vendor: the debit
   * itself, its replays and the rollbacks that target it. Without it a debit and its rollback arriving
   * together could each miss the other (read committed) and both succeed.
   */
  async lockTxnId(this: VendorProtocolRepository<Tx>, vendorId: bigint, txnId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`vendor-txn:${vendorId}:${txnId}`}, 0))`.execute(
      this.db,
    );
  }

  /**
   * Serialises every call about one round of one vendor (debits, credits, rollbacks of its debits), so the
   * round rules (round-state.ts) are decided on a state no other call is changing. Taken after the txn-id
   * lock and before any ledger row, in debit, credit and rollback alike: one order, no deadlock. An advisory
   * lock rather than `FOR UPDATE` because the first call of a round finds no row to lock.
   */
  async lockRound(this: VendorProtocolRepository<Tx>, vendorId: bigint, roundId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`vendor-round:${vendorId}:${roundId}`}, 0))`.execute(
      this.db,
    );
  }

  async findTxn(vendorId: bigint, txnId: string): Promise<VendorTransactionRow | undefined> {
    return this.db
      .selectFrom('vendor_transactions')
      .selectAll()
      .where('vendor_id', '=', vendorId)
      .where('txn_id', '=', txnId)
      .executeTakeFirst();
  }

  /** The first rollback that names `targetTxnId` as the debit it cancels. */
  async findRollbackOf(vendorId: bigint, targetTxnId: string): Promise<VendorTransactionRow | undefined> {
    return (
      this.db
        .selectFrom('vendor_transactions')
        .selectAll()
        .where('vendor_id', '=', vendorId)
        .where('target_txn_id', '=', targetTxnId)
        .where('kind', '=', 'rollback')
        // A refused rollback (its round had a credit) cancelled nothing.
        .where('status', '<>', 'refused')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
    );
  }

  async insertTxn(this: VendorProtocolRepository<Tx>, row: NewVendorTransaction): Promise<bigint> {
    const inserted = await this.db
      .insertInto('vendor_transactions')
      .values({
        vendor_id: row.vendorId,
        txn_id: row.txnId,
        brand_id: row.brandId,
        member_id: row.memberId,
        kind: row.kind,
        round_id: row.roundId,
        game_id: row.gameId,
        amount_minor: row.amountMinor,
        target_txn_id: row.targetTxnId,
        credit_kind: row.creditKind,
        status: row.status,
        entry_id: row.entryId,
        request_hash: row.requestHash,
        response: row.response === null ? null : JSON.stringify(row.response),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /**
   * Completes an applied call's row: its journal entry and the stored answer, whose balance is the
   * member's available main balance read in the same statement (the member's row is already locked by
   * the entry, so the figure is the one this call left). One statement, because it runs while the house
   * account row is locked. Returns that balance.
   */
  async settleApplied(
    this: VendorProtocolRepository<Tx>,
    id: bigint,
    entryId: bigint | null,
    memberId: bigint,
  ): Promise<bigint> {
    const row = await sql<{ balance: string }>`
      update vendor_transactions
         set entry_id = ${entryId},
             response = jsonb_build_object('status', 'OK', 'balanceMinor', wallet.available::text)
        from (select coalesce(sum(account.balance_minor - account.held_minor), 0) as available
                from ledger_accounts account
                join brands on brands.id = account.brand_id and brands.currency = account.currency
               where account.member_id = ${memberId} and account.kind = 'member_main') as wallet
       where vendor_transactions.id = ${id}
      returning wallet.available::text as balance`.execute(this.db);
    const balance = row.rows[0]?.balance;
    if (balance === undefined) throw new Error(`vendor transaction ${id} vanished before it was settled`);
    return BigInt(balance);
  }

  /** A debit applied → rolled_back (the only status change a transaction has), guarded on its status. */
  async markRolledBack(this: VendorProtocolRepository<Tx>, id: bigint): Promise<void> {
    const result = await this.db
      .updateTable('vendor_transactions')
      .set({ status: 'rolled_back' })
      .where('id', '=', id)
      .where('kind', '=', 'debit')
      .where('status', '=', 'applied')
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new Error(`vendor transaction ${id}: not an applied debit`);
  }

  async round(vendorId: bigint, roundId: string): Promise<RoundView | undefined> {
    const row = await this.db
      .selectFrom('game_rounds')
      .select(['status', 'member_id', 'stake_minor', 'credit_count'])
      .where('vendor_id', '=', vendorId)
      .where('round_id', '=', roundId)
      .executeTakeFirst();
    return row
      ? {
          status: row.status,
          memberId: row.member_id,
          stakeMinor: row.stake_minor,
          creditCount: row.credit_count,
        }
      : undefined;
  }

  /**
   * Adds a debit or credit to its round, creating it open (or settled, for a closing free-round credit):
   * the update only touches an open round of the same player, and a round it did not touch fails the call.
   */
  async applyToRound(this: VendorProtocolRepository<Tx>, change: RoundChange): Promise<void> {
    const close = change.event === 'close';
    const credits = change.event === 'debit' ? 0 : 1;
    const row = await this.db
      .insertInto('game_rounds')
      .values({
        brand_id: change.brandId,
        vendor_id: change.vendorId,
        member_id: change.memberId,
        game_id: change.gameId,
        round_id: change.roundId,
        stake_minor: change.stakeDeltaMinor,
        payout_minor: change.payoutDeltaMinor,
        status: close ? 'settled' : 'open',
        created_at: change.now,
        settled_at: close ? change.now : null,
        credit_count: credits,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['vendor_id', 'round_id'])
          .doUpdateSet((eb) => ({
            stake_minor: sql<bigint>`${eb.ref('game_rounds.stake_minor')} + ${change.stakeDeltaMinor}`,
            payout_minor: sql<bigint>`${eb.ref('game_rounds.payout_minor')} + ${change.payoutDeltaMinor}`,
            credit_count: sql<number>`${eb.ref('game_rounds.credit_count')} + ${credits}`,
            ...(close ? { status: 'settled' as const, settled_at: change.now } : {}),
          }))
          .where('game_rounds.status', '=', 'open')
          .where('game_rounds.member_id', '=', change.memberId),
      )
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new RoundGuardError(change.vendorId, change.roundId, change.event);
  }

  /**
   * Takes a rolled-back debit's stake off its round — only an open round of the player without a credit —
   * and rolls the round back when it was its last standing debit (`event` 'rollback_last').
   */
  async rollBackRoundStake(
    this: VendorProtocolRepository<Tx>,
    round: { vendorId: bigint; roundId: string; memberId: bigint },
    amountMinor: bigint,
    event: Extract<RoundEvent, 'rollback' | 'rollback_last'>,
  ): Promise<void> {
    const last = event === 'rollback_last';
    const result = await this.db
      .updateTable('game_rounds')
      .set((eb) => ({
        stake_minor: sql<bigint>`${eb.ref('stake_minor')} - ${amountMinor}`,
        ...(last ? { status: 'rolled_back' as const } : {}),
      }))
      .where('vendor_id', '=', round.vendorId)
      .where('round_id', '=', round.roundId)
      .where('member_id', '=', round.memberId)
      .where('status', '=', 'open')
      .where('credit_count', '=', 0)
      .where('stake_minor', last ? '=' : '>', amountMinor)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new RoundGuardError(round.vendorId, round.roundId, event);
  }
}
