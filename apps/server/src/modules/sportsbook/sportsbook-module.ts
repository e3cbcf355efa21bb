import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobSpec } from '../jobs/jobs-api.ts';
import { createSportsbookBetting } from './sportsbook-betting-part.ts';
import type { SportsbookModuleDeps } from './sportsbook-deps.ts';
import { createSportsbookFeed } from './sportsbook-feed-part.ts';

export type { SportsbookModuleDeps } from './sportsbook-deps.ts';

/**
 * The sportsbook (issue 21, docs/sportsbook.md): sports, e-sports and cockfight as an in-house vendor
 * (`SPORTSBOOK`) behind the seamless-wallet protocol. Two parts over the tables of migration 0035:
 * - feed (`sportsbook-feed-part.ts`): fixtures, the simulator and arena, markets, prices, results, the
 *   public reads and the operators' market actions;
 * - betting (`sportsbook-betting-part.ts`): sessions, bets, settlement, cash-out, liability, voids and
 *   corrections.
 */
export function createSportsbookModule(deps: SportsbookModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: Record<string, never>;
  jobs: JobSpec[];
} {
  const feed = createSportsbookFeed(deps);
  const betting = createSportsbookBetting(deps);
  return {
    routes: async (app, options) => {
      await feed.routes(app, options);
      await betting.routes(app, options);
    },
    api: {},
    jobs: [...feed.jobs, ...betting.jobs],
  };
}
