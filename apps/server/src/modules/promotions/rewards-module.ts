import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { rewardsRoutes } from './rewards.routes.ts';
import { RewardsService } from './rewards.service.ts';

/**
 * Wires the reward centre as the server uses it (app.ts). `service.countUnclaimed` is what the messages
 * module's unread count adds to its own (SPEC §2: unclaimed promotions plus unread messages).
 */
export function createRewards(deps: { db: Kysely<Database>; ledger: LedgerService; clock: Clock }): {
  service: RewardsService;
  routes: FastifyPluginAsyncZod;
} {
  const service = new RewardsService(deps);
  return { service, routes: rewardsRoutes(service) };
}
