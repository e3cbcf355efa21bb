import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AttemptCounter } from '../../lib/attempt-gate.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SystemApi } from '../system/system-module.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { FeedbackService } from './feedback.service.ts';

export type FeedbackModuleDeps = {
  db: Kysely<Database>;
  brands: Pick<SystemApi, 'resolveBrand' | 'findBrandByCode'>;
  /** The ticket limit (docs/api.md "Limits"): the attempt-gates module's counters. */
  gates: AttemptCounter;
  clock: Clock;
};

/** Feedback tickets (the member's form and the operator CLI's listing, `api.listTickets`). */
export function createFeedbackModule(deps: FeedbackModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: FeedbackService;
} {
  const service = new FeedbackService(deps.db, deps.brands, deps.brands, {
    gates: deps.gates,
    clock: deps.clock,
  });
  return { routes: feedbackRoutes(service), api: service };
}
