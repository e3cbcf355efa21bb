import type { RegisterSetting } from '@lotus/shared/system.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RegistrationApi } from '../registration/registration-module.ts';
import { AgentsRepository } from './agents.repository.ts';
import { agentsRoutes } from './agents.routes.ts';
import { AgentsService, type AgentsServiceDeps } from './agents.service.ts';

export type AgentsModuleDeps = {
  db: Kysely<Database>;
  registerSetting: (visitor: { ip: string; host: string | null }) => Promise<RegisterSetting>;
  findByUsername: AgentsServiceDeps['findByUsername'];
  /** Makes a downline's account by registration's own rule (registration module). */
  registration: RegistrationApi;
  audit: AgentsServiceDeps['audit'];
  clock: Clock;
};

/** The agent centre (docs/agents-contract.md): team overview, downline, registration and transfers. */
export function createAgentsModule(deps: AgentsModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: Record<string, never>;
} {
  const service = new AgentsService({
    repository: new AgentsRepository(deps.db),
    registration: deps.registration,
    registerSetting: deps.registerSetting,
    findByUsername: deps.findByUsername,
    audit: deps.audit,
    clock: deps.clock,
  });
  return { routes: agentsRoutes(service), api: {} };
}
