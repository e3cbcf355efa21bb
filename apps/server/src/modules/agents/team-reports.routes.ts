import {
  agentIncomeQuerySchema,
  agentIncomeResponse,
  teamBettingQuerySchema,
  teamBettingResponse,
  teamLossQuerySchema,
  teamLossResponse,
} from '@lotus/shared/agent-reports.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../../plugins/auth.ts';
import { requireAgent } from './agents.service.ts';
import type { TeamReportsService } from './team-reports.service.ts';

const RANGE_RULE = 'dates yyyy-MM-dd (UTC days, inclusive), at most 92 days, default the last 7';

/**
 * The agent centre's reports (docs/api.md "Agent centre"). Like every agents route: a login (the root auth
 * hook answers 401 first), then this plugin's onRequest hook refuses a non-agent with `403 error_not_agent`
 * before the query is read.
 */
export function teamReportsRoutes(service: TeamReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      requireAgent(actorOf(request));
    });

    app.get(
      '/wps/agent/team/betting',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['agents'],
          summary: `Team betting per direct downline (its whole subtree) and game type, with totals; ${RANGE_RULE}`,
          description:
            'net is the player view (payout − stake). 404 downline_not_in_team for another `downline`.',
          querystring: teamBettingQuerySchema,
          response: { 200: teamBettingResponse },
        },
      },
      async (request) => ok(await service.teamBetting(actorOf(request), request.query)),
    );

    app.get(
      '/wps/agent/team/loss',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['agents'],
          summary: `Downline loss statements: net per team member per day, week or month; ${RANGE_RULE}`,
          querystring: teamLossQuerySchema,
          response: { 200: teamLossResponse },
        },
      },
      async (request) => ok(await service.teamLoss(actorOf(request), request.query)),
    );

    app.get(
      '/wps/agent/income',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['agents'],
          summary: `My income: commissions, dividends and salaries paid to the agent, per day; ${RANGE_RULE}`,
          querystring: agentIncomeQuerySchema,
          response: { 200: agentIncomeResponse },
        },
      },
      async (request) => ok(await service.income(actorOf(request), request.query)),
    );
  };
}
