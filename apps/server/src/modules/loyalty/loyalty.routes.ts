import {
  profitQuery,
  profitResponse,
  rebateListQuery,
  rebateListResponse,
} from '@lotus/shared/loyalty.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { routeOptionsIn } from '../../lib/route-options.ts';
import { actorOf } from '../../plugins/auth.ts';
import type { ProfitService } from './profit.service.ts';
import type { RebatesService } from './rebates.service.ts';

const route = routeOptionsIn(['loyalty']);

/** Personal P/L and the rebate history (docs/loyalty.md). */
export function loyaltyRoutes(services: {
  profit: ProfitService;
  rebates: RebatesService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/member/profit',
      route(
        "The member's game profit and loss per UTC day and game type, with totals and the days' rebates",
        {
          description:
            'From the settled rounds; both days included, every day listed (zeros included), at most 92 days. ' +
            'netMinor = payout − stake; rebateMinor (granted rebates of those days) is not added into it. ' +
            'Errors: not_logged_in 401, date_range_invalid 400.',
          querystring: profitQuery,
          response: { 200: profitResponse },
        },
        { auth: 'required' },
      ),
      async (request) => ok(await services.profit.report(actorOf(request), request.query)),
    );
    app.get(
      '/wps/member/rebates',
      route(
        "The member's daily rebates, newest first, with each reward's state in the reward centre",
        {
          description:
            'Errors: not_logged_in 401, in_need_true_account 403 (trial / type-4 accounts get none).',
          querystring: rebateListQuery,
          response: { 200: rebateListResponse },
        },
        { auth: 'required' },
      ),
      async (request) => ok(await services.rebates.history(actorOf(request), request.query)),
    );
  };
}
