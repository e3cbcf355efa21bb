import { randomBytes } from 'node:crypto';
import { marketOdds, probPpm } from '@lotus/games/sports/markets';
import type { PricedMarket } from '@lotus/games/sports/types';
import type { SportCode } from '@lotus/shared/sportsbook.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { SbFeedColumn } from '../../db/tables/sportsbook.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { ArenaFeed } from './arena-feed.ts';
import type { SimulatorFeed } from './simulator-feed.ts';
import { DEMO_COMPETITIONS } from './sports-fixtures-catalogue.ts';
import {
  type NewMarketRow,
  type PriceChange,
  type ResultChange,
  SportsbookFeedRepository,
} from './sportsbook-feed.repository.ts';
import {
  type FeedBook,
  type FeedFixture,
  type FeedUpdate,
  marketKeyOf,
  type SportsFeed,
  type StoredMarket,
} from './sportsbook-feed.ts';

export const FIXTURES_JOB = 'sports.fixtures';
export const FEED_JOB = 'sports.feed';
export const FIXTURES_EVERY_MS = 60_000;
export const FEED_EVERY_MS = 1_000;
/** How far ahead the calendar is filled (the far end thinned by the simulator). */
export const FIXTURES_HORIZON_MS = 3 * 3_600_000;

const feedRepositories = (trx: Tx) => ({ feed: new SportsbookFeedRepository(trx) });
type FeedRepos = ReturnType<typeof feedRepositories>;

/** A feed's book on one transaction; remembers the markets it read so the apply step reads them once. */
class TxBook implements FeedBook {
  readonly cache = new Map<bigint, StoredMarket[]>();
  readonly #repo: SportsbookFeedRepository<Tx>;
  readonly #feed: SbFeedColumn;
  readonly #now: Date;

  constructor(repo: SportsbookFeedRepository<Tx>, feed: SbFeedColumn, now: Date) {
    this.#repo = repo;
    this.#feed = feed;
    this.#now = now;
  }

  running() {
    return this.#repo.running(this.#feed, this.#now);
  }

  async markets(eventIds: readonly bigint[]) {
    const found = await this.#repo.markets(eventIds);
    for (const [id, list] of found) this.cache.set(id, list);
    return found;
  }
}

/** The stored row values of a priced market (odds with the margin, probabilities in ppm). */
function selectionRows(market: PricedMarket, marginBp: number) {
  const odds = marketOdds(market, marginBp);
  return market.selections.map((selection, sort) => ({
    key: selection.key,
    name: JSON.stringify(selection.name),
    oddsMilli: odds[sort]?.oddsMilli ?? 1001,
    probPpm: probPpm(selection.prob),
    active: odds[sort]?.active ?? false,
    sort,
  }));
}

/**
 * The book's side of the feeds (docs/sportsbook.md "Trading feed"): creates the fixtures the feeds list
 * (once per brand that has the competition), and each second applies what the feeds say happened — in ONE
 * transaction and a handful of batched statements whatever the number of live events: reopen the in-play
 * suspensions that are over, go live, save states and scores, append timelines, reprice only the selections
 * whose price moved (a market's version grows only then), suspend, close, result, void, end the events, and
 * turn every ended event whose markets are all final into resulted.
 */
export class SportsbookFeedService {
  readonly #uow: UnitOfWork<FeedRepos>;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger | undefined;
  readonly feeds: SportsFeed[];

  constructor(deps: { db: Db; clock: Clock; log?: FastifyBaseLogger | undefined; feeds: SportsFeed[] }) {
    this.#uow = new UnitOfWork(deps.db, feedRepositories);
    this.#clock = deps.clock;
    this.#log = deps.log;
    this.feeds = deps.feeds;
  }

  /** `sports.fixtures`: every feed's fixtures up to the horizon that the book lacks. Answers how many were made. */
  async fillCalendar(now: Date = this.#clock.now()): Promise<number> {
    let created = 0;
    for (const feed of this.feeds) {
      const fixtures = await feed.fixtures(now, new Date(now.getTime() + FIXTURES_HORIZON_MS));
      created += (await this.createFixtures(fixtures, now)).length;
    }
    return created;
  }

  /** Creates fixtures in every brand that has their competition; a (brand, feed, ref) that exists is skipped. */
  createFixtures(fixtures: readonly FeedFixture[], now: Date, onlyBrand?: bigint) {
    if (fixtures.length === 0) return Promise.resolve([]);
    return this.#uow.run(({ feed }) => insertFixtures(feed, fixtures, now, onlyBrand));
  }

