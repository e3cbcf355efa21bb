import { sql } from 'kysely';
import type { LocalisedText } from '../../db/tables/catalogue.ts';
import type {
  CreditKind,
  VendorTransactionRow,
  VendorTxnKind,
  VendorTxnStatus,
} from '../../db/tables/games.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import { type PostEntryRefusal, postingArrays } from '../ledger/ledger.repository.ts';
import type { PreparedEntry } from '../ledger/ledger.ts';
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

/** What a money call locks and reads first (VendorProtocolRepository.beginCall). */
export type CallToBegin = {
  vendorId: bigint;
  /** The txn id the call is about: its own, or for a rollback the debit it cancels. */
  lockTxnId: string;
  roundId: string;
  /** The call's own txn id: a repeat finds its row. */
  txnId: string;
  /** A rollback's target, read as `CallState.target`; null otherwise. */
  targetTxnId: string | null;
  /** A debit's own txn id, to learn whether a rollback cancelled it first; null otherwise. */
  rollbackOfTxnId: string | null;
  tokenHash: string;
  memberId: bigint;
  gameCode: string;
  /** The call's time (the protection rules of a debit are decided at it). */
  now: Date;
  /** A debit: also read its loss/wager headroom and its login session (a credit or rollback never needs them). */
  debit: boolean;
};

/** A stored vendor transaction, as far as a later call about it needs it. */
export type CallTxn = Pick<
  VendorTransactionRow,
  | 'id'
  | 'kind'
  | 'member_id'
  | 'round_id'
  | 'status'
  | 'entry_id'
  | 'amount_minor'
  | 'request_hash'
  | 'response'
>;

/** A launch session, as a money call checks it (player, vendor, expiry). */
export type SessionView = Pick<LaunchSession, 'vendorId' | 'memberId' | 'expiresAt'>;

/** Everything a money call decides on, read under its locks. */
export type CallState = {
  existing: CallTxn | null;
  target: CallTxn | null;
  /** A debit only: a rollback of its txn id arrived first (and was not refused). */
  rolledBackFirst: boolean;
  session: SessionView | null;
  round: RoundView | undefined;
  game: ProtocolGame | undefined;
  /** The member's main wallet (made on first use) and its available balance. */
  wallet: { accountId: bigint; availableMinor: bigint };
  /**
   * A debit only: the largest stake the loss and wager limits in force still allow (may be ≤ 0), or null
   * when none is in force (then vendor_call_apply skips its guard).
   */
  headroomMinor: bigint | null;
  /** A debit only: the login session the game was launched from, or null (none recorded, or not a debit). */
  loginSession: LoginSessionView | null;
};

/** What a debit checks of the player's login session (migration 0022). */
export type LoginSessionView = {
  /** When a reality check is due: no bet from then until the player acknowledges it. */
  realityCheckAt: Date | null;
  /** When the session time limit ends the session. */
  playEndsAt: Date | null;
  revoked: boolean;
};

export type AppliedCall =
  | { outcome: 'posted'; id: bigint; entryId: bigint | null; balanceMinor: bigint }
  | { outcome: PostEntryRefusal | 'limit_reached' };

type Nullable<T> = { [K in keyof T]: T[K] | null };

type BeginRow = Nullable<{
  e_id: bigint;
  e_kind: string;
  e_member_id: bigint;
  e_round_id: string;
  e_status: string;
  e_amount_minor: bigint;
  e_request_hash: string;
  t_id: bigint;
  t_kind: string;
  t_member_id: bigint;
  t_round_id: string;
  t_status: string;
  t_amount_minor: bigint;
  t_request_hash: string;
  s_vendor_id: bigint;
  s_member_id: bigint;
  s_expires_at: Date;
  r_status: string;
  r_member_id: bigint;
  r_stake_minor: bigint;
  r_credit_count: number;
  g_id: bigint;
  g_code: string;
  g_type: string;
  w_account_id: bigint;
  w_available_minor: bigint;
  l_headroom_minor: bigint;
  ls_id: bigint;
  ls_reality_check_at: Date;
  ls_play_ends_at: Date;
  ls_revoked: boolean;
}> & {
  e_entry_id: bigint | null;
  e_response: unknown;
  t_entry_id: bigint | null;
  t_response: unknown;
  rolled_back_first: boolean;
  g_names: unknown;
};

/** A stored transaction from one prefix's columns of `vendor_call_begin` (e_: the call's own, t_: its target). */
function callTxnOf(
  id: bigint | null,
  kind: string | null,
  memberId: bigint | null,
  roundId: string | null,
  status: string | null,
  entryId: bigint | null,
  amountMinor: bigint | null,
  requestHash: string | null,
  response: unknown,
): CallTxn | null {
  if (id === null) return null;
  return {
    id,
    kind: kind as VendorTxnKind,
    member_id: memberId as bigint,
    round_id: roundId as string,
    status: status as VendorTxnStatus,
    entry_id: entryId,
    amount_minor: amountMinor as bigint,
    request_hash: requestHash as string,
    response,
  };
}

