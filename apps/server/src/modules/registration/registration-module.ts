import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AttemptCounter } from '../../lib/attempt-gate.ts';
import type { SessionsApi } from '../auth/auth-api.ts';
import type { MembersApi } from '../members/members-api.ts';
import { registrationRoutes } from './registration.routes.ts';
import {
  NewMembers,
  RegistrationService,
  type RegistrationSystem,
  type RegistrationVerification,
} from './registration.service.ts';

export type RegistrationModuleDeps = {
  db: Kysely<Database>;
  members: MembersApi;
  sessions: SessionsApi;
  system: RegistrationSystem;
  verification: RegistrationVerification;
  /** Accounts made per IP (docs/api.md "Limits"). */
  gates: AttemptCounter;
};

/** What the agent centre uses of registration: the same rule for a downline's new account. */
export type RegistrationApi = Pick<NewMembers, 'insertMember'>;

/** Sign-up (docs/accounts-contract.md "Registration"); `api` makes accounts for the agent centre. */
export function createRegistrationModule(deps: RegistrationModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: RegistrationApi;
} {
  const service = new RegistrationService(
    deps.db,
    deps.members,
    deps.sessions,
    deps.system,
    deps.verification,
    deps.gates,
  );
  return { routes: registrationRoutes(service), api: new NewMembers(deps.db) };
}