  /** `sports.feed`: one tick of every feed. Answers the number of events that changed. */
  async tick(now: Date = this.#clock.now()): Promise<number> {
    return this.#uow.run(async ({ feed: repo }) => {
      await repo.liftSuspensions(now);
      let changed = 0;
      for (const feed of this.feeds) {
        const book = new TxBook(repo, feed.name, now);
        let updates: FeedUpdate[];
        try {
          updates = await feed.advance(now, book);
        } catch (error) {
          // One feed failing (a model not built yet, a bad stored state) must not stop the others.
          this.#log?.warn({ err: error, feed: feed.name }, 'sports feed advance failed');
          continue;
        }
        await this.#apply(repo, updates, book.cache, now);
        changed += updates.length;
      }
      await repo.resultEnded(now);
      return changed;
    });
  }

  /**
   * Dev (journeys, tests): plays one event forward now, `steps` steps or to its end, as the feed job would
   * over time.
   */
  async advanceEvent(
    eventId: bigint,
    how: { steps?: number; toEnd?: boolean },
    now: Date = this.#clock.now(),
  ) {
    return this.#uow.run(async ({ feed: repo }) => {
      const row = await repo.eventForPlay(eventId);
      if (!row) throw new AppError('sportsbook_event_not_found');
      if (row.status !== 'scheduled' && row.status !== 'live')
        throw new AppError('sportsbook_state_conflict');
      const feed = this.feeds.find((candidate) => candidate.name === row.feed) as SimulatorFeed | undefined;
      if (!feed || typeof feed.play !== 'function') throw new AppError('sportsbook_state_conflict');
      const stored = await repo.markets([eventId]);
      const update = feed.play(
        {
          id: row.id,
          feedRef: row.feed_ref,
          sport: row.sport,
          format: row.format,
          status: row.status,
          startsAt: row.starts_at,
          model: row.model,
        },
        stored.get(eventId) ?? [],
        now,
        how.toEnd ? { toEnd: true } : { steps: how.steps ?? 1 },
      );
      await this.#apply(repo, [update], stored, now);
      await repo.resultEnded(now);
      return update;
    });
  }

  /** Dev: a fixture of this sport now (in play) or in 30 minutes, in one brand. Answers its event id. */
  async devFixture(brandId: bigint, sport: SportCode, inPlay: boolean, now: Date = this.#clock.now()) {
    const competition = DEMO_COMPETITIONS.find((candidate) => candidate.sport === sport);
    if (!competition) throw new AppError('invalid_request', { message: 'sport' });
    const feed = this.feeds.find(
      (candidate) => candidate.name === (sport === 'cockfight' ? 'arena' : 'sim'),
    ) as SimulatorFeed | undefined;
    if (!feed) throw new AppError('sportsbook_state_conflict');
    const ref = `dev-${randomBytes(8).toString('hex')}`;
    let fixture: FeedFixture;
    try {
      fixture =
        feed instanceof ArenaFeed
          ? feed.fight(competition, ref, new Date(now.getTime() - (inPlay ? 100_000 : 0)), now)
          : feed.fixture(competition, ref, inPlay ? now : new Date(now.getTime() + 30 * 60_000));
    } catch {
      throw new AppError('invalid_request', { message: `no ${sport} model yet` });
    }
    const [created] = await this.createFixtures([fixture], now, brandId);
    if (!created)
      throw new AppError('sportsbook_state_conflict', { message: `brand has no ${competition.code}` });
    if (inPlay) await this.advanceEvent(created.id, { steps: 0 }, now);
    return created.id;
  }

  /** Dev: moves a market's first active price by a tick (journeys see odds change). */
  async nudge(marketId: bigint) {
    return this.#uow.run(async ({ feed: repo }) => {
      const market = await repo.marketForUpdate(marketId);
      if (!market) throw new AppError('not_found', { message: 'market' });
      if (market.status !== 'open' && market.status !== 'suspended')
        throw new AppError('sportsbook_state_conflict');
      const [stored] =
        (await repo.markets([market.event_id])).get(market.event_id)?.filter((m) => m.id === marketId) ?? [];
      const selection = stored?.selections.find((candidate) => candidate.active) ?? stored?.selections[0];
      if (!selection) throw new AppError('sportsbook_state_conflict');
      const step = Math.max(10, Math.round(selection.oddsMilli * 0.03));
      // Up, unless that would be silly; the price goes back down on the next nudge of a high price.
      const oddsMilli = selection.oddsMilli + (selection.oddsMilli < 20_000 ? step : -step);
      await repo.reprice([
        { id: selection.id, oddsMilli, probPpm: selection.probPpm, active: selection.active },
      ]);
      await repo.bump([marketId]);
      return { marketId, selectionId: selection.id, oddsMilli };
    });
  }

  async #apply(
    repo: SportsbookFeedRepository<Tx>,
    updates: readonly FeedUpdate[],
    cache: Map<bigint, StoredMarket[]>,
    now: Date,
  ): Promise<void> {
    if (updates.length === 0) return;
    const cancelled = updates.filter((u) => u.status === 'cancelled');
    const playing = updates.filter((u) => u.status !== 'cancelled');
    await repo.goLive(
      playing.filter((u) => u.status === 'live').map((u) => u.eventId),
      now,
    );
    await repo.saveStates(
      playing
        .filter((u) => u.model !== undefined || u.score !== undefined)
        .map((u) => ({ id: u.eventId, model: u.model, score: u.score })),
    );
    await repo.appendTimeline(
      playing.flatMap((u) => (u.timeline ?? []).map((item) => ({ ...item, eventId: u.eventId }))),
    );

    const missing = playing
      .filter((u) => (u.markets?.length ?? 0) > 0 && !cache.has(u.eventId))
      .map((u) => u.eventId);
    if (missing.length > 0) for (const [id, list] of await repo.markets(missing)) cache.set(id, list);

    const prices: PriceChange[] = [];
    const bumps: bigint[] = [];
    const suspends: { id: bigint; until: Date }[] = [];
    const closes: bigint[] = [];
    const resultIds: bigint[] = [];
    const results: ResultChange[] = [];
    const voids: bigint[] = [];
    const created: NewMarketRow[] = [];
    for (const update of playing) {
      const stored = new Map(
        (cache.get(update.eventId) ?? []).map((market) => [marketKeyOf(market), market]),
      );
      let nextSort = stored.size;
      for (const change of update.markets ?? []) {
        const market = stored.get(marketKeyOf(change));
        if (!market) {
          if (change.selections && change.create && !change.result && !change.void) {
            const suspended = change.suspendUntil !== undefined && change.suspendUntil > now;
            const priced = { ...change, selections: change.selections };
            created.push({
              eventId: update.eventId,
              type: change.type,
              param: change.param,
              lineMilli: change.lineMilli,
              status: suspended ? 'suspended' : 'open',
              inPlay: true,
              marginBp: change.create.marginBp,
              minOddsMilli: change.create.minOddsMilli ?? 1010,
              maxStakeMinor: change.create.maxStakeMinor,
              maxLiabilityMinor: change.create.maxLiabilityMinor,
              suspendedUntil: suspended ? (change.suspendUntil ?? null) : null,
              sort: nextSort++,
              selections: selectionRows(priced, change.create.marginBp),
            });
          }
          continue;
        }
        if (market.status === 'resulted' || market.status === 'void') continue;
        if (change.result) {
          resultIds.push(market.id);
          const byKey = new Map(change.result.map((r) => [r.key, r]));
          for (const selection of market.selections) {
            const result = byKey.get(selection.key);
            results.push({
              id: selection.id,
              marketId: market.id,
              outcome: result?.outcome ?? 'lose',
              deadHeatMilli: result?.outcome === 'win' ? (result.deadHeatMilli ?? null) : null,
            });
          }
          continue;
        }
        if (change.void) {
          voids.push(market.id);
          continue;
        }
        let moved = false;
        if (change.selections) {
          const odds = marketOdds({ ...change, selections: change.selections }, market.marginBp);
          const byKey = new Map(market.selections.map((s) => [s.key, s]));
          change.selections.forEach((selection, index) => {
            const row = byKey.get(selection.key);
            const price = odds[index];
            if (!row || !price) return;
            const prob = probPpm(selection.prob);
            if (row.oddsMilli !== price.oddsMilli || row.active !== price.active || row.probPpm !== prob) {
              prices.push({ id: row.id, oddsMilli: price.oddsMilli, probPpm: prob, active: price.active });
              moved = true;
            }
          });
        }
        const suspends0 = suspends.length;
        if (
          change.suspendUntil &&
          (market.status === 'open' ||
            (market.status === 'suspended' &&
              market.suspendedUntil !== null &&
              market.suspendedUntil < change.suspendUntil))
        ) {
          suspends.push({ id: market.id, until: change.suspendUntil });
        }
        if (change.close) closes.push(market.id);
        // The suspension or close already gives the market a new version; a bare reprice needs its own.
        else if (moved && suspends.length === suspends0) bumps.push(market.id);
      }
    }
    await repo.reprice(prices);
    await repo.bump(bumps);
    await repo.suspend(suspends);
    await repo.close(closes);
    await repo.result(resultIds, results, now);
    await repo.voidMarkets(voids);
    await repo.insertMarkets(created);
    await repo.endEvents(
      playing.filter((u) => u.status === 'ended').map((u) => u.eventId),
      now,
    );
    for (const update of cancelled)
      await repo.cancelEvent(update.eventId, update.cancelReason ?? 'cancelled', now);
  }
}

