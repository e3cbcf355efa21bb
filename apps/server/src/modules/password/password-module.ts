import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { passwordRoutes } from './password.routes.ts';
import { PasswordService, type PasswordServiceDeps } from './password.service.ts';

export type PasswordModuleDeps = { db: Kysely<Database> } & Omit<PasswordServiceDeps, 'db'>;

/** Password change, forgotten-password reset by SMS or e-mail (docs/accounts-contract.md "Passwords"). */
export function createPasswordModule(deps: PasswordModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: Record<string, never>;
} {
  const service = new PasswordService(deps);
  return { routes: passwordRoutes(service), api: {} };
}
