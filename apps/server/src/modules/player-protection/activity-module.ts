import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/unit-of-work.ts';
import { activityRoutes } from './activity.routes.ts';
import { ActivityService } from './activity.service.ts';

/**
 * "My activity" (issue 17): the read of member_activity_days. The money paths write those days through
 * `protectionIn(trx)` (activity-api.ts), in their own transactions.
 */
export function createActivityModule(deps: { db: Db }): {
  routes: FastifyPluginAsyncZod;
  api: Record<string, never>;
} {
  return { routes: activityRoutes(new ActivityService({ db: deps.db })), api: {} };
}
