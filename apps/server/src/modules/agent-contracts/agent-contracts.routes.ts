import {
  agentConsolidatedResponse,
  agentContractsResponse,
  CONTRACT_ACTION_BODIES,
  CONTRACT_KINDS,
  CONTRACT_RELAY_PATHS,
  contractActionResponse,
  contractIdParams,
  contractResponse,
  contractsPageResponse,
  operatorAgentKindParams,
  operatorContractDetailResponse,
  operatorContractsQuery,
  operatorEndContractBody,
  operatorRerunBody,
  operatorTopContractBody,
  settlementResponse,
  settlementsPageResponse,
  settlementsQuerySchema,
} from '@lotus/shared/agent-contracts.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../../plugins/auth.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { ContractActor, ContractsService } from './contracts.service.ts';
import { requireAgent } from './contracts.service.ts';
import type { OperatorContractsService } from './operator-contracts.service.ts';
import type { SettlementsService } from './settlements.service.ts';

const TAGS = ['agent contracts'];
const AGENT_ERRORS = 'Errors: not_logged_in 401, error_not_agent 403 (not a real agent account).';
const ACTION_ERRORS =
  'contract_rate_invalid 400, amount_invalid 400, contract_not_direct_downline 409, contract_downline_not_agent 409, contract_upline_none 409, contract_rate_above_upline 409 (value: maxRateBps, maxRate), contract_not_found 404, contract_state_invalid 409.';

/** The operator as the contract services audit it. */
function operatorActorOf(request: FastifyRequest, reason: string): ContractActor & { by: 'operator' } {
  const operator = operatorOf(request);
  return {
    by: 'operator',
    brandId: operator.brandId,
    operatorId: operator.operatorId,
    ip: request.ip,
    reason,
  };
}

/**
 * Agent contracts (issue 18; docs/api.md "Agent contracts"; schemas: packages/shared agent-contracts.schema).
 * The agent's side: the four relay calls of SPEC §7 (GET reads the agent's contracts of the kind, POST takes
 * an action), the consolidated fields and the settlement records; every one refuses a non-agent with
 * `403 error_not_agent` before its input is read. The operator's side under `/wps/ops/`.
 */
export function agentContractsRoutes(deps: {
  contracts: ContractsService;
  settlements: SettlementsService;
  operators: OperatorContractsService;
}): FastifyPluginAsyncZod {
  const { contracts, settlements, operators } = deps;
  const agentRoutes: FastifyPluginAsyncZod = async (app) => {
    app.addHook('onRequest', async (request) => {
      requireAgent(actorOf(request));
    });
    for (const kind of CONTRACT_KINDS) {
      const path = CONTRACT_RELAY_PATHS[kind];
      app.get(
        path,
        {
          config: { auth: 'required' },
          schema: {
            tags: TAGS,
            summary: `The agent's ${kind} contracts: its own, offers waiting for it, those it made, history`,
            description: AGENT_ERRORS,
            response: { 200: agentContractsResponse },
          },
        },
        async (request) => ok(await contracts.contractsOf(actorOf(request), kind)),
      );
      app.post(
        path,
        {
          config: { auth: 'required' },
          schema: {
            tags: TAGS,
            summary: `A ${kind} contract action: offer | accept | reject | end | list`,
            description: `${AGENT_ERRORS} ${ACTION_ERRORS}`,
            body: CONTRACT_ACTION_BODIES[kind],
            response: { 200: contractActionResponse },
          },
        },
        async (request) => ok(await contracts.act(actorOf(request), kind, request.body, request.ip)),
      );
    }

    app.get(
      '/wps/agent/consolidated',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: 'SPEC §3 consolidated: contract offers waiting per kind, and the kinds that apply',
          description: AGENT_ERRORS,
          response: { 200: agentConsolidatedResponse },
        },
      },
      async (request) => ok(await contracts.consolidated(actorOf(request))),
    );

    app.get(
      '/wps/agent/contracts/settlements',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: "Settlements of the agent's contracts of a kind (received) or of those it pays (paid)",
          description: `${AGENT_ERRORS} invalid_request 400 (dates).`,
          querystring: settlementsQuerySchema,
          response: { 200: settlementsPageResponse },
        },
      },
      async (request) => ok(await settlements.forAgent(actorOf(request), request.query)),
    );
  };

  const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
    app.put(
      '/wps/ops/agents/:username/contracts/:kind',
      {
        config: { operator: [] },
        schema: {
          tags: ['back office'],
          summary:
            "Sets a top agent's contract of a kind with the brand as upline (accepted at once; audited)",
          description:
            'Errors: not_found 404, contract_downline_not_agent 409, contract_not_top_agent 409, contract_terms_invalid 400, contract_rate_invalid 400, operator_forbidden 403.',
          params: operatorAgentKindParams,
          body: operatorTopContractBody,
          response: { 200: contractResponse },
        },
      },
      async (request) =>
        ok(
          await contracts.setTop(
            operatorActorOf(request, request.body.reason),
            request.params.username,
            request.params.kind,
            request.body,
          ),
        ),
    );

    app.get(
      '/wps/ops/contracts',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary:
            'Contracts of the brand, newest first; filter by a part of either party’s username, kind, status',
          querystring: operatorContractsQuery,
          response: { 200: contractsPageResponse },
        },
      },
      async (request) => ok(await operators.page(operatorOf(request).brandId, request.query)),
    );

    app.get(
      '/wps/ops/contracts/:id',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: 'One contract and its settlements (newest first)',
          description: 'Errors: contract_not_found 404.',
          params: contractIdParams,
          response: { 200: operatorContractDetailResponse },
        },
      },
      async (request) => ok(await operators.detail(operatorOf(request).brandId, BigInt(request.params.id))),
    );

    app.post(
      '/wps/ops/contracts/:id/end',
      {
        config: { operator: [] },
        schema: {
          tags: ['back office'],
          summary: 'Ends a contract (or withdraws an offer) with a reason; the chain below it ends too',
          description: 'Errors: contract_not_found 404, contract_state_invalid 409.',
          params: contractIdParams,
          body: operatorEndContractBody,
          response: { 200: contractResponse },
        },
      },
      async (request) =>
        ok(
          await contracts.operatorEnd(
            operatorActorOf(request, request.body.reason),
            BigInt(request.params.id),
          ),
        ),
    );

    app.post(
      '/wps/ops/contracts/:id/rerun',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Recomputes one settled period; the difference is posted as an adjusting entry',
          description: 'Errors: settlement_not_found 404.',
          params: contractIdParams,
          body: operatorRerunBody,
          response: { 200: settlementResponse },
        },
      },
      async (request) =>
        ok(
          await operators.rerun(
            operatorActorOf(request, 'rerun'),
            BigInt(request.params.id),
            new Date(request.body.periodStart),
          ),
        ),
    );
  };

  return async (app, options) => {
    await app.register(agentRoutes, options);
    await app.register(operatorRoutes, options);
  };
}
