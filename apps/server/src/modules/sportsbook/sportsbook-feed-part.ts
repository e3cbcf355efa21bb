import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobSpec } from '../jobs/jobs-api.ts';
import type { SportsbookModuleDeps } from './sportsbook-deps.ts';

/**
 * The feed part of the sportsbook (docs/sportsbook.md "Trading feed"): fixtures, the simulator and the
 * cockfight arena behind the `SportsFeed` adapter, markets and prices, suspensions, results; the public
 * reads (`/sportsbook/api/sports`, `/events`, `/events/:eventId`) and the operators' market actions.
 * Jobs: `sports.fixtures` (keeps the calendar filled) and `sports.feed` (plays live events to the clock).
 */
export function createSportsbookFeed(_deps: SportsbookModuleDeps): {
  routes: FastifyPluginAsyncZod;
  jobs: JobSpec[];
} {
  return { routes: async () => {}, jobs: [] };
}
