import { createHash, randomBytes } from 'node:crypto';
import type { FixtureParams, MarketKey, PricedMarket, Rng, SportModel } from '@lotus/games/sports/types';
import type { MarketType, SportCode } from '@lotus/shared/sportsbook.schema';
import type { SbFeedColumn } from '../../db/tables/sportsbook.ts';
import { DEMO_COMPETITIONS, type DemoCompetition } from './sports-fixtures-catalogue.ts';
import {
  type FeedBook,
  type FeedFixture,
  type FeedMarket,
  type FeedMarketUpdate,
  type FeedTimelineItem,
  type FeedUpdate,
  marketKeyOf,
  type RunningEvent,
  type SportsFeed,
  type StoredMarket,
} from './sportsbook-feed.ts';

/** What the simulator needs of the maths package (packages/games/src/sports/index.ts); tests may pass others. */
export type SimModels = {
  modelFor(sport: SportCode): SportModel;
  fixtureParams(sport: SportCode, format: string, rng: Rng): FixtureParams;
  seededRng(seedHex: string): Rng;
  stepRng(seedHex: string, step: number): Rng;
};

/**
 * The simulator's private state of one event (`sb_events.model`): the seed it was created with, the steps
 * played, when the next one is due, when the last key happening was, and the model's own state. Each step's
 * randomness comes from `stepRng(seed, step)`, so an event replays exactly from its seed whichever process
 * plays which step.
 */
export type SimState = {
  v: 1;
  seed: string;
  step: number;
  /** Epoch ms of the next step; null before kick-off and after the end. */
  nextAt: number | null;
  /** Epoch ms of the last key happening (goal, wicket, …): in-play markets stay suspended 8 s after it. */
  keyAt: number | null;
  finished: boolean;
  state: unknown;
};

/** docs/sportsbook.md: in-play markets suspend for 8 s after a key happening. */
export const SUSPEND_AFTER_KEY_MS = 8_000;
/** Steps one tick plays of one event at most: a backlog (a stopped server) catches up over a few ticks. */
const MAX_STEPS_PER_TICK = 400;
/** The book's demo limits (minor units: paise): main markets take more than side markets. */
const MAIN_MARKETS: readonly MarketType[] = ['match_result', 'match_winner', 'fight_winner'];
const LIMITS = {
  main: { marginBp: 500, maxStakeMinor: 2_000_000n, maxLiabilityMinor: 50_000_000n },
  side: { marginBp: 800, maxStakeMinor: 500_000n, maxLiabilityMinor: 10_000_000n },
};
export const EVENT_MAX_LIABILITY_MINOR = 100_000_000n;
/** The demo's in-play bet delay (docs/sportsbook.md "Bets through the protocol" 4). */
export const IN_PLAY_BET_DELAY_MS = 3_000;

export const derivedSeed = (seed: string, label: string) =>
  createHash('sha256').update(`${seed}:${label}`).digest('hex');

/** A side pick that is the same in every process for the same fixture ref (two distinct sides). */
function sidesOf(competition: DemoCompetition, feedRef: string) {
  const hash = createHash('sha256').update(feedRef).digest();
  const count = competition.sides.length;
  const home = (hash[0] ?? 0) % count;
  const away = (home + 1 + ((hash[1] ?? 0) % (count - 1))) % count;
  const fallback = { EN: 'TBC', HI: 'TBC' };
  return { home: competition.sides[home] ?? fallback, away: competition.sides[away] ?? fallback };
}

export function marketSettings(type: MarketType): Omit<FeedMarket, keyof PricedMarket | 'sort'> {
  return MAIN_MARKETS.includes(type) ? { ...LIMITS.main } : { ...LIMITS.side };
}

const sortMain = (a: MarketKey, b: MarketKey) =>
  Number(MAIN_MARKETS.includes(b.type)) - Number(MAIN_MARKETS.includes(a.type));

/**
 * The simulator (docs/sportsbook.md "Trading feed"): a calendar of fixtures per demo competition, each
 * played by its sport's model from a seed made when the fixture is created, step by step to the clock.
 * `inPlay: false` (the arena) closes every market at the start instead of repricing in play.
 */
export class SimulatorFeed implements SportsFeed {
  readonly name: SbFeedColumn = 'sim';
  protected readonly models: SimModels;
  protected readonly competitions: DemoCompetition[];
  protected readonly inPlay: boolean = true;

