import {
  agentTransfersQuerySchema,
  agentTransfersResponse,
  downlinePageResponse,
  downlineQuerySchema,
  registerDownlinePayloadSchema,
  registeredDownlineResponse,
  teamOverviewResponse,
} from '@lotus/shared/agents.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { originOf } from '../../lib/request-origin.ts';
import { sealedBody } from '../../lib/sealed-body.ts';
import { actorOf } from '../../plugins/auth.ts';
import { type AgentsService, requireAgent } from './agents.service.ts';

const downlineBody = sealedBody(registerDownlinePayloadSchema, '{ username, password, nickname? }');

/**
 * Agent centre (docs/api.md "Agent centre"). Every route needs a login (the root auth hook answers 401
 * first) and an agent: this plugin's own onRequest hook refuses anyone else with `403 error_not_agent`
 * before the query or body is read, so a player learns nothing from validation errors either.
 */
export function agentsRoutes(service: AgentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      requireAgent(actorOf(request));
    });

    app.get(
      '/wps/agent/team/overview',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['agents'],
          summary: 'Team overview: downline counts, new members this month, direct balances, invitation code',
          response: { 200: teamOverviewResponse },
        },
      },
      async (request) => ok(await service.overview(actorOf(request))),
    );

    app.get(
      '/wps/agent/downlines',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['agents'],
          summary: 'The direct downline, newest first, paged; `username` searches a part of it',
          querystring: downlineQuerySchema,
          response: { 200: downlinePageResponse },
        },
      },
      async (request) => ok(await service.downlines(actorOf(request), request.query)),
    );

    app.post(
      '/wps/agent/downlines',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['agents'],
          summary: 'Registers a player account under the agent; sealed { username, password, nickname? }',
          body: downlineBody.schema,
          response: { 200: registeredDownlineResponse },
        },
        preHandler: downlineBody.open,
      },
      async (request) =>
        ok(await service.registerDownline(actorOf(request), downlineBody.of(request), originOf(request))),
    );

    app.get(
      '/wps/agent/transfers',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['agents'],
          summary: 'Downline transaction details: transfers between the agent and its direct downline',
          querystring: agentTransfersQuerySchema,
          response: { 200: agentTransfersResponse },
        },
      },
      async (request) => ok(await service.transfers(actorOf(request), request.query)),
    );
  };
}
