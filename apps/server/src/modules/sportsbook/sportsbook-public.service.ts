import {
  type MarketType,
  SPORT_GROUPS,
  type SportCode,
  type SportGroup,
  type SportsEventDetail,
  type SportsEventSummary,
  type SportsMarket,
  type SportsScore,
} from '@lotus/shared/sportsbook.schema';
import type { Db } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { SportsbookPublicRepository } from './sportsbook-public.repository.ts';

/** The brand of a request's host (the system module resolves it; app.ts wires it). */
export type SportsBrandOf = (host: string | null) => Promise<{ id: bigint }>;

/** `when: soon` means starting within this long. */
const SOON_MS = 2 * 3_600_000;
/** Events one lobby list shows at most. */
const LIST_LIMIT = 200;
/** Timeline items an event page shows (newest). */
const TIMELINE_LIMIT = 200;

type EventRow = Awaited<ReturnType<SportsbookPublicRepository['events']>>[number];
type MarketRow = Awaited<ReturnType<SportsbookPublicRepository['markets']>>[number];
type SelectionRow = Awaited<ReturnType<SportsbookPublicRepository['selections']>>[number];

export type SportsEventsQuery = {
  group: SportGroup;
  sport?: SportCode | undefined;
  competition?: string | undefined;
  when: 'live' | 'soon' | 'all';
};

export type SportsResultsQuery = {
  group: SportGroup;
  sport?: SportCode | undefined;
  limit: number;
};

const iso = (date: Date) => date.toISOString();

function marketView(row: MarketRow, selections: SelectionRow[]): SportsMarket {
  return {
    id: row.id.toString(),
    type: row.market_type as MarketType,
    param: row.param,
    lineMilli: row.line_milli,
    status: row.status,
    inPlay: row.in_play,
    version: row.version,
    minOddsMilli: row.min_odds_milli,
    maxStakeMinor: row.max_stake_minor.toString(),
    selections: selections.map((selection) => ({
      id: selection.id.toString(),
      key: selection.sel_key,
      name: selection.name,
      oddsMilli: selection.odds_milli,
      active: selection.active,
      outcome: selection.outcome,
      deadHeatMilli: selection.dead_heat_milli,
    })),
  };
}

function scoreOf(row: EventRow): SportsScore | null {
  if (row.status === 'scheduled' || row.status === 'cancelled') return null;
  const score = row.score as Partial<SportsScore> | null;
  if (!score || typeof score.home !== 'string' || typeof score.away !== 'string') return null;
  return {
    home: score.home,
    away: score.away,
    clock: typeof score.clock === 'string' ? score.clock : '',
    period: typeof score.period === 'string' ? score.period : '',
    ...(score.detail && typeof score.detail === 'object' ? { detail: score.detail } : {}),
  };
}

function summaryView(row: EventRow, main: SportsMarket | null, marketCount: number): SportsEventSummary {
  return {
    id: row.id.toString(),
    sport: row.sport,
    competition: { code: row.competition_code, name: row.competition_name },
    format: row.format,
    home: row.home,
    away: row.away,
    startsAt: iso(row.starts_at),
    status: row.status,
    score: scoreOf(row),
    mainMarket: main,
    marketCount,
  };
}

/**
 * The sportsbook's public reads (docs/sportsbook.md "Pages", no login): the lobby's events by group, sport,
 * competition and time with each event's main market, and one event with every market and its timeline.
 * The brand is the request host's. Also what the realtime hub pushes (`summary`).
 */
export class SportsbookPublicService {
  readonly #reads: SportsbookPublicRepository;
  readonly #clock: Clock;
  readonly #brandOf: SportsBrandOf;

  constructor(deps: { db: Db; clock: Clock; brandOf?: SportsBrandOf | undefined }) {
    this.#reads = new SportsbookPublicRepository(deps.db);
    this.#clock = deps.clock;
    this.#brandOf =
      deps.brandOf ??
      (async () => {
        const brand = await this.#reads.defaultBrand();
        if (!brand) throw new Error('no default brand');
        return brand;
      });
  }

  brandOf(host: string | null) {
    return this.#brandOf(host);
  }