  constructor(
    models: SimModels,
    competitions: DemoCompetition[] = DEMO_COMPETITIONS.filter((c) => c.sport !== 'cockfight'),
  ) {
    this.models = models;
    this.competitions = competitions;
  }

  /** Slots of each competition whose event is still running or starts by `horizon`; far ones thinned. */
  async fixtures(now: Date, horizon: Date): Promise<FeedFixture[]> {
    const list: FeedFixture[] = [];
    for (const competition of this.competitions) {
      const every = competition.everyMinutes * 60_000;
      const offset = competition.offsetMinutes * 60_000;
      const from = now.getTime() - competition.playsMinutes * 60_000 * 0.6;
      for (
        let slot = Math.ceil((from - offset) / every);
        slot * every + offset <= horizon.getTime();
        slot += 1
      ) {
        const startsAt = new Date(slot * every + offset);
        // Beyond the next hour a third of the slots is enough: "later today", without hundreds of rows.
        if (startsAt.getTime() > now.getTime() + 3_600_000 && slot % 3 !== 0) continue;
        try {
          list.push(this.fixture(competition, `${competition.code}-${slot}`, startsAt));
        } catch {
          // A sport whose model is not built (yet) has no fixtures; the others go on.
          break;
        }
      }
    }
    return list;
  }

  /** One fixture: fresh seed, sides, strengths, the model's pre-match markets. */
  fixture(competition: DemoCompetition, feedRef: string, startsAt: Date): FeedFixture {
    const seed = randomBytes(32).toString('hex');
    const model = this.models.modelFor(competition.sport);
    const params = this.models.fixtureParams(
      competition.sport,
      competition.format,
      this.models.seededRng(derivedSeed(seed, 'params')),
    );
    const state = model.initial(params);
    const sim: SimState = { v: 1, seed, step: 0, nextAt: null, keyAt: null, finished: false, state };
    const priced = [...model.price(state)].sort(sortMain);
    const { home, away } = sidesOf(competition, feedRef);
    return {
      feed: this.name,
      feedRef,
      sport: competition.sport,
      competition: competition.code,
      format: competition.format,
      home,
      away,
      startsAt,
      betDelayMs: this.inPlay ? IN_PLAY_BET_DELAY_MS : 0,
      maxLiabilityMinor: EVENT_MAX_LIABILITY_MINOR,
      model: sim,
      score: model.score(state),
      markets: priced.map((market, sort) => ({ ...market, ...marketSettings(market.type), sort })),
    };
  }

  async advance(now: Date, book: FeedBook): Promise<FeedUpdate[]> {
    const running = await book.running();
    const due = running.filter((event) => this.isDue(event, now));
    if (due.length === 0) return [];
    const markets = await book.markets(due.map((event) => event.id));
    return due.map((event) => this.play(event, markets.get(event.id) ?? [], now, { untilMs: now.getTime() }));
  }

  protected isDue(event: RunningEvent, now: Date): boolean {
    if (event.status === 'scheduled') return true;
    const sim = event.model as SimState | null;
    return sim !== null && !sim.finished && sim.nextAt !== null && sim.nextAt <= now.getTime();
  }

  protected stepMs(model: SportModel, state: unknown): number {
    return Math.max(250, Math.round(model.stepSeconds(state) * 1000));
  }

  /** The first step's time after kick-off. */
  protected firstStepAt(event: RunningEvent, model: SportModel, state: unknown): number {
    return event.startsAt.getTime() + this.stepMs(model, state);
  }