/** Creates fixtures (the job's and the seed's) in every brand that has their competition; a (brand, feed, ref) that exists is skipped. */
export async function insertFixtures(
  repo: SportsbookFeedRepository<Tx>,
  fixtures: readonly FeedFixture[],
  now: Date,
  onlyBrand?: bigint,
): Promise<{ id: bigint; brandId: bigint; feedRef: string }[]> {
  if (fixtures.length === 0) return [];
  const competitions = (await repo.competitions([...new Set(fixtures.map((f) => f.competition))])).filter(
    (row) => onlyBrand === undefined || row.brand_id === onlyBrand,
  );
  if (competitions.length === 0) return [];
  const byFeed = new Map<SbFeedColumn, FeedFixture[]>();
  for (const fixture of fixtures) byFeed.set(fixture.feed, [...(byFeed.get(fixture.feed) ?? []), fixture]);
  const existing = new Set<string>();
  for (const [feed, list] of byFeed) {
    for (const key of await repo.existingRefs(
      feed,
      list.map((f) => f.feedRef),
    ))
      existing.add(`${feed}:${key}`);
  }
  const rows = fixtures.flatMap((fixture) =>
    competitions
      .filter((row) => row.code === fixture.competition && row.sport === fixture.sport)
      .filter((row) => !existing.has(`${fixture.feed}:${row.brand_id}:${fixture.feedRef}`))
      .map((row) => ({ fixture, brandId: row.brand_id, competitionId: row.id })),
  );
  if (rows.length === 0) return [];
  {
    const feed = repo;
    const inserted = await feed.insertEvents(
      rows.map(({ fixture, brandId, competitionId }) => ({
        brandId,
        competitionId,
        sport: fixture.sport,
        format: fixture.format,
        home: JSON.stringify(fixture.home),
        away: JSON.stringify(fixture.away),
        startsAt: fixture.startsAt,
        feed: fixture.feed,
        feedRef: fixture.feedRef,
        // Every brand's copy of a fixture has the same seed, so plays the same story.
        model: JSON.stringify(fixture.model),
        score: JSON.stringify(fixture.score),
        betDelayMs: fixture.betDelayMs,
        maxLiabilityMinor: fixture.maxLiabilityMinor,
      })),
    );
    // Refs are unique across the feeds (each feed names its own: `<competition>-<slot>`, `dev-<hex>`).
    const fixtureOf = new Map(fixtures.map((fixture) => [fixture.feedRef, fixture]));
    const markets: NewMarketRow[] = [];
    for (const event of inserted) {
      const fixture = fixtureOf.get(event.feed_ref);
      if (!fixture) continue;
      for (const market of fixture.markets) {
        const suspended = market.suspendedUntil !== undefined && market.suspendedUntil > now;
        markets.push({
          eventId: event.id,
          type: market.type,
          param: market.param,
          lineMilli: market.lineMilli,
          status: suspended ? 'suspended' : 'open',
          inPlay: false,
          marginBp: market.marginBp,
          minOddsMilli: market.minOddsMilli ?? 1010,
          maxStakeMinor: market.maxStakeMinor,
          maxLiabilityMinor: market.maxLiabilityMinor,
          suspendedUntil: suspended ? (market.suspendedUntil ?? null) : null,
          sort: market.sort,
          selections: selectionRows(market, market.marginBp),
        });
      }
    }
    await feed.insertMarkets(markets);
    return inserted.map((event) => ({ id: event.id, brandId: event.brand_id, feedRef: event.feed_ref }));
  }
}
