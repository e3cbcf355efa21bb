import type { LiveOutcome } from '@lotus/shared/live.schema';
import { sql } from 'kysely';
import type {
  LiveBetStatusColumn,
  LiveKindColumn,
  LiveLimitsColumn,
  LivePhaseColumn,
} from '../../db/tables/live-tables.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import {
  type BookSession,
  InhouseRoundsRepository,
  stalePendingIds,
} from '../inhouse-vendor/inhouse-rounds.repository.ts';

/** The SQL of the live tables (docs/live-tables.md "Server"): tables, shoes, rounds, bets, exposure. */

export type LiveSession = BookSession;

export type TableRecord = {
  id: bigint;
  brandId: bigint;
  code: string;
  kind: LiveKindColumn;
  name: { EN: string; HI: string };
  currency: string;
  limits: LiveLimitsColumn;
  bettingMs: number;
  closedMs: number;
  dealingMs: number;
  resultMs: number;
  sort: number;
  currentRoundId: bigint | null;
};

export type ShoeRecord = {
  id: bigint;
  tableId: bigint;
  shoeNo: number;
  seed: string;
  commitment: string;
  decks: number;
  cutIndex: number;
  cardsDealt: number;
  rounds: number;
  openedAt: Date;
  revealedAt: Date | null;
};

export type RoundRecord = {
  id: bigint;
  tableId: bigint;
  shoeId: bigint;
  roundNo: number;
  phase: LivePhaseColumn;
  openedAt: Date;
  bettingEndsAt: Date;
  phaseEndsAt: Date;
  firstCard: number | null;
  cardCount: number | null;
  outcome: LiveOutcome | null;
};

export type BetRecord = {
  id: bigint;
  tableId: bigint;
  tableCode: string;
  roundId: bigint;
  roundNo: number;
  playerRef: string;
  walletSession: string;
  requestHash: string;
  stakeMinor: bigint;
  status: LiveBetStatusColumn;
  payoutMinor: bigint | null;
  createdAt: Date;
  finishedAt: Date | null;
};

export type SpotRecord = {
  betId: bigint;
  spotNo: number;
  spot: string;
  amountMinor: bigint;
  payMinor: bigint | null;
};

const tableColumns = [
  'id',
  'brand_id as brandId',
  'code',
  'kind',
  'name',
  'currency',
  'limits',
  'betting_ms as bettingMs',
  'closed_ms as closedMs',
  'dealing_ms as dealingMs',
  'result_ms as resultMs',
  'sort',
  'current_round_id as currentRoundId',
] as const;

const shoeColumns = [
  'id',
  'table_id as tableId',
  'shoe_no as shoeNo',
  'seed',
  'commitment',
  'decks',
  'cut_index as cutIndex',
  'cards_dealt as cardsDealt',
  'rounds',
  'opened_at as openedAt',
  'revealed_at as revealedAt',
] as const;

const roundColumns = [
  'id',
  'table_id as tableId',
  'shoe_id as shoeId',
  'round_no as roundNo',
  'phase',
  'opened_at as openedAt',
  'betting_ends_at as bettingEndsAt',
  'phase_ends_at as phaseEndsAt',
  'first_card as firstCard',
  'card_count as cardCount',
  'outcome',
] as const;

const date = (value: Date | string): Date => new Date(value);
const optionalDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function shoeOf(row: ShoeRecord): ShoeRecord {
  return { ...row, openedAt: date(row.openedAt), revealedAt: optionalDate(row.revealedAt) };
}

function roundOf(row: Omit<RoundRecord, 'outcome'> & { outcome: unknown }): RoundRecord {
  return {
    ...row,
    openedAt: date(row.openedAt),
    bettingEndsAt: date(row.bettingEndsAt),
    phaseEndsAt: date(row.phaseEndsAt),
    outcome: (row.outcome ?? null) as LiveOutcome | null,
  };
}

/**
 * The channel the rounds' trigger announces on (migration 0037), payload: the live table id; the players'
 * counts share it (payload `aud:…`, live-audience.ts).
 */
export const LIVE_CHANNEL = 'lotus_live';

export class LiveTablesRepository<E extends Executor = Executor> extends Repository<E> {
  readonly #rounds: InhouseRoundsRepository<E> = new InhouseRoundsRepository(this.db);

  /** A process's players' counts on the live channel (live-audience.ts): a NOTIFY, outside any transaction. */
  async announceAudience(payload: string): Promise<void> {
    await sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(this.db);
  }

  // --- tables ---