type ApplyRow = {
  o_outcome: PostEntryRefusal | 'limit_reached' | 'posted';
  o_txn_row_id: bigint | null;
  o_entry_id: bigint | null;
  o_balance_minor: bigint | null;
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

  /**
   * Opens a money call (migration 0021 `vendor_call_begin`): takes its two advisory locks — the txn id it is
   * about (a rollback: its target's), then its round; one order for debit, credit and rollback, so no
   * deadlock — and only then reads everything the call decides on, in one round trip. The txn-id lock
   * serialises a debit, its repeats and the rollbacks that target it (without it a debit and its rollback
   * arriving together could each miss the other under read committed); the round lock serialises every call
   * of one round, so round-state.ts decides on a state no other call is changing. Advisory locks, because
   * the first call of a round finds no row to lock.
   */
  async beginCall(this: VendorProtocolRepository<Tx>, call: CallToBegin): Promise<CallState> {
    const { rows } = await sql<BeginRow>`select * from vendor_call_begin(
      ${String(call.vendorId)}::int8, ${call.lockTxnId}::text, ${call.roundId}::text, ${call.txnId}::text,
      ${call.targetTxnId}::text, ${call.rollbackOfTxnId}::text, ${call.tokenHash}::text,
      ${String(call.memberId)}::int8, ${call.gameCode}::text, ${call.now}::timestamptz, ${call.debit}::bool
    )`.execute(this.db);
    const row = rows[0];
    if (!row || row.w_account_id === null || row.w_available_minor === null) {
      throw new Error(`vendor_call_begin: no wallet for member ${call.memberId}`);
    }
    return {
      existing: callTxnOf(
        row.e_id,
        row.e_kind,
        row.e_member_id,
        row.e_round_id,
        row.e_status,
        row.e_entry_id,
        row.e_amount_minor,
        row.e_request_hash,
        row.e_response,
      ),
      target: callTxnOf(
        row.t_id,
        row.t_kind,
        row.t_member_id,
        row.t_round_id,
        row.t_status,
        row.t_entry_id,
        row.t_amount_minor,
        row.t_request_hash,
        row.t_response,
      ),
      rolledBackFirst: row.rolled_back_first,
      session:
        row.s_vendor_id === null
          ? null
          : {
              vendorId: row.s_vendor_id,
              memberId: row.s_member_id as bigint,
              expiresAt: row.s_expires_at as Date,
            },
      round:
        row.r_status === null
          ? undefined
          : {
              status: row.r_status as RoundView['status'],
              memberId: row.r_member_id as bigint,
              stakeMinor: row.r_stake_minor as bigint,
              creditCount: row.r_credit_count as number,
            },
      game:
        row.g_id === null
          ? undefined
          : {
              id: row.g_id,
              gameCode: row.g_code as string,
              gameType: row.g_type as string,
              names: row.g_names as LocalisedText,
            },
      wallet: { accountId: row.w_account_id, availableMinor: row.w_available_minor },
      headroomMinor: row.l_headroom_minor,
      loginSession:
        row.ls_id === null
          ? null
          : {
              realityCheckAt: row.ls_reality_check_at,
              playEndsAt: row.ls_play_ends_at,
              revoked: row.ls_revoked === true,
            },
    };
  }

  /**
   * Writes an applied debit or credit in one round trip (migration 0021 `vendor_call_apply`): its row, its
   * round — created open (or settled, for a closing free-round credit), or added to only while open and of
   * the same player, else RoundGuardError — its journal entry through `ledger_post_entry` when it moves
   * money, and its stored answer with the balance it left. A ledger refusal is answered (`outcome`), and
   * the caller must roll back: the row and the round are already written in its transaction. The call's
   * activity (stake, payout) is added to the member's day after the entry; `limited` (a loss or wager limit
   * was in force when the call began) makes a debit re-check the limits under the member's lock and answer
   * `limit_reached` (roll back) when its stake passed one.
   */
  async applyCall(
    this: VendorProtocolRepository<Tx>,
    row: Omit<NewVendorTransaction, 'status' | 'entryId' | 'response' | 'targetTxnId'>,
    change: Pick<RoundChange, 'stakeDeltaMinor' | 'payoutDeltaMinor' | 'event' | 'now'>,
    entry: PreparedEntry | null,
    limited: boolean,
  ): Promise<AppliedCall> {
    try {
      const { rows } = await sql<ApplyRow>`select * from vendor_call_apply(
        ${String(row.vendorId)}::int8, ${row.txnId}::text, ${String(row.brandId)}::int8,
        ${String(row.memberId)}::int8, ${row.kind}::text, ${row.roundId}::text,
        ${row.gameId === null ? null : String(row.gameId)}::int8, ${String(row.amountMinor)}::int8,
        ${row.creditKind}::text, ${row.requestHash}::text,
        ${String(change.stakeDeltaMinor)}::int8, ${String(change.payoutDeltaMinor)}::int8, ${change.event}::text,
        ${change.now}::timestamptz,
        ${entry?.kind ?? null}::text, ${entry?.idempotencyKey ?? null}::text, ${entry?.requestHash ?? null}::text,
        ${entry?.memo ?? null}::text, ${entry?.createdBy ?? null}::text,
        ${entry ? postingArrays(entry.postings) : sql`null::int8[], null::text[], null::int8[]`},
        ${limited}::bool
      )`.execute(this.db);
      const answer = rows[0];
      if (!answer) throw new Error('vendor_call_apply answered no row');
      if (answer.o_outcome !== 'posted') return { outcome: answer.o_outcome };
      return {
        outcome: 'posted',
        id: answer.o_txn_row_id as bigint,
        entryId: answer.o_entry_id,
        balanceMinor: answer.o_balance_minor as bigint,
      };
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('vendor_round_guard')) {
        throw new RoundGuardError(row.vendorId, row.roundId, change.event);
      }
      throw error;
    }
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