  async events(host: string | null, query: SportsEventsQuery) {
    const brandId = (await this.#brandOf(host)).id;
    const groupSports: readonly SportCode[] = SPORT_GROUPS[query.group];
    const sports = query.sport === undefined ? groupSports : groupSports.filter((s) => s === query.sport);
    const now = this.#clock.now();
    const [rows, counts, competitions] = await Promise.all([
      sports.length === 0
        ? Promise.resolve([])
        : this.#reads.events({
            brandId,
            sports,
            competition: query.competition,
            statuses:
              query.when === 'live'
                ? ['live']
                : query.when === 'soon'
                  ? ['scheduled']
                  : ['scheduled', 'live'],
            startsBefore: query.when === 'soon' ? new Date(now.getTime() + SOON_MS) : undefined,
            limit: LIST_LIMIT,
          }),
      this.#reads.sportCounts(brandId, groupSports),
      this.#reads.competitions(brandId, groupSports),
    ]);
    const countOf = new Map(counts.map((row) => [row.sport, row]));
    return {
      sports: groupSports.map((sport) => ({
        sport,
        live: Number(countOf.get(sport)?.live ?? 0),
        total: Number(countOf.get(sport)?.total ?? 0),
      })),
      competitions: competitions.map((row) => ({ code: row.code, sport: row.sport, name: row.name })),
      list: await this.#summaries(rows),
    };
  }

  /** The latest finished events of a group (or one of its sports), newest first, with their main market. */
  async results(host: string | null, query: SportsResultsQuery) {
    const brandId = (await this.#brandOf(host)).id;
    const groupSports: readonly SportCode[] = SPORT_GROUPS[query.group];
    const sports = query.sport === undefined ? groupSports : groupSports.filter((s) => s === query.sport);
    return { list: await this.#summaries(await this.#reads.results(brandId, sports, query.limit)) };
  }

  /** The lobby's view of events: each with its main market, read in three statements for the lot. */
  async #summaries(rows: EventRow[]): Promise<SportsEventSummary[]> {
    const ids = rows.map((row) => row.id);
    const [markets, counts] = await Promise.all([
      this.#reads.markets(ids, true),
      this.#reads.marketCounts(ids),
    ]);
    const mainOf = new Map<bigint, MarketRow>();
    for (const market of markets) if (!mainOf.has(market.event_id)) mainOf.set(market.event_id, market);
    const selections = await this.#reads.selections([...mainOf.values()].map((market) => market.id));
    const selectionsOf = groupBy(selections, (row) => row.market_id);
    return rows.map((row) => {
      const main = mainOf.get(row.id);
      return summaryView(
        row,
        main ? marketView(main, selectionsOf.get(main.id) ?? []) : null,
        counts.get(row.id) ?? 0,
      );
    });
  }

  /** One event's summary (the realtime push), or null when it is not the brand's. */
  async summary(brandId: bigint, eventId: bigint): Promise<SportsEventSummary | null> {
    const row = await this.#reads.event(brandId, eventId);
    if (!row) return null;
    const [summary] = await this.#summaries([row]);
    return summary ?? null;
  }

  /** The realtime push of one event (the socket hub's `sportsEventOf`): its summary and its brand. */
  async snapshot(eventId: bigint): Promise<{ brandId: bigint; event: SportsEventSummary } | null> {
    const row = await this.#reads.brandOfEvent(eventId);
    if (!row) return null;
    const event = await this.summary(row.brand_id, eventId);
    return event ? { brandId: row.brand_id, event } : null;
  }

  async event(host: string | null, eventId: bigint): Promise<SportsEventDetail> {
    const brandId = (await this.#brandOf(host)).id;
    const row = await this.#reads.event(brandId, eventId);
    if (!row) throw new AppError('sportsbook_event_not_found');
    const [markets, timeline] = await Promise.all([
      this.#reads.markets([eventId], false),
      this.#reads.timeline(eventId, TIMELINE_LIMIT),
    ]);
    const selectionsOf = groupBy(await this.#reads.selections(markets.map((m) => m.id)), (s) => s.market_id);
    const views = markets.map((market) => marketView(market, selectionsOf.get(market.id) ?? []));
    const main = views.find((market) => (MAIN_TYPES as readonly string[]).includes(market.type)) ?? null;
    return {
      ...summaryView(row, main, views.filter((m) => m.status === 'open' || m.status === 'suspended').length),
      markets: views,
      timeline: timeline.reverse().map((item) => ({
        seq: item.seq,
        at: iso(item.at),
        clock: item.clock,
        kind: item.kind,
        side: item.side,
        detail: (item.detail ?? {}) as Record<string, string | number>,
      })),
      betDelayMs: row.bet_delay_ms,
    };
  }
}

const MAIN_TYPES = ['match_result', 'match_winner', 'fight_winner'] as const;

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}
