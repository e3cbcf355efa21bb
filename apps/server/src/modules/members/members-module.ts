import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccessRevoker } from '../auth/auth-api.ts';
import { MemberAccounts } from './member-accounts.ts';
import { memberStatusRoutes } from './member-status.routes.ts';
import { MemberStatusService } from './member-status.service.ts';
import { membersRoutes } from './members.routes.ts';
import { type AuditFn, MembersService, type SupportedLanguagesOf } from './members.service.ts';
import type { MembersApi } from './members-api.ts';

export type MembersModuleDeps = {
  db: Kysely<Database>;
  /** The brand's languages (system module). */
  languagesOf: SupportedLanguagesOf;
  /** The member audit trail (auth module's `audit`). */
  audit: AuditFn;
  /** Ends a locked or disabled member's sessions (auth module's `revocation`). */
  revocation: AccessRevoker;
  /** Drops this process's cached sessions of a member whose session-visible fields changed (auth). */
  sessionsChanged: (memberId: bigint) => void;
};

/** The member's own profile, the back office's member status, and member lookups for other modules. */
export function createMembersModule(deps: MembersModuleDeps): {
  routes: FastifyPluginAsync;
  api: MembersApi;
} {
  const profile = new MembersService(deps.db, deps.languagesOf, deps.audit, deps.sessionsChanged);
  const status = new MemberStatusService(deps.db, deps.revocation);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(memberStatusRoutes(status));
    await app.register(membersRoutes(profile));
  };
  return { routes, api: new MemberAccounts(deps.db) };
}
