import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { freeRoundsRoutes } from './free-rounds.routes.ts';
import { type FreeRoundFunding, FreeRoundsService } from './free-rounds.service.ts';

/**
 * Free rounds in an in-house slot, the promotion engine's third award (issue 19; docs/promotion-engine.md
 * "Free rounds"). `api` is what the in-house studio calls around a free round.
 */
export function createFreeRoundsModule(deps: { db: Db; clock: Clock; log?: FastifyBaseLogger }): {
  routes: FastifyPluginAsyncZod;
  api: FreeRoundFunding;
} {
  const service = new FreeRoundsService(deps);
  return { routes: freeRoundsRoutes(service), api: service };
}