  /**
   * Plays one event from its stored state: to `untilMs` (the clock), or `steps` steps now, or to its end
   * (dev advance). Answers what changed: status, state, score, timeline, markets.
   */
  play(
    event: RunningEvent,
    stored: StoredMarket[],
    now: Date,
    limit: { untilMs?: number; steps?: number; toEnd?: boolean },
  ): FeedUpdate {
    const model = this.models.modelFor(event.sport);
    const sim = structuredClone(event.model as SimState);
    const update: FeedUpdate = { eventId: event.id };
    const timeline: FeedTimelineItem[] = [];
    const nowMs = now.getTime();
    const marketUpdates: FeedMarketUpdate[] = [];
    if (event.status === 'scheduled') {
      update.status = 'live';
      sim.nextAt = this.firstStepAt(event, model, sim.state);
      timeline.push({ at: now, clock: '', kind: 'start', side: '', detail: {} });
      if (!this.inPlay) {
        // The arena: betting closes when the fight starts.
        for (const market of stored) {
          if (market.status === 'open' || market.status === 'suspended')
            marketUpdates.push({ ...keyOf(market), close: true });
        }
      }
    }
    const forced = limit.steps !== undefined || limit.toEnd === true;
    const maxSteps = limit.toEnd ? 100_000 : (limit.steps ?? MAX_STEPS_PER_TICK);
    let played = 0;
    let state = sim.state;
    while (!sim.finished && sim.nextAt !== null && played < maxSteps) {
      if (!forced && sim.nextAt > (limit.untilMs ?? nowMs)) break;
      const result = model.step(state, this.models.stepRng(sim.seed, sim.step));
      const atMs = forced ? nowMs : Math.min(sim.nextAt, nowMs);
      sim.step += 1;
      played += 1;
      state = result.state;
      for (const happening of result.happenings) {
        timeline.push({
          at: new Date(atMs),
          clock: happening.clock,
          kind: happening.kind,
          side: happening.side,
          detail: happening.detail,
        });
        if (happening.key) sim.keyAt = atMs;
      }
      if (result.finished) {
        sim.finished = true;
        sim.nextAt = null;
        break;
      }
      sim.nextAt += this.stepMs(model, state);
    }
    // A forced advance leaves the next step a step from now, not in the past (else the job replays a burst).
    if (forced && sim.nextAt !== null) sim.nextAt = Math.max(sim.nextAt, nowMs + this.stepMs(model, state));
    sim.state = state;
    update.model = sim;
    update.score = model.score(state);
    update.timeline = timeline;
    if (sim.finished) {
      timeline.push({ at: now, clock: '', kind: 'end', side: '', detail: {} });
      update.status = 'ended';
    }
    if (played > 0 || sim.finished) marketUpdates.push(...this.marketChanges(model, state, sim, stored, now));
    update.markets = marketUpdates;
    return update;
  }

  /** Prices, suspensions, closes and results of an event's markets after its state moved. */
  protected marketChanges(
    model: SportModel,
    state: unknown,
    sim: SimState,
    stored: StoredMarket[],
    now: Date,
  ): FeedMarketUpdate[] {
    const changes: FeedMarketUpdate[] = [];
    const priced = sim.finished || !this.inPlay ? [] : model.price(state);
    const pricedByKey = new Map(priced.map((market) => [marketKeyOf(market), market]));
    const storedByKey = new Map(stored.map((market) => [marketKeyOf(market), market]));
    const suspendUntil =
      this.inPlay && sim.keyAt !== null && sim.keyAt + SUSPEND_AFTER_KEY_MS > now.getTime()
        ? new Date(sim.keyAt + SUSPEND_AFTER_KEY_MS)
        : undefined;
    for (const market of stored) {
      if (market.status === 'resulted' || market.status === 'void') continue;
      const key = keyOf(market);
      const result = model.settle(key, state, sim.finished);
      if (result !== null) changes.push({ ...key, result });
      else if (sim.finished) changes.push({ ...key, void: true });
      else if (!pricedByKey.has(marketKeyOf(market)) && market.status !== 'closed')
        changes.push({ ...key, close: true });
    }
    let sort = stored.length;
    for (const market of priced) {
      const existing = storedByKey.get(marketKeyOf(market));
      if (
        existing &&
        (existing.status === 'resulted' || existing.status === 'void' || existing.status === 'closed')
      )
        continue;
      if (changes.some((change) => marketKeyOf(change) === marketKeyOf(market) && change.result)) continue;
      changes.push({
        type: market.type,
        param: market.param,
        lineMilli: market.lineMilli,
        selections: market.selections,
        ...(existing ? {} : { create: { ...marketSettings(market.type), sort: sort++ } }),
        ...(suspendUntil ? { suspendUntil } : {}),
      });
    }
    return changes;
  }
}

const keyOf = (market: MarketKey): MarketKey => ({
  type: market.type,
  param: market.param,
  lineMilli: market.lineMilli,
});
