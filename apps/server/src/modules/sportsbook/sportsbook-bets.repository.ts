import type {
  SbBetStatusColumn,
  SbEventStatusColumn,
  SbMarketStatusColumn,
  SbNamesColumn,
  SbOutcomeColumn,
  SbSportColumn,
} from '../../db/tables/sportsbook.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import {
  type BookSession,
  InhouseRoundsRepository,
  stalePendingIds,
} from '../inhouse-vendor/inhouse-rounds.repository.ts';

/** The SQL of the betting part (docs/sportsbook.md "Bets through the protocol"): sessions, bets, exposure. */

export type SportsSession = BookSession;

/** A selection as placement and cash-out read it: its market's and event's state with it. */
export type LegState = {
  selectionId: bigint;
  selKey: string;
  oddsMilli: number;
  probPpm: number;
  active: boolean;
  outcome: SbOutcomeColumn | null;
  deadHeatMilli: number | null;
  marketId: bigint;
  marketStatus: SbMarketStatusColumn;
  version: number;
  suspendedUntil: Date | null;
  minOddsMilli: number;
  maxStakeMinor: bigint;
  marketMaxLiabilityMinor: bigint;
  eventId: bigint;
  brandId: bigint;
  sport: SbSportColumn;
  eventStatus: SbEventStatusColumn;
  betDelayMs: number;
  eventMaxLiabilityMinor: bigint;
};

export type NewLeg = {
  legNo: number;
  eventId: bigint;
  marketId: bigint;
  selectionId: bigint;
  selKey: string;
  oddsMilli: number;
  marketVersion: number;
};

export type BetRecord = {
  id: bigint;
  brandId: bigint;
  playerRef: string;
  walletSession: string;
  requestId: string;
  kind: 'single' | 'multi';
  stakeMinor: bigint;
  oddsMilli: bigint;
  potentialReturnMinor: bigint;
  acceptRule: 'any' | 'higher' | 'none';
  inPlay: boolean;
  status: SbBetStatusColumn;
  refusal: string | null;
  payoutMinor: bigint | null;
  cashoutMinor: bigint | null;
  createdAt: Date;
  placedAt: Date | null;
  finishedAt: Date | null;
};

/** A leg with what the views, the settlement and the cash-out need (its market's and event's state). */
export type LegRecord = {
  betId: bigint;
  legNo: number;
  eventId: bigint;
  sport: SbSportColumn;
  home: SbNamesColumn;
  away: SbNamesColumn;
  eventStatus: SbEventStatusColumn;
  marketId: bigint;
  marketType: string;
  param: string;
  lineMilli: number;
  marketStatus: SbMarketStatusColumn;
  version: number;
  suspendedUntil: Date | null;
  selectionId: bigint;
  selKey: string;
  selectionName: SbNamesColumn;
  selectionActive: boolean;
  probPpm: number;
  /** The selection's result now (the market's, possibly corrected). */
  selectionOutcome: SbOutcomeColumn | null;
  selectionDeadHeatMilli: number | null;
  oddsMilli: number;
  marketVersion: number;
  /** The outcome recorded on the leg when the bet settled. */
  outcome: SbOutcomeColumn | null;
  deadHeatMilli: number | null;
};

const betColumns = [
  'id',
  'brand_id as brandId',
  'player_ref as playerRef',
  'wallet_session as walletSession',
  'request_id as requestId',
  'kind',
  'stake_minor as stakeMinor',
  'odds_milli as oddsMilli',
  'potential_return_minor as potentialReturnMinor',
  'accept_rule as acceptRule',
  'in_play as inPlay',
  'status',
  'refusal',
  'payout_minor as payoutMinor',
  'cashout_minor as cashoutMinor',
  'created_at as createdAt',
  'placed_at as placedAt',
  'finished_at as finishedAt',
] as const;

/** Bet statuses of "my bets" tabs: open = still standing, settled = finished with money moved or returned. */
const OPEN_STATUSES: SbBetStatusColumn[] = ['pending', 'placed'];
const SETTLED_STATUSES: SbBetStatusColumn[] = ['settled', 'cashed_out', 'refunded', 'voided'];