  async tablesOf(brandId: bigint): Promise<TableRecord[]> {
    return this.db
      .selectFrom('live_tables')
      .select(tableColumns)
      .where('brand_id', '=', brandId)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async tableByCode(brandId: bigint, code: string): Promise<TableRecord | undefined> {
    return this.db
      .selectFrom('live_tables')
      .select(tableColumns)
      .where('brand_id', '=', brandId)
      .where('code', '=', code)
      .where('enabled', '=', true)
      .executeTakeFirst();
  }

  async tableById(id: bigint): Promise<TableRecord | undefined> {
    return this.db.selectFrom('live_tables').select(tableColumns).where('id', '=', id).executeTakeFirst();
  }

  /** The table row locked for one move, or undefined when another process holds it (it is moving it). */
  async lockTable(this: LiveTablesRepository<Tx>, id: bigint): Promise<TableRecord | undefined> {
    return this.db
      .selectFrom('live_tables')
      .select(tableColumns)
      .where('id', '=', id)
      .where('enabled', '=', true)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
  }

  /** Enabled tables whose round's phase has ended by `now` (or that have no round yet). */
  async dueTableIds(now: Date, limit: number): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('live_tables as t')
      .leftJoin('live_rounds as r', 'r.id', 't.current_round_id')
      .select('t.id')
      .where('t.enabled', '=', true)
      .where((eb) => eb.or([eb('r.id', 'is', null), eb('r.phase_ends_at', '<=', now)]))
      .orderBy('t.id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async setCurrentRound(this: LiveTablesRepository<Tx>, tableId: bigint, roundId: bigint): Promise<void> {
    await this.db
      .updateTable('live_tables')
      .set({ current_round_id: roundId })
      .where('id', '=', tableId)
      .execute();
  }

  // --- shoes ---

  async shoeById(id: bigint): Promise<ShoeRecord | undefined> {
    const row = await this.db
      .selectFrom('live_shoes')
      .select(shoeColumns)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && shoeOf(row);
  }

  /** The table's newest shoe. */
  async lastShoe(tableId: bigint): Promise<ShoeRecord | undefined> {
    const row = await this.db
      .selectFrom('live_shoes')
      .select(shoeColumns)
      .where('table_id', '=', tableId)
      .orderBy('shoe_no', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && shoeOf(row);
  }

  async insertShoe(
    this: LiveTablesRepository<Tx>,
    shoe: Pick<ShoeRecord, 'tableId' | 'shoeNo' | 'seed' | 'commitment' | 'decks' | 'cutIndex' | 'openedAt'>,
  ): Promise<ShoeRecord> {
    const row = await this.db
      .insertInto('live_shoes')
      .values({
        table_id: shoe.tableId,
        shoe_no: shoe.shoeNo,
        seed: shoe.seed,
        commitment: shoe.commitment,
        decks: shoe.decks,
        cut_index: shoe.cutIndex,
        opened_at: shoe.openedAt,
      })
      .returning(shoeColumns)
      .executeTakeFirstOrThrow();
    return shoeOf(row);
  }

  async advanceShoe(
    this: LiveTablesRepository<Tx>,
    shoeId: bigint,
    cardsDealt: number,
    revealedAt: Date | null,
  ): Promise<void> {
    await this.db
      .updateTable('live_shoes')
      .set((eb) => ({ cards_dealt: cardsDealt, rounds: eb('rounds', '+', 1), revealed_at: revealedAt }))
      .where('id', '=', shoeId)
      .execute();
  }

  async revealShoe(this: LiveTablesRepository<Tx>, shoeId: bigint, at: Date): Promise<void> {
    await this.db
      .updateTable('live_shoes')
      .set({ revealed_at: at })
      .where('id', '=', shoeId)
      .where('revealed_at', 'is', null)
      .execute();
  }

  // --- rounds ---

  async roundById(id: bigint): Promise<RoundRecord | undefined> {
    const row = await this.db
      .selectFrom('live_rounds')
      .select(roundColumns)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && roundOf(row);
  }

  async roundsById(ids: readonly bigint[]): Promise<Map<bigint, RoundRecord>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('live_rounds')
      .select(roundColumns)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, roundOf(row)]));
  }

  async insertRound(
    this: LiveTablesRepository<Tx>,
    round: Pick<RoundRecord, 'tableId' | 'shoeId' | 'roundNo' | 'openedAt' | 'bettingEndsAt'>,
  ): Promise<bigint> {
    const row = await this.db
      .insertInto('live_rounds')
      .values({
        table_id: round.tableId,
        shoe_id: round.shoeId,
        round_no: round.roundNo,
        phase: 'betting',
        opened_at: round.openedAt,
        betting_ends_at: round.bettingEndsAt,
        phase_ends_at: round.bettingEndsAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Moves a round from `from` to `to` (guarded: a second run, or another process, finds it moved and
   * changes nothing); a move to dealing writes the outcome and its cards. True when this call moved it.
   */
  async moveRound(
    this: LiveTablesRepository<Tx>,
    roundId: bigint,
    from: LivePhaseColumn,
    to: LivePhaseColumn,
    phaseEndsAt: Date,
    dealt?: { outcome: LiveOutcome; firstCard: number | null; cardCount: number | null; at: Date },
    resultAt?: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .updateTable('live_rounds')
      .set({
        phase: to,
        phase_ends_at: phaseEndsAt,
        ...(dealt
          ? {
              outcome: JSON.stringify(dealt.outcome),
              first_card: dealt.firstCard,
              card_count: dealt.cardCount,
              dealt_at: dealt.at,
            }
          : {}),
        // When the result came in (the phase's start; it ends at `phaseEndsAt`).
        ...(to === 'result' ? { settled_at: resultAt ?? phaseEndsAt } : {}),
      })
      .where('id', '=', roundId)
      .where('phase', '=', from)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** The table's latest rounds with a result (result or done), newest first. */
  async results(tableId: bigint, limit: number): Promise<RoundRecord[]> {
    const rows = await this.db
      .selectFrom('live_rounds')
      .select(roundColumns)
      .where('table_id', '=', tableId)
      .where('phase', 'in', ['result', 'done'])
      .orderBy('round_no', 'desc')
      .limit(limit)
      .execute();
    return rows.map(roundOf);
  }

  /** A shoe's rounds with a result, oldest first (the baccarat roads). */
  async shoeResults(shoeId: bigint): Promise<RoundRecord[]> {
    const rows = await this.db
      .selectFrom('live_rounds')
      .select(roundColumns)
      .where('shoe_id', '=', shoeId)
      .where('phase', 'in', ['result', 'done'])
      .orderBy('round_no')
      .execute();
    return rows.map(roundOf);
  }

  /** The round row locked for share: a bet is written only while it is still betting (the close waits). */
  async lockRoundForShare(this: LiveTablesRepository<Tx>, roundId: bigint): Promise<RoundRecord | undefined> {
    const row = await this.db
      .selectFrom('live_rounds')
      .select(roundColumns)
      .where('id', '=', roundId)
      .forShare()
      .executeTakeFirst();
    return row && roundOf(row);
  }

  // --- sessions, bets ---

  /** The brand of a wallet player id (the platform's member id). */
  async brandOfPlayer(playerRef: string): Promise<bigint | undefined> {
    if (!/^[1-9][0-9]{0,18}$/.test(playerRef)) return undefined;
    const member = await this.db
      .selectFrom('members')
      .select('brand_id')
      .where('id', '=', BigInt(playerRef))
      .executeTakeFirst();
    return member?.brand_id;
  }

  async sessionByTokenHash(tokenHash: string): Promise<LiveSession | undefined> {
    return this.#rounds.sessionByTokenHash('live_sessions', tokenHash);
  }

  #bets() {
    return this.db
      .selectFrom('live_bets as b')
      .innerJoin('live_tables as t', 't.id', 'b.table_id')
      .innerJoin('live_rounds as r', 'r.id', 'b.round_id')
      .select([
        'b.id',
        'b.table_id as tableId',
        't.code as tableCode',
        'b.round_id as roundId',
        'r.round_no as roundNo',
        'b.player_ref as playerRef',
        'b.wallet_session as walletSession',
        'b.request_hash as requestHash',
        'b.stake_minor as stakeMinor',
        'b.status',
        'b.payout_minor as payoutMinor',
        'b.created_at as createdAt',
        'b.finished_at as finishedAt',
      ]);
  }

  async betById(id: bigint): Promise<BetRecord | undefined> {
    return this.#bets().where('b.id', '=', id).executeTakeFirst();
  }

  async betByKey(playerRef: string, requestKey: string): Promise<BetRecord | undefined> {
    return this.#bets()
      .where('b.player_ref', '=', playerRef)
      .where('b.request_key', '=', requestKey)
      .executeTakeFirst();
  }

  async betsOf(
    playerRef: string,
    filter: { tableId?: bigint | undefined; roundId?: bigint | undefined },
    limit: number,
  ): Promise<BetRecord[]> {
    let query = this.#bets()
      .where('b.player_ref', '=', playerRef)
      .where('b.status', 'in', ['placed', 'settled']);
    if (filter.tableId !== undefined) query = query.where('b.table_id', '=', filter.tableId);
    if (filter.roundId !== undefined) query = query.where('b.round_id', '=', filter.roundId);
    return query.orderBy('b.id', 'desc').limit(limit).execute();
  }

  async spotsOf(betIds: readonly bigint[]): Promise<Map<bigint, SpotRecord[]>> {
    const spots = new Map<bigint, SpotRecord[]>();
    if (betIds.length === 0) return spots;
    const rows = await this.db
      .selectFrom('live_bet_spots')
      .select([
        'bet_id as betId',
        'spot_no as spotNo',
        'spot',
        'amount_minor as amountMinor',
        'pay_minor as payMinor',
      ])
      .where('bet_id', 'in', betIds)
      .orderBy('bet_id')
      .orderBy('spot_no')
      .execute();
    for (const row of rows) {
      const list = spots.get(row.betId) ?? [];
      list.push(row);
      spots.set(row.betId, list);
    }
    return spots;
  }

  async insertBet(
    this: LiveTablesRepository<Tx>,
    bet: {
      tableId: bigint;
      roundId: bigint;
      playerRef: string;
      sessionId: bigint;
      walletSession: string;
      requestKey: string;
      requestHash: string;
      stakeMinor: bigint;
      createdAt: Date;
    },
    spots: readonly { spot: string; amountMinor: bigint }[],
  ): Promise<bigint> {
    const row = await this.db
      .insertInto('live_bets')
      .values({
        table_id: bet.tableId,
        round_id: bet.roundId,
        player_ref: bet.playerRef,
        session_id: bet.sessionId,
        wallet_session: bet.walletSession,
        request_key: bet.requestKey,
        request_hash: bet.requestHash,
        stake_minor: bet.stakeMinor,
        created_at: bet.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('live_bet_spots')
      .values(
        spots.map((spot, index) => ({
          bet_id: row.id,
          spot_no: index + 1,
          spot: spot.spot,
          amount_minor: spot.amountMinor,
        })),
      )
      .execute();
    return row.id;
  }

  /** Adds a spot's amount to the player's sum on it in the round, only while it stays within `maxMinor`. */
  async addExposure(
    this: LiveTablesRepository<Tx>,
    roundId: bigint,
    playerRef: string,
    spot: string,
    amountMinor: bigint,
    maxMinor: bigint,
  ): Promise<boolean> {
    const key = { round_id: roundId, player_ref: playerRef, spot };
    return this.#rounds.addExposure('live_exposure', key, amountMinor, maxMinor);
  }

  /** Takes a bet that stands for nothing (refused, void) back out of its round's sums. */
  async releaseExposure(this: LiveTablesRepository<Tx>, bet: BetRecord): Promise<void> {
    const spots = (await this.spotsOf([bet.id])).get(bet.id) ?? [];
    for (const spot of [...spots].sort((a, b) => (a.spot < b.spot ? -1 : 1))) {
      const key = { round_id: bet.roundId, player_ref: bet.playerRef, spot: spot.spot };
      await this.#rounds.releaseExposure('live_exposure', key, spot.amountMinor);
    }
  }

  async moveBet(
    this: LiveTablesRepository<Tx>,
    betId: bigint,
    from: LiveBetStatusColumn,
    to: LiveBetStatusColumn,
    at: Date,
    extra: { refusal?: string; payoutMinor?: bigint } = {},
  ): Promise<boolean> {
    return this.#rounds.moveRound('live_bets', betId, from, to, at, {
      ...(extra.refusal === undefined ? {} : { refusal: extra.refusal }),
      ...(extra.payoutMinor === undefined ? {} : { payout_minor: extra.payoutMinor }),
    });
  }

  async setSpotPays(
    this: LiveTablesRepository<Tx>,
    betId: bigint,
    pays: readonly { lineNo: number; pay_minor: bigint | null }[],
  ): Promise<void> {
    await this.#rounds.setLines('live_bet_spots', betId, pays);
  }

  /** Placed bets of rounds whose result is in (result or done), oldest first. */
  async decidedBets(limit: number): Promise<BetRecord[]> {
    return this.#bets()
      .where('b.status', '=', 'placed')
      .where('r.phase', 'in', ['result', 'done'])
      .orderBy('b.id')
      .limit(limit)
      .execute();
  }

  /** Pending bets written before `before`: their debit's answer was lost (rolled back by the cycle). */
  async stalePending(before: Date, limit: number): Promise<BetRecord[]> {
    return this.#bets()
      .where('b.id', 'in', stalePendingIds('live_bets', before, limit))
      .orderBy('b.id')
      .execute();
  }

  /** What the wallet said when it refused the bet's debit (null: not refused). */
  async refusalOf(betId: bigint): Promise<string | null> {
    const row = await this.db
      .selectFrom('live_bets')
      .select('refusal')
      .where('id', '=', betId)
      .executeTakeFirst();
    return row?.refusal ?? null;
  }

  /** Bets of a round by status (tests and the verify page's count). */
  async roundBetCount(roundId: bigint): Promise<number> {
    const row = await this.db
      .selectFrom('live_bets')
      .select(sql<string>`count(*)`.as('n'))
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
