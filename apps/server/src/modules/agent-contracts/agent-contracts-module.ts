import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobSpec, JobsApi } from '../jobs/jobs-api.ts';
import { agentContractsDevRoutes } from './agent-contracts.dev-routes.ts';
import { agentContractsRoutes } from './agent-contracts.routes.ts';
import { ContractsService } from './contracts.service.ts';
import { OperatorContractsService } from './operator-contracts.service.ts';
import {
  PLAN_EVERY_MS,
  PLAN_JOB,
  SETTLE_JOB,
  SettlementsService,
  type TeamFiguresSource,
} from './settlements.service.ts';

export type AgentContractsModuleDeps = {
  db: Db;
  clock: Clock;
  /** The one job queue (modules/jobs): the planner queues one settlement job per (contract, period). */
  jobs: JobsApi;
  /** A team's figures over a period (the agents module's api: `teamFigures` over its betting aggregates). */
  figures: TeamFiguresSource;
  log?: FastifyBaseLogger;
  /** DEV_INBOX: registers the browser journeys' `POST /dev/agents/settle-now`. */
  devInbox?: boolean;
};

export type AgentContractsApi = {
  contracts: ContractsService;
  settlements: SettlementsService;
  operators: OperatorContractsService;
};

/** The services of the module without routes: the factory's, the operator CLI's and the seed's. */
export function agentContractsServices(deps: AgentContractsModuleDeps): AgentContractsApi {
  const contracts = new ContractsService({ db: deps.db, clock: deps.clock });
  const settlements = new SettlementsService({
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs,
    figures: deps.figures,
    ...(deps.log ? { log: deps.log } : {}),
  });
  const operators = new OperatorContractsService({ db: deps.db, settlements });
  return { contracts, settlements, operators };
}

/**
 * Agent contracts (issue 18, docs/agent-contracts.md): dividend and salary contracts between an upline and a
 * direct downline agent (or the brand and a top agent), the four relay calls, the consolidated fields, the
 * settlement jobs on the one queue, and the back office's side.
 */
export function createAgentContractsModule(deps: AgentContractsModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: AgentContractsApi;
  jobs: JobSpec[];
} {
  const api = agentContractsServices(deps);
  const routes = agentContractsRoutes(api);
  const devRoutes = deps.devInbox ? agentContractsDevRoutes(api.settlements) : null;
  return {
    routes: devRoutes
      ? async (app, options) => {
          await routes(app, options);
          await devRoutes(app, options);
        }
      : routes,
    api,
    jobs: [
      { name: PLAN_JOB, everyMs: PLAN_EVERY_MS, run: ({ now }) => api.settlements.plan(now) },
      { name: SETTLE_JOB, run: ({ payload }) => api.settlements.runJob(payload) },
    ],
  };
}
