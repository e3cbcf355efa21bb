import type { SportModel } from '@lotus/games/sports/types';
import type { SbFeedColumn } from '../../db/tables/sportsbook.ts';
import { derivedSeed, type SimModels, type SimState, SimulatorFeed } from './simulator-feed.ts';
import { ARENA_COMPETITION, DEMO_COMPETITIONS, type DemoCompetition } from './sports-fixtures-catalogue.ts';
import type { FeedFixture, FeedUpdate, RunningEvent, StoredMarket } from './sportsbook-feed.ts';

/** docs/sportsbook.md "Trading feed": a fight every 3 minutes, betting open for its first 100 s. */
export const ARENA_EVERY_MS = 180_000;
export const ARENA_WINDOW_MS = 100_000;
/** The fight itself: its result comes this long after betting closes. */
export const ARENA_FIGHT_MS = 60_000;
/** Fights announced ahead (the arena page shows the next ones). */
const ARENA_AHEAD = 4;
/** About one fight in a hundred is called off (every bet refunded). */
const CANCEL_CHANCE = 0.01;

/**
 * The cockfight arena (sabong): the simulator with the cockfight model, on a fixed 3-minute rhythm. Each
 * fight is announced ahead with its market suspended until its window opens; meron and wala are priced once
 * from the roosters' ratings (their chances with a draw taken out, as a draw voids them) and the draw is
 * fixed at 9.00. When the window closes the fight is live and the market closed; a minute later the model
 * gives the result — or, rarely, the fight is cancelled.
 */
export class ArenaFeed extends SimulatorFeed {
  override readonly name: SbFeedColumn = 'arena';
  protected override readonly inPlay = false;

  constructor(
    models: SimModels,
    competitions: DemoCompetition[] = DEMO_COMPETITIONS.filter((c) => c.code === ARENA_COMPETITION),
  ) {
    super(models, competitions);
  }

  override async fixtures(now: Date, _horizon: Date): Promise<FeedFixture[]> {
    const list: FeedFixture[] = [];
    const first = Math.floor(now.getTime() / ARENA_EVERY_MS);
    for (const competition of this.competitions) {
      for (let slot = first; slot <= first + ARENA_AHEAD; slot += 1) {
        const opensAt = slot * ARENA_EVERY_MS;
        // A fight whose window already closed is not announced any more (a fresh site starts with the next).
        if (opensAt + ARENA_WINDOW_MS <= now.getTime()) continue;
        list.push(this.fight(competition, `${competition.code}-${slot}`, new Date(opensAt), now));
      }
    }
    return list;
  }

  fight(competition: DemoCompetition, feedRef: string, opensAt: Date, now: Date): FeedFixture {
    const fixture = this.fixture(competition, feedRef, new Date(opensAt.getTime() + ARENA_WINDOW_MS));
    if (opensAt.getTime() > now.getTime()) {
      fixture.markets = fixture.markets.map((market) => ({ ...market, suspendedUntil: opensAt }));
    }
    return fixture;
  }

  protected override firstStepAt(event: RunningEvent): number {
    return event.startsAt.getTime() + ARENA_FIGHT_MS;
  }

  override play(
    event: RunningEvent,
    stored: StoredMarket[],
    now: Date,
    limit: { untilMs?: number; steps?: number; toEnd?: boolean },
  ): FeedUpdate {
    const sim = event.model as SimState;
    const due =
      limit.toEnd === true ||
      limit.steps !== undefined ||
      (sim.nextAt !== null && sim.nextAt <= now.getTime());
    if (event.status === 'live' && due && this.calledOff(sim)) {
      return { eventId: event.id, status: 'cancelled', cancelReason: 'fight called off by the referee' };
    }
    return super.play(event, stored, now, limit);
  }

  /** Whether this fight is one of the rare ones called off (from its seed: every process agrees). */
  calledOff(sim: SimState): boolean {
    return this.models.seededRng(derivedSeed(sim.seed, 'cancel')).next() < CANCEL_CHANCE;
  }

  protected override stepMs(_model: SportModel, _state: unknown): number {
    return ARENA_FIGHT_MS;
  }
}