export class SportsBetsRepository<E extends Executor = Executor> extends Repository<E> {
  /** The round plumbing shared with the lottery engine, on this repository's executor. */
  readonly #rounds: InhouseRoundsRepository<E> = new InhouseRoundsRepository(this.db);

  #legStates() {
    return this.db
      .selectFrom('sb_selections as s')
      .innerJoin('sb_markets as m', 'm.id', 's.market_id')
      .innerJoin('sb_events as e', 'e.id', 'm.event_id')
      .select([
        's.id as selectionId',
        's.sel_key as selKey',
        's.odds_milli as oddsMilli',
        's.prob_ppm as probPpm',
        's.active',
        's.outcome',
        's.dead_heat_milli as deadHeatMilli',
        'm.id as marketId',
        'm.status as marketStatus',
        'm.version',
        'm.suspended_until as suspendedUntil',
        'm.min_odds_milli as minOddsMilli',
        'm.max_stake_minor as maxStakeMinor',
        'm.max_liability_minor as marketMaxLiabilityMinor',
        'e.id as eventId',
        'e.brand_id as brandId',
        'e.sport',
        'e.status as eventStatus',
        'e.bet_delay_ms as betDelayMs',
        'e.max_liability_minor as eventMaxLiabilityMinor',
      ]);
  }

  /** The selections' current state, in the order asked (a missing id is left out). */
  async legStates(selectionIds: bigint[]): Promise<LegState[]> {
    if (selectionIds.length === 0) return [];
    const rows = await this.#legStates().where('s.id', 'in', selectionIds).execute();
    const byId = new Map(rows.map((row) => [row.selectionId, row]));
    return selectionIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ ...row, suspendedUntil: row.suspendedUntil && new Date(row.suspendedUntil) }] : [];
    });
  }

  /**
   * The markets `FOR SHARE`, in id order (one lock order for every writer): bets on them go in together,
   * an operator's suspend or the feed's price change (`FOR UPDATE`, an UPDATE) waits for them and they for it.
   */
  async lockMarketsForShare(this: SportsBetsRepository<Tx>, marketIds: bigint[]): Promise<void> {
    const ids = [...new Set(marketIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (ids.length === 0) return;
    await this.db
      .selectFrom('sb_markets')
      .select('id')
      .where('id', 'in', ids)
      .orderBy('id')
      .forShare()
      .execute();
  }

  async insertBet(
    this: SportsBetsRepository<Tx>,
    bet: {
      brandId: bigint;
      playerRef: string;
      sessionId: bigint;
      walletSession: string;
      requestId: string;
      kind: 'single' | 'multi';
      stakeMinor: bigint;
      oddsMilli: bigint;
      potentialReturnMinor: bigint;
      acceptRule: 'any' | 'higher' | 'none';
      inPlay: boolean;
      createdAt: Date;
    },
    legs: NewLeg[],
  ): Promise<bigint> {
    const row = await this.db
      .insertInto('sb_bets')
      .values({
        brand_id: bet.brandId,
        player_ref: bet.playerRef,
        session_id: bet.sessionId,
        wallet_session: bet.walletSession,
        request_id: bet.requestId,
        kind: bet.kind,
        stake_minor: bet.stakeMinor,
        odds_milli: bet.oddsMilli,
        potential_return_minor: bet.potentialReturnMinor,
        accept_rule: bet.acceptRule,
        in_play: bet.inPlay,
        created_at: bet.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('sb_bet_legs')
      .values(
        legs.map((leg) => ({
          bet_id: row.id,
          leg_no: leg.legNo,
          event_id: leg.eventId,
          market_id: leg.marketId,
          selection_id: leg.selectionId,
          odds_milli: leg.oddsMilli,
          market_version: leg.marketVersion,
        })),
      )
      .execute();
    return row.id;
  }

  /** Adds to a selection's exposure within `maxMinor` (one conditional upsert). False when it would pass. */
  async addExposure(
    this: SportsBetsRepository<Tx>,
    marketId: bigint,
    selKey: string,
    amountMinor: bigint,
    maxMinor: bigint,
  ): Promise<boolean> {
    const key = { market_id: marketId, sel_key: selKey };
    return this.#rounds.addExposure('sb_exposure', key, amountMinor, maxMinor);
  }

  /** The event's side of the exposure, by the same kind of conditional upsert. */
  async addEventExposure(
    this: SportsBetsRepository<Tx>,
    eventId: bigint,
    amountMinor: bigint,
    maxMinor: bigint,
  ): Promise<boolean> {
    return this.#rounds.addExposure('sb_event_exposure', { event_id: eventId }, amountMinor, maxMinor);
  }

  /**
   * Takes a bet's legs back out of the exposure (it stands for nothing any more: refused, void, settled,
   * cashed out, refunded, voided). Called only by the caller that moved the bet's status, so once per bet.
   */
  async releaseExposure(this: SportsBetsRepository<Tx>, betId: bigint): Promise<void> {
    const bet = await this.db
      .selectFrom('sb_bets')
      .select('potential_return_minor')
      .where('id', '=', betId)
      .executeTakeFirstOrThrow();
    const amount = bet.potential_return_minor;
    const legs = await this.db
      .selectFrom('sb_bet_legs as l')
      .innerJoin('sb_selections as s', 's.id', 'l.selection_id')
      .select(['l.market_id as marketId', 's.sel_key as selKey', 'l.event_id as eventId'])
      .where('l.bet_id', '=', betId)
      .execute();
    // In placement's lock order: selections by (market, key), then events by id.
    legs.sort((a, b) =>
      a.marketId === b.marketId ? a.selKey.localeCompare(b.selKey) : a.marketId < b.marketId ? -1 : 1,
    );
    for (const leg of legs) {
      const key = { market_id: leg.marketId, sel_key: leg.selKey };
      await this.#rounds.releaseExposure('sb_exposure', key, amount);
    }
    const events = [...new Set(legs.map((leg) => leg.eventId))].sort((a, b) => (a < b ? -1 : 1));
    for (const eventId of events) {
      await this.#rounds.releaseExposure('sb_event_exposure', { event_id: eventId }, amount);
    }
  }

  /**
   * Moves a bet from `from` to `to` (guarded: a second run, or another process, finds it moved and changes
   * nothing). True when this call moved it.
   */
  async moveBet(
    this: SportsBetsRepository<Tx>,
    betId: bigint,
    from: SbBetStatusColumn,
    to: SbBetStatusColumn,
    at: Date,
    extra: {
      refusal?: string;
      payoutMinor?: bigint | null;
      cashoutMinor?: bigint;
      voidReason?: string;
      voidedBy?: string;
    } = {},
  ): Promise<boolean> {
    return this.#rounds.moveRound('sb_bets', betId, from, to, at, {
      refusal: extra.refusal,
      payout_minor: extra.payoutMinor,
      cashout_minor: extra.cashoutMinor,
      void_reason: extra.voidReason,
      voided_by: extra.voidedBy,
    });
  }

  /** Each leg's outcome, in one statement for the bet. */
  async setLegOutcomes(
    this: SportsBetsRepository<Tx>,
    betId: bigint,
    outcomes: { legNo: number; outcome: SbOutcomeColumn; deadHeatMilli: number | null }[],
  ): Promise<void> {
    const legs = outcomes.map((leg) => ({
      lineNo: leg.legNo,
      outcome: leg.outcome,
      dead_heat_milli: leg.deadHeatMilli,
    }));
    await this.#rounds.setLines('sb_bet_legs', betId, legs);
  }

  async betById(betId: bigint): Promise<BetRecord | undefined> {
    return this.db.selectFrom('sb_bets').select(betColumns).where('id', '=', betId).executeTakeFirst();
  }

  /** The bet row `FOR UPDATE` (an operator's void or a correction works on it alone). */
  async lockBet(this: SportsBetsRepository<Tx>, betId: bigint): Promise<BetRecord | undefined> {
    return this.db
      .selectFrom('sb_bets')
      .select(betColumns)
      .where('id', '=', betId)
      .forUpdate()
      .executeTakeFirst();
  }

  async betByRequest(playerRef: string, requestId: string): Promise<BetRecord | undefined> {
    return this.db
      .selectFrom('sb_bets')
      .select(betColumns)
      .where('player_ref', '=', playerRef)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  /** A player's bets, newest first, `limit` of them below `cursor` (a bet id). */
  async betsOf(
    playerRef: string,
    query: { status: 'open' | 'settled' | 'all'; before: bigint | null; limit: number },
  ): Promise<BetRecord[]> {
    let select = this.db.selectFrom('sb_bets').select(betColumns).where('player_ref', '=', playerRef);
    if (query.status === 'open') select = select.where('status', 'in', OPEN_STATUSES);
    if (query.status === 'settled') select = select.where('status', 'in', SETTLED_STATUSES);
    if (query.before !== null) select = select.where('id', '<', query.before);
    return select.orderBy('id', 'desc').limit(query.limit).execute();
  }

  async legsOf(betIds: bigint[]): Promise<Map<bigint, LegRecord[]>> {
    const legs = new Map<bigint, LegRecord[]>();
    if (betIds.length === 0) return legs;
    const rows = await this.db
      .selectFrom('sb_bet_legs as l')
      .innerJoin('sb_selections as s', 's.id', 'l.selection_id')
      .innerJoin('sb_markets as m', 'm.id', 'l.market_id')
      .innerJoin('sb_events as e', 'e.id', 'l.event_id')
      .select([
        'l.bet_id as betId',
        'l.leg_no as legNo',
        'e.id as eventId',
        'e.sport',
        'e.home',
        'e.away',
        'e.status as eventStatus',
        'm.id as marketId',
        'm.market_type as marketType',
        'm.param',
        'm.line_milli as lineMilli',
        'm.status as marketStatus',
        'm.version',
        'm.suspended_until as suspendedUntil',
        's.id as selectionId',
        's.sel_key as selKey',
        's.name as selectionName',
        's.active as selectionActive',
        's.prob_ppm as probPpm',
        's.outcome as selectionOutcome',
        's.dead_heat_milli as selectionDeadHeatMilli',
        'l.odds_milli as oddsMilli',
        'l.market_version as marketVersion',
        'l.outcome',
        'l.dead_heat_milli as deadHeatMilli',
      ])
      .where('l.bet_id', 'in', betIds)
      .orderBy('l.bet_id')
      .orderBy('l.leg_no')
      .execute();
    for (const row of rows) {
      const list = legs.get(row.betId) ?? [];
      list.push({ ...row, suspendedUntil: row.suspendedUntil && new Date(row.suspendedUntil) });
      legs.set(row.betId, list);
    }
    return legs;
  }

  /** Pending bets written before `before`: their debit's answer was lost (rolled back by the job). */
  async stalePending(before: Date, limit: number): Promise<BetRecord[]> {
    return this.db
      .selectFrom('sb_bets')
      .select(betColumns)
      .where('id', 'in', stalePendingIds('sb_bets', before, limit))
      .orderBy('id')
      .execute();
  }

  /**
   * Placed bets every leg of which is decided: its market resulted or void, or its event cancelled. A bet
   * with an accepted cash-out quote is the cash-out's to finish (see `acceptedCashouts`), never settled.
   */
  async decidedBets(limit: number): Promise<BetRecord[]> {
    return this.db
      .selectFrom('sb_bets as b')
      .select(betColumns.map((column) => `b.${column}` as const))
      .where('b.status', '=', 'placed')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sb_bet_legs as l')
              .innerJoin('sb_markets as m', 'm.id', 'l.market_id')
              .innerJoin('sb_events as e', 'e.id', 'l.event_id')
              .select('l.leg_no')
              .whereRef('l.bet_id', '=', 'b.id')
              .where('m.status', 'not in', ['resulted', 'void'])
              .where('e.status', '<>', 'cancelled'),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sb_cashout_quotes as q')
              .select('q.id')
              .whereRef('q.bet_id', '=', 'b.id')
              .where('q.accepted_at', 'is not', null),
          ),
        ),
      )
      .orderBy('b.id')
      .limit(limit)
      .execute();
  }

  /** Placed bets whose cash-out was accepted but not yet recorded (its credit's answer was lost). */
  async acceptedCashouts(limit: number): Promise<(BetRecord & { quoteId: bigint; valueMinor: bigint })[]> {
    return this.db
      .selectFrom('sb_bets as b')
      .innerJoin('sb_cashout_quotes as q', 'q.bet_id', 'b.id')
      .select([
        ...betColumns.map((column) => `b.${column}` as const),
        'q.id as quoteId',
        'q.value_minor as valueMinor',
      ])
      .where('b.status', '=', 'placed')
      .where('q.accepted_at', 'is not', null)
      .orderBy('b.id')
      .limit(limit)
      .execute();
  }

  async insertQuote(
    this: SportsBetsRepository<Tx>,
    quote: { betId: bigint; valueMinor: bigint; versions: Record<string, number>; expiresAt: Date; at: Date },
  ): Promise<bigint> {
    const row = await this.db
      .insertInto('sb_cashout_quotes')
      .values({
        bet_id: quote.betId,
        value_minor: quote.valueMinor,
        versions: JSON.stringify(quote.versions),
        expires_at: quote.expiresAt,
        created_at: quote.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async quoteById(quoteId: bigint) {
    return this.db
      .selectFrom('sb_cashout_quotes')
      .select([
        'id',
        'bet_id as betId',
        'value_minor as valueMinor',
        'versions',
        'expires_at as expiresAt',
        'accepted_at as acceptedAt',
      ])
      .where('id', '=', quoteId)
      .executeTakeFirst();
  }

  /** Marks the quote accepted unless the bet already has an accepted one (a twin request lost the race). */
  async acceptQuote(
    this: SportsBetsRepository<Tx>,
    quoteId: bigint,
    betId: bigint,
    at: Date,
  ): Promise<boolean> {
    const taken = await this.db
      .selectFrom('sb_cashout_quotes')
      .select('id')
      .where('bet_id', '=', betId)
      .where('accepted_at', 'is not', null)
      .executeTakeFirst();
    if (taken) return false;
    const result = await this.db
      .updateTable('sb_cashout_quotes')
      .set({ accepted_at: at })
      .where('id', '=', quoteId)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * The brand of the player a session stands for (the protocol's player id is the member id): a player bets
   * only on the events of the brand whose wallet pays the bet.
   */
  async brandOfPlayer(playerRef: string): Promise<bigint | undefined> {
    if (!/^[1-9][0-9]{0,18}$/.test(playerRef)) return undefined;
    const row = await this.db
      .selectFrom('members')
      .select('brand_id')
      .where('id', '=', BigInt(playerRef))
      .executeTakeFirst();
    return row?.brand_id;
  }

  /** The id of a vendor's catalogue game in a brand (the `/fbsports` launch names it). */
  async catalogueGameId(brandId: bigint, vendorCode: string, gameCode: string): Promise<bigint | undefined> {
    const row = await this.db
      .selectFrom('games')
      .innerJoin('vendors', 'vendors.id', 'games.vendor_id')
      .select('games.id')
      .where('games.brand_id', '=', brandId)
      .where('vendors.vassalage', '=', vendorCode)
      .where('games.game_code', '=', gameCode)
      .executeTakeFirst();
    return row?.id;
  }

  /** The markets' versions, status and suspension now (under the caller's lock). */
  async marketsNow(marketIds: bigint[]) {
    if (marketIds.length === 0) return [];
    return this.db
      .selectFrom('sb_markets')
      .select(['id', 'status', 'version', 'suspended_until as suspendedUntil'])
      .where('id', 'in', marketIds)
      .execute();
  }
}
