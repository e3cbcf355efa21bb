import type { RegisterSetting } from '@lotus/shared/system.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RegistrationApi } from '../registration/registration-module.ts';
import { type AgentTreeApi, createAgentTreeApi } from './agent-tree.ts';
import { AgentsRepository } from './agents.repository.ts';
import { agentsRoutes } from './agents.routes.ts';
import { AgentsService, type AgentsServiceDeps } from './agents.service.ts';
import { TeamReportsRepository } from './team-reports.repository.ts';
import { teamReportsRoutes } from './team-reports.routes.ts';
import { TeamReportsService } from './team-reports.service.ts';

export type AgentsModuleDeps = {
  db: Kysely<Database>;
  registerSetting: (visitor: { ip: string; host: string | null }) => Promise<RegisterSetting>;
  findByUsername: AgentsServiceDeps['findByUsername'];
  /** Makes a downline's account by registration's own rule (registration module). */
  registration: RegistrationApi;
  audit: AgentsServiceDeps['audit'];
  clock: Clock;
};

/** What other modules may use: the team's betting sums over the member tree (the bases of contracts). */
export type AgentsApi = AgentTreeApi;

/**
 * The agent centre (docs/agents-contract.md): team overview, downline, registration, transfers, and the
 * reports over the member tree and the betting aggregates (team betting, loss statements, income).
 */
export function createAgentsModule(deps: AgentsModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: AgentsApi;
} {
  const reports = new TeamReportsService({
    repository: new TeamReportsRepository(deps.db),
    clock: deps.clock,
  });
  const service = new AgentsService({
    repository: new AgentsRepository(deps.db),
    registration: deps.registration,
    registerSetting: deps.registerSetting,
    findByUsername: deps.findByUsername,
    audit: deps.audit,
    clock: deps.clock,
    teamMoves: (agent, filter) => reports.teamMoves(agent, filter),
  });
  return {
    routes: async (app) => {
      await app.register(agentsRoutes(service));
      await app.register(teamReportsRoutes(reports));
    },
    api: createAgentTreeApi(deps.db, deps.clock),
  };
}
