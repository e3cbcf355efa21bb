import type { SportCode } from '@lotus/shared/sportsbook.schema';
import { sql } from 'kysely';
import type { SbEventStatusColumn } from '../../db/tables/sportsbook.ts';
import { Repository } from '../../db/unit-of-work.ts';

/** Market types the lobby shows as an event's main market (its odds buttons). */
export const MAIN_MARKET_TYPES = ['match_result', 'match_winner', 'fight_winner'] as const;

export type EventFilter = {
  brandId: bigint;
  sports: readonly SportCode[];
  competition?: string | undefined;
  statuses: readonly SbEventStatusColumn[];
  startsBefore?: Date | undefined;
  limit: number;
};

const EVENT_COLUMNS = [
  'e.id',
  'e.sport',
  'e.format',
  'e.home',
  'e.away',
  'e.starts_at',
  'e.status',
  'e.score',
  'e.bet_delay_ms',
  'c.code as competition_code',
  'c.name as competition_name',
] as const;

/** The public reads' rows (docs/sportsbook.md "Pages"): a few grouped reads per page, never one per event. */
export class SportsbookPublicRepository extends Repository {
  events(filter: EventFilter) {
    let query = this.db
      .selectFrom('sb_events as e')
      .innerJoin('sb_competitions as c', 'c.id', 'e.competition_id')
      .select(EVENT_COLUMNS)
      .where('e.brand_id', '=', filter.brandId)
      .where('c.enabled', '=', true)
      .where('e.sport', 'in', [...filter.sports])
      .where('e.status', 'in', [...filter.statuses]);
    if (filter.competition !== undefined) query = query.where('c.code', '=', filter.competition);
    if (filter.startsBefore !== undefined) query = query.where('e.starts_at', '<=', filter.startsBefore);
    return query
      .orderBy(sql`case when e.status = 'live' then 0 else 1 end`)
      .orderBy('e.starts_at')
      .orderBy('e.id')
      .limit(filter.limit)
      .execute();
  }

  /**
   * The latest finished (resulted or cancelled) events of these sports, newest first: one read per sport,
   * each an index range of `sb_events_results` (migration 0036) stopped at `limit`, merged here. One read
   * over the lot would sort every finished event of the sports, since an index gives no order across them.
   */
  async results(brandId: bigint, sports: readonly SportCode[], limit: number) {
    const perSport = await Promise.all(
      sports.map((sport) =>
        this.db
          .selectFrom('sb_events as e')
          .innerJoin('sb_competitions as c', 'c.id', 'e.competition_id')
          .select(EVENT_COLUMNS)
          .where('e.brand_id', '=', brandId)
          .where('e.sport', '=', sport)
          .where('e.status', 'in', ['resulted', 'cancelled'])
          .where('c.enabled', '=', true)
          .orderBy('e.starts_at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(limit)
          .execute(),
      ),
    );
    return perSport
      .flat()
      .sort((a, b) => b.starts_at.getTime() - a.starts_at.getTime() || Number(b.id - a.id))
      .slice(0, limit);
  }

  event(brandId: bigint, eventId: bigint) {
    return this.db
      .selectFrom('sb_events as e')
      .innerJoin('sb_competitions as c', 'c.id', 'e.competition_id')
      .select(EVENT_COLUMNS)
      .where('e.brand_id', '=', brandId)
      .where('e.id', '=', eventId)
      .executeTakeFirst();
  }

  /** Per sport of the list: events live now and events live or to come. */
  sportCounts(brandId: bigint, sports: readonly SportCode[]) {
    return this.db
      .selectFrom('sb_events')
      .select([
        'sport',
        sql<string>`count(*) filter (where status = 'live')`.as('live'),
        sql<string>`count(*)`.as('total'),
      ])
      .where('brand_id', '=', brandId)
      .where('sport', 'in', [...sports])
      .where('status', 'in', ['scheduled', 'live'])
      .groupBy('sport')
      .execute();
  }

  competitions(brandId: bigint, sports: readonly SportCode[]) {
    return this.db
      .selectFrom('sb_competitions')
      .select(['code', 'sport', 'name'])
      .where('brand_id', '=', brandId)
      .where('enabled', '=', true)
      .where('sport', 'in', [...sports])
      .orderBy('sort')
      .orderBy('code')
      .execute();
  }

  /** Markets of these events (all, or only the main ones), in the book's order. */
  markets(eventIds: readonly bigint[], mainOnly: boolean) {
    if (eventIds.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('sb_markets')
      .select([
        'id',
        'event_id',
        'market_type',
        'param',
        'line_milli',
        'status',
        'in_play',
        'version',
        'min_odds_milli',
        'max_stake_minor',
      ])
      .where('event_id', 'in', [...eventIds]);
    if (mainOnly) {
      query = query
        .where('market_type', 'in', [...MAIN_MARKET_TYPES])
        .where('status', 'in', ['open', 'suspended', 'closed', 'resulted']);
    }
    return query.orderBy('event_id').orderBy('sort').orderBy('id').execute();
  }

  /** Markets a player can still look at, per event (the lobby's "+N markets"). */
  async marketCounts(eventIds: readonly bigint[]): Promise<Map<bigint, number>> {
    if (eventIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('sb_markets')
      .select(['event_id', sql<string>`count(*)`.as('n')])
      .where('event_id', 'in', [...eventIds])
      .where('status', 'in', ['open', 'suspended'])
      .groupBy('event_id')
      .execute();
    return new Map(rows.map((row) => [row.event_id, Number(row.n)]));
  }

  selections(marketIds: readonly bigint[]) {
    if (marketIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sb_selections')
      .select(['id', 'market_id', 'sel_key', 'name', 'odds_milli', 'active', 'outcome', 'dead_heat_milli'])
      .where('market_id', 'in', [...marketIds])
      .orderBy('market_id')
      .orderBy('sort')
      .execute();
  }

  timeline(eventId: bigint, limit: number) {
    return this.db
      .selectFrom('sb_timeline')
      .select(['seq', 'at', 'clock', 'kind', 'side', 'detail'])
      .where('event_id', '=', eventId)
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
  }

  brandOfEvent(eventId: bigint) {
    return this.db.selectFrom('sb_events').select('brand_id').where('id', '=', eventId).executeTakeFirst();
  }

  defaultBrand() {
    return this.db.selectFrom('brands').select('id').where('is_default', '=', true).executeTakeFirst();
  }
}
