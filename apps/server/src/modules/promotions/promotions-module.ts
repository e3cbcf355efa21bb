import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerApi } from '../ledger/ledger-module.ts';
import { rewardsRoutes } from './rewards.routes.ts';
import { RewardsService } from './rewards.service.ts';

/**
 * What other modules use of the reward centre: the messages module's unread count adds unclaimed rewards;
 * the loyalty jobs (rebates, VIP rewards, missions, referral) grant through `grantIn`, once per source key.
 */
export type PromotionsApi = Pick<RewardsService, 'countUnclaimed' | 'grantIn'>;

/**
 * The reward centre (docs/api.md "Reward centre"): rewards granted to a member, claimed into the main
 * wallet. `api.countUnclaimed` is what the header's unread count adds (SPEC §2: unclaimed promotions plus
 * unread messages).
 */
export function createPromotionsModule(deps: { db: Kysely<Database>; ledger: LedgerApi; clock: Clock }): {
  routes: FastifyPluginAsyncZod;
  api: PromotionsApi;
} {
  const service = new RewardsService(deps);
  return { routes: rewardsRoutes(service), api: service };
}
