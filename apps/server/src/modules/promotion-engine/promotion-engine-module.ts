import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { promotionEngineRoutes } from './promotion-engine.routes.ts';
import { PromotionEngineService } from './promotion-engine.service.ts';
import { PromotionReviewService } from './promotion-review.service.ts';

export type PromotionEngineApi = { engine: PromotionEngineService; review: PromotionReviewService };

/** The services without routes: the factory's, the operator CLI's and the seed's. */
export function promotionEngineServices(deps: { db: Db; clock: Clock }): PromotionEngineApi {
  return { engine: new PromotionEngineService(deps), review: new PromotionReviewService(deps) };
}

/**
 * The promotion engine (issue 19, docs/promotion-engine.md): rules on top of the content promotions,
 * applications and their review, bonuses with wagering counted by a trigger on settled rounds, and the
 * withdrawal gate (`bonusGateIn`, which the withdrawals module calls in its own transaction).
 */
export function createPromotionEngineModule(deps: { db: Db; clock: Clock }): {
  routes: FastifyPluginAsyncZod;
  api: PromotionEngineApi;
} {
  const api = promotionEngineServices(deps);
  return { routes: promotionEngineRoutes(api), api };
}
