import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import type { PromotionsApi } from '../promotions/promotions-module.ts';
import type { RanksApi } from '../ranks/ranks-module.ts';
import { loyaltyDevRoutes } from './loyalty.dev-routes.ts';
import { loyaltyRoutes } from './loyalty.routes.ts';
import { ProfitService } from './profit.service.ts';
import { REBATE_EVERY_MS, REBATE_JOB, RebatesService } from './rebates.service.ts';

export type LoyaltyModuleDeps = {
  db: Db;
  clock: Clock;
  /** The reward centre's job grants (rebates are rewards the player claims). */
  rewards: Pick<PromotionsApi, 'grantIn'>;
  /** The ladder's rebate rates, and the VIP job the dev hook runs. */
  ranks: RanksApi;
  log?: FastifyBaseLogger;
  /** DEV_INBOX: registers the browser journeys' `POST /dev/loyalty/run-now`. */
  devInbox?: boolean;
};

export type LoyaltyApi = { rebates: RebatesService };

/**
 * Loyalty (issue 19, docs/loyalty.md): the daily rebate job and the player's rebate history, and personal
 * profit and loss. VIP progression itself is the ranks module's (its job and the rank page).
 */
export function createLoyaltyModule(deps: LoyaltyModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: LoyaltyApi;
  jobs: JobSpec[];
} {
  const rebates = new RebatesService({
    db: deps.db,
    clock: deps.clock,
    rewards: deps.rewards,
    ranks: deps.ranks,
    ...(deps.log ? { log: deps.log } : {}),
  });
  const profit = new ProfitService({ db: deps.db });
  const routes = loyaltyRoutes({ profit, rebates });
  const devRoutes = deps.devInbox ? loyaltyDevRoutes({ rebates, progression: deps.ranks.progression }) : null;
  return {
    routes: devRoutes
      ? async (app, options) => {
          await routes(app, options);
          await devRoutes(app, options);
        }
      : routes,
    api: { rebates },
    jobs: [{ name: REBATE_JOB, everyMs: REBATE_EVERY_MS, run: ({ now }) => rebates.run(now) }],
  };
}
