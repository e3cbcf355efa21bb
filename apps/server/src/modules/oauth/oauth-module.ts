import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { TelegramConfig } from '../../config/env.ts';
import type { Database } from '../../db/schema.ts';
import type { SessionsApi } from '../auth/auth-api.ts';
import type { MembersApi } from '../members/members-api.ts';
import { IdentityMembersService } from './identity-members.service.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { type BrandIdResolver, OauthService } from './oauth.service.ts';
import { type OidcConfigs, OidcService } from './oidc.service.ts';
import { TelegramService } from './telegram.service.ts';

export type OauthModuleDeps = {
  db: Kysely<Database>;
  oidc: OidcConfigs;
  telegram: TelegramConfig | null;
  members: MembersApi;
  sessions: SessionsApi;
  /** The brand a host serves (system module). */
  resolveBrand: BrandIdResolver;
};

/** Log-in with Google, Facebook and Telegram (docs/accounts-contract.md "Third-party log-in"). */
export function createOauthModule(deps: OauthModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: Record<string, never>;
} {
  const clock = deps.sessions.clock;
  const service = new OauthService(
    new OidcService(deps.oidc, deps.db, clock),
    new TelegramService(deps.telegram, clock),
    new IdentityMembersService(deps.db, deps.members, deps.sessions),
    deps.resolveBrand,
  );
  return { routes: oauthRoutes(service), api: {} };
}
