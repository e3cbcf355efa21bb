import type { MarketType, SportCode } from '@lotus/shared/sportsbook.schema';
import { sql } from 'kysely';
import type { SbFeedColumn, SbOutcomeColumn } from '../../db/tables/sportsbook.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import type { FeedTimelineItem, RunningEvent, StoredMarket } from './sportsbook-feed.ts';

/**
 * The feed part's rows (docs/sportsbook.md "Trading feed"). The tick's writes are batched: each kind of
 * change is ONE statement over a JSON list (`jsonb_to_recordset`), whatever the number of events, so a
 * tick costs a handful of statements, not one per market (it runs every second, PGlite in-process too).
 */

export type NewEventRow = {
  brandId: bigint;
  competitionId: bigint;
  sport: SportCode;
  format: string;
  home: string;
  away: string;
  startsAt: Date;
  feed: SbFeedColumn;
  feedRef: string;
  model: string;
  score: string;
  betDelayMs: number;
  maxLiabilityMinor: bigint;
};

export type NewMarketRow = {
  eventId: bigint;
  type: string;
  param: string;
  lineMilli: number;
  status: 'open' | 'suspended';
  inPlay: boolean;
  marginBp: number;
  minOddsMilli: number;
  maxStakeMinor: bigint;
  maxLiabilityMinor: bigint;
  suspendedUntil: Date | null;
  sort: number;
  selections: {
    key: string;
    name: string;
    oddsMilli: number;
    probPpm: number;
    active: boolean;
    sort: number;
  }[];
};

export type PriceChange = { id: bigint; oddsMilli: number; probPpm: number; active: boolean };
export type ResultChange = {
  id: bigint;
  marketId: bigint;
  outcome: SbOutcomeColumn;
  deadHeatMilli: number | null;
};

const json = (rows: unknown) =>
  JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));

export class SportsbookFeedRepository<E extends Executor = Executor> extends Repository<E> {
  /** Enabled competitions with these codes, in every brand. */
  competitions(codes: readonly string[]) {
    if (codes.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sb_competitions')
      .select(['id', 'brand_id', 'code', 'sport'])
      .where('code', 'in', [...codes])
      .where('enabled', '=', true)
      .execute();
  }

  /** Which of these (brand, feed ref) pairs exist already. */
  async existingRefs(feed: SbFeedColumn, refs: readonly string[]): Promise<Set<string>> {
    if (refs.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('sb_events')
      .select(['brand_id', 'feed_ref'])
      .where('feed', '=', feed)
      .where('feed_ref', 'in', [...refs])
      .execute();
    return new Set(rows.map((row) => `${row.brand_id}:${row.feed_ref}`));
  }

  /** Inserts events, skipping a (brand, feed, feed ref) that exists; answers the ones inserted. */
  async insertEvents(this: SportsbookFeedRepository<Tx>, rows: readonly NewEventRow[]) {
    if (rows.length === 0) return [];
    return this.db
      .insertInto('sb_events')
      .values(
        rows.map((row) => ({
          brand_id: row.brandId,
          competition_id: row.competitionId,
          sport: row.sport,
          format: row.format,
          home: row.home,
          away: row.away,
          starts_at: row.startsAt,
          feed: row.feed,
          feed_ref: row.feedRef,
          model: row.model,
          score: row.score,
          bet_delay_ms: row.betDelayMs,
          max_liability_minor: row.maxLiabilityMinor,
        })),
      )
      .onConflict((conflict) => conflict.columns(['brand_id', 'feed', 'feed_ref']).doNothing())
      .returning(['id', 'brand_id', 'feed_ref'])
      .execute();
  }

  /** Inserts markets and their selections: two statements for any number of markets. */
  async insertMarkets(this: SportsbookFeedRepository<Tx>, rows: readonly NewMarketRow[]): Promise<void> {
    if (rows.length === 0) return;
    const inserted = await this.db
      .insertInto('sb_markets')
      .values(
        rows.map((row) => ({
          event_id: row.eventId,
          market_type: row.type,
          param: row.param,
          line_milli: row.lineMilli,
          status: row.status,
          in_play: row.inPlay,
          margin_bp: row.marginBp,
          min_odds_milli: row.minOddsMilli,
          max_stake_minor: row.maxStakeMinor,
          max_liability_minor: row.maxLiabilityMinor,
          suspended_until: row.suspendedUntil,
          sort: row.sort,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['event_id', 'market_type', 'param', 'line_milli']).doNothing(),
      )
      .returning(['id', 'event_id', 'market_type', 'param', 'line_milli'])
      .execute();
    const byKey = new Map(
      rows.map((row) => [`${row.eventId}|${row.type}|${row.param}|${row.lineMilli}`, row]),
    );
    const selections = inserted.flatMap((market) => {
      const row = byKey.get(`${market.event_id}|${market.market_type}|${market.param}|${market.line_milli}`);
      return (row?.selections ?? []).map((selection) => ({
        market_id: market.id,
        sel_key: selection.key,
        name: selection.name,
        odds_milli: selection.oddsMilli,
        prob_ppm: selection.probPpm,
        active: selection.active,
        sort: selection.sort,
      }));
    });
    if (selections.length > 0) await this.db.insertInto('sb_selections').values(selections).execute();
  }

  /**
   * The events a feed runs now (live, or scheduled and due), locked so a dev advance and the job never
   * play one event at once (a locked one is skipped this tick).
   */
  async running(this: SportsbookFeedRepository<Tx>, feed: SbFeedColumn, now: Date): Promise<RunningEvent[]> {
    const rows = await this.db
      .selectFrom('sb_events')
      .select(['id', 'feed_ref', 'sport', 'format', 'status', 'starts_at', 'model'])
      .where('feed', '=', feed)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'live'),
          eb.and([eb('status', '=', 'scheduled'), eb('starts_at', '<=', now)]),
        ]),
      )
      .orderBy('id')
      .forUpdate()
      .skipLocked()
      .execute();
    return rows.map((row) => ({
      id: row.id,
      feedRef: row.feed_ref,
      sport: row.sport,
      format: row.format,
      status: row.status as 'scheduled' | 'live',
      startsAt: row.starts_at,
      model: row.model,
    }));
  }

