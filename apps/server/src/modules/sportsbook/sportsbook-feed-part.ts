import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobSpec } from '../jobs/jobs-api.ts';
import { ArenaFeed } from './arena-feed.ts';
import type { SimModels } from './simulator-feed.ts';
import { SimulatorFeed } from './simulator-feed.ts';
import { simModels } from './simulator-models.ts';
import type { SportsbookModuleDeps } from './sportsbook-deps.ts';
import { sportsbookDevRoutes } from './sportsbook-dev.routes.ts';
import {
  FEED_EVERY_MS,
  FEED_JOB,
  FIXTURES_EVERY_MS,
  FIXTURES_JOB,
  SportsbookFeedService,
} from './sportsbook-feed.service.ts';
import type { SportsFeed } from './sportsbook-feed.ts';
import { sportsbookMarketsRoutes } from './sportsbook-markets.routes.ts';
import { SportsbookMarketsService } from './sportsbook-markets.service.ts';
import { sportsbookPublicRoutes } from './sportsbook-public.routes.ts';
import { SportsbookPublicService } from './sportsbook-public.service.ts';

/** The feeds the book runs: the simulator and the cockfight arena (a real feed would be added here). */
export function sportsFeeds(models: SimModels = simModels): SportsFeed[] {
  return [new SimulatorFeed(models), new ArenaFeed(models)];
}

/** The channel the book's triggers announce on (migration 0035), payload: the sports event id. */
export const SPORTS_CHANNEL = 'lotus_sports';

/** The `sportsEventOf` port of the realtime socket (issue 21): an event's summary with its brand. */
export function sportsEventSnapshots(deps: Pick<SportsbookModuleDeps, 'db' | 'clock'>) {
  const reads = new SportsbookPublicService({ db: deps.db, clock: deps.clock });
  return (eventId: bigint) => reads.snapshot(eventId);
}

/** The feed part's services without routes: the factory's, the seed's and the tests'. */
export function sportsbookFeedServices(deps: Pick<SportsbookModuleDeps, 'db' | 'clock' | 'log' | 'brandOf'>) {
  return {
    feed: new SportsbookFeedService({ db: deps.db, clock: deps.clock, log: deps.log, feeds: sportsFeeds() }),
    reads: new SportsbookPublicService({ db: deps.db, clock: deps.clock, brandOf: deps.brandOf }),
    markets: new SportsbookMarketsService({ db: deps.db }),
  };
}

/**
 * The feed part of the sportsbook (docs/sportsbook.md "Trading feed"): fixtures, the simulator and the
 * cockfight arena behind the `SportsFeed` adapter, markets and prices, suspensions, results; the public
 * reads (`/sportsbook/api/events`, `/events/:eventId`) and the operators' market actions.
 * Jobs: `sports.fixtures` (keeps the calendar filled) and `sports.feed` (plays live events to the clock).
 */
export function createSportsbookFeed(deps: SportsbookModuleDeps): {
  routes: FastifyPluginAsyncZod;
  jobs: JobSpec[];
} {
  const services = sportsbookFeedServices(deps);
  const parts = [
    sportsbookPublicRoutes(services.reads),
    sportsbookMarketsRoutes(services.markets),
    ...(deps.devInbox ? [sportsbookDevRoutes(services.feed, services.reads)] : []),
  ];
  return {
    routes: async (app, options) => {
      for (const part of parts) await part(app, options);
    },
    jobs: [
      {
        name: FIXTURES_JOB,
        everyMs: FIXTURES_EVERY_MS,
        run: async ({ now }) => {
          await services.feed.fillCalendar(now);
        },
      },
      {
        name: FEED_JOB,
        everyMs: FEED_EVERY_MS,
        // A tick is short; a stuck one is taken over quickly rather than stopping the games for 5 minutes.
        leaseMs: 30_000,
        run: async ({ now }) => {
          await services.feed.tick(now);
        },
      },
    ],
  };
}
