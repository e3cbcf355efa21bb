import type { RegisterSetting } from '@lotus/shared/system.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { NewMembers } from '../registration/registration.service.ts';
import { AgentsRepository } from './agents.repository.ts';
import { agentsRoutes } from './agents.routes.ts';
import { AgentsService, type AgentsServiceDeps } from './agents.service.ts';

export type AgentsModuleDeps = {
  db: Kysely<Database>;
  registerSetting: (visitor: { ip: string; host: string | null }) => Promise<RegisterSetting>;
  findByUsername: AgentsServiceDeps['findByUsername'];
  audit: AgentsServiceDeps['audit'];
  clock: Clock;
};

/** The agent centre's service and routes (app.ts registers `routes`). */
export function createAgents(deps: AgentsModuleDeps): {
  service: AgentsService;
  routes: FastifyPluginAsyncZod;
} {
  const service = new AgentsService({
    repository: new AgentsRepository(deps.db),
    registration: new NewMembers(deps.db),
    registerSetting: deps.registerSetting,
    findByUsername: deps.findByUsername,
    audit: deps.audit,
    clock: deps.clock,
  });
  return { service, routes: agentsRoutes(service) };
}
