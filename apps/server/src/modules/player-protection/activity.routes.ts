import { activityQuery, activityResponse } from '@lotus/shared/player-protection.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../../plugins/auth.ts';
import type { ActivityService } from './activity.service.ts';

/** "My activity" (docs/player-protection.md): the member's money per day, for the chart. */
export function activityRoutes(service: ActivityService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/member/activity',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['player-protection'],
          summary:
            "The member's deposits, withdrawals, stakes, wins, net and rounds per UTC day, with totals",
          description:
            'Both ends included; every day of the range is listed, zeros included. Errors: not_logged_in 401, ' +
            'date_range_invalid 400 (not a calendar day, from after to, or more than 366 days).',
          querystring: activityQuery,
          response: { 200: activityResponse },
        },
      },
      async (request) => ok(await service.report(actorOf(request), request.query)),
    );
  };
}