  /** One event, locked (a dev advance). */
  async eventForPlay(this: SportsbookFeedRepository<Tx>, eventId: bigint) {
    return this.db
      .selectFrom('sb_events')
      .select(['id', 'feed', 'feed_ref', 'sport', 'format', 'status', 'starts_at', 'model'])
      .where('id', '=', eventId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** One market, locked (an operator's action, a dev nudge). */
  async marketForUpdate(this: SportsbookFeedRepository<Tx>, marketId: bigint) {
    return this.db
      .selectFrom('sb_markets as m')
      .innerJoin('sb_events as e', 'e.id', 'm.event_id')
      .select([
        'm.id',
        'm.event_id',
        'm.status',
        'm.version',
        'm.suspended_until',
        'e.brand_id',
        'e.status as event_status',
      ])
      .where('m.id', '=', marketId)
      .forUpdate('m')
      .executeTakeFirst();
  }

  /** An operator's market action: the new status, a new version; an operator's suspension has no end. */
  async setMarketStatus(
    this: SportsbookFeedRepository<Tx>,
    marketId: bigint,
    status: 'open' | 'suspended' | 'closed',
  ): Promise<number> {
    const row = await this.db
      .updateTable('sb_markets')
      .set({ status, suspended_until: null, version: sql`version + 1` })
      .where('id', '=', marketId)
      .returning('version')
      .executeTakeFirstOrThrow();
    return row.version;
  }

  /** The markets (with selections) of these events: two reads for any number of events. */
  async markets(eventIds: readonly bigint[]): Promise<Map<bigint, StoredMarket[]>> {
    const result = new Map<bigint, StoredMarket[]>();
    if (eventIds.length === 0) return result;
    const markets = await this.db
      .selectFrom('sb_markets')
      .select([
        'id',
        'event_id',
        'market_type',
        'param',
        'line_milli',
        'status',
        'in_play',
        'margin_bp',
        'version',
        'suspended_until',
      ])
      .where('event_id', 'in', [...eventIds])
      .orderBy('event_id')
      .orderBy('sort')
      .execute();
    if (markets.length === 0) return result;
    const selections = await this.db
      .selectFrom('sb_selections')
      .select(['id', 'market_id', 'sel_key', 'odds_milli', 'prob_ppm', 'active'])
      .where(
        'market_id',
        'in',
        markets.map((market) => market.id),
      )
      .orderBy('market_id')
      .orderBy('sort')
      .execute();
    const byMarket = new Map<bigint, StoredMarket['selections']>();
    for (const row of selections) {
      const list = byMarket.get(row.market_id) ?? [];
      list.push({
        id: row.id,
        key: row.sel_key,
        oddsMilli: row.odds_milli,
        probPpm: row.prob_ppm,
        active: row.active,
      });
      byMarket.set(row.market_id, list);
    }
    for (const row of markets) {
      const list = result.get(row.event_id) ?? [];
      list.push({
        id: row.id,
        type: row.market_type as MarketType,
        param: row.param,
        lineMilli: row.line_milli,
        status: row.status,
        inPlay: row.in_play,
        marginBp: row.margin_bp,
        version: row.version,
        suspendedUntil: row.suspended_until,
        selections: byMarket.get(row.id) ?? [],
      });
      result.set(row.event_id, list);
    }
    return result;
  }

  /** Reopens every market whose in-play suspension is over (an operator's suspension has no end: kept). */
  async liftSuspensions(this: SportsbookFeedRepository<Tx>, now: Date): Promise<void> {
    await this.db
      .updateTable('sb_markets')
      .set({ status: 'open', suspended_until: null, version: sql`version + 1` })
      .where('status', '=', 'suspended')
      .where('suspended_until', 'is not', null)
      .where('suspended_until', '<=', now)
      .execute();
  }

  /** Events kicking off: live, and their open markets now in play. */
  async goLive(this: SportsbookFeedRepository<Tx>, ids: readonly bigint[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('sb_events')
      .set({ status: 'live', started_at: now })
      .where('id', 'in', [...ids])
      .where('status', '=', 'scheduled')
      .execute();
    await this.db
      .updateTable('sb_markets')
      .set({ in_play: true })
      .where('event_id', 'in', [...ids])
      .where('status', 'in', ['open', 'suspended'])
      .execute();
  }

  /** The feed's state and the public score of many events, in one statement. */
  async saveStates(
    this: SportsbookFeedRepository<Tx>,
    rows: readonly { id: bigint; model: unknown; score: unknown | undefined }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const list = rows.map((row) => ({ id: row.id, model: row.model ?? null, score: row.score ?? null }));
    await sql`update sb_events as e
      set model = coalesce(v.model, e.model), score = coalesce(v.score, e.score)
      from jsonb_to_recordset(${json(list)}::jsonb) as v(id bigint, model jsonb, score jsonb)
      where e.id = v.id`.execute(this.db);
  }

  /** Appends timeline items after each event's last one. */
  async appendTimeline(
    this: SportsbookFeedRepository<Tx>,
    items: readonly (FeedTimelineItem & { eventId: bigint })[],
  ): Promise<void> {
    if (items.length === 0) return;
    const ids = [...new Set(items.map((item) => item.eventId))];
    const last = await this.db
      .selectFrom('sb_timeline')
      .select(['event_id', sql<number>`max(seq)`.as('seq')])
      .where('event_id', 'in', ids)
      .groupBy('event_id')
      .execute();
    const seqOf = new Map(last.map((row) => [row.event_id, Number(row.seq)]));
    await this.db
      .insertInto('sb_timeline')
      .values(
        items.map((item) => {
          const seq = (seqOf.get(item.eventId) ?? 0) + 1;
          seqOf.set(item.eventId, seq);
          return {
            event_id: item.eventId,
            seq,
            at: item.at,
            clock: item.clock.slice(0, 16),
            kind: item.kind,
            side: item.side,
            detail: JSON.stringify(item.detail),
          };
        }),
      )
      .execute();
  }

  /** New prices of selections (one statement). */
  async reprice(this: SportsbookFeedRepository<Tx>, changes: readonly PriceChange[]): Promise<void> {
    if (changes.length === 0) return;
    await sql`update sb_selections as s
      set odds_milli = v.odds, prob_ppm = v.prob, active = v.active
      from jsonb_to_recordset(${json(changes.map((c) => ({ id: c.id, odds: c.oddsMilli, prob: c.probPpm, active: c.active })))}::jsonb)
        as v(id bigint, odds integer, prob integer, active boolean)
      where s.id = v.id`.execute(this.db);
  }

  /** A new version of markets whose prices changed (the trigger announces their events). */
  async bump(this: SportsbookFeedRepository<Tx>, marketIds: readonly bigint[]): Promise<void> {
    if (marketIds.length === 0) return;
    await this.db
      .updateTable('sb_markets')
      .set({ version: sql`version + 1` })
      .where('id', 'in', [...marketIds])
      .where('status', 'in', ['open', 'suspended', 'closed'])
      .execute();
  }

  /** In-play suspensions after a key happening: open markets (or ones the feed suspended) until `until`. */
  async suspend(
    this: SportsbookFeedRepository<Tx>,
    rows: readonly { id: bigint; until: Date }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await sql`update sb_markets as m
      set status = 'suspended', suspended_until = v.until, version = m.version + 1
      from jsonb_to_recordset(${json(rows.map((r) => ({ id: r.id, until: r.until.toISOString() })))}::jsonb)
        as v(id bigint, until timestamptz)
      where m.id = v.id
        and (m.status = 'open' or (m.status = 'suspended' and m.suspended_until is not null and m.suspended_until < v.until))`.execute(
      this.db,
    );
  }

  async close(this: SportsbookFeedRepository<Tx>, marketIds: readonly bigint[]): Promise<void> {
    if (marketIds.length === 0) return;
    await this.db
      .updateTable('sb_markets')
      .set({ status: 'closed', suspended_until: null, version: sql`version + 1` })
      .where('id', 'in', [...marketIds])
      .where('status', 'in', ['open', 'suspended'])
      .execute();
  }

  /** Results: every selection's outcome, then the markets resulted (a market already final is left). */
  async result(
    this: SportsbookFeedRepository<Tx>,
    marketIds: readonly bigint[],
    selections: readonly ResultChange[],
    now: Date,
  ): Promise<void> {
    if (marketIds.length === 0) return;
    const open = await this.db
      .updateTable('sb_markets')
      .set({ status: 'resulted', resulted_at: now, suspended_until: null, version: sql`version + 1` })
      .where('id', 'in', [...marketIds])
      .where('status', 'in', ['open', 'suspended', 'closed'])
      .returning('id')
      .execute();
    const resulted = new Set(open.map((row) => row.id));
    const list = selections.filter((selection) => resulted.has(selection.marketId));
    if (list.length === 0) return;
    await sql`update sb_selections as s
      set outcome = v.outcome, dead_heat_milli = v.dead_heat
      from jsonb_to_recordset(${json(list.map((c) => ({ id: c.id, outcome: c.outcome, dead_heat: c.deadHeatMilli })))}::jsonb)
        as v(id bigint, outcome text, dead_heat integer)
      where s.id = v.id`.execute(this.db);
  }

  async voidMarkets(this: SportsbookFeedRepository<Tx>, marketIds: readonly bigint[]): Promise<void> {
    if (marketIds.length === 0) return;
    await this.db
      .updateTable('sb_markets')
      .set({ status: 'void', suspended_until: null, version: sql`version + 1` })
      .where('id', 'in', [...marketIds])
      .where('status', 'in', ['open', 'suspended', 'closed'])
      .execute();
  }

  async endEvents(this: SportsbookFeedRepository<Tx>, ids: readonly bigint[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('sb_events')
      .set({ status: 'ended', ended_at: now })
      .where('id', 'in', [...ids])
      .where('status', '=', 'live')
      .execute();
  }

  async cancelEvent(
    this: SportsbookFeedRepository<Tx>,
    id: bigint,
    reason: string,
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable('sb_events')
      .set({ status: 'cancelled', cancelled_at: now, cancel_reason: reason.slice(0, 200) })
      .where('id', '=', id)
      .where('status', 'in', ['scheduled', 'live'])
      .execute();
    await this.voidMarkets(
      (await this.db.selectFrom('sb_markets').select('id').where('event_id', '=', id).execute()).map(
        (m) => m.id,
      ),
    );
  }

  /** Ended events whose every market is resulted or void become resulted (one statement). */
  async resultEnded(this: SportsbookFeedRepository<Tx>, now: Date): Promise<void> {
    await sql`update sb_events as e set status = 'resulted', resulted_at = ${now}
      where e.status = 'ended'
        and not exists (select 1 from sb_markets m where m.event_id = e.id and m.status in ('open', 'suspended', 'closed'))`.execute(
      this.db,
    );
  }
}
