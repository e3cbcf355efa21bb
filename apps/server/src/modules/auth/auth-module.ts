import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AttemptCounter } from '../../lib/attempt-gate.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ChangeFeed, ProcessCache } from '../../lib/process-cache.ts';
import type { MembersApi } from '../members/members-api.ts';
import { accessChangeOf, memberTag } from './access-changes.ts';
import type { SessionAccess } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import type { AccessRevoker, AuthApi } from './auth-api.ts';
import { LoginChallengeService } from './login-challenge.service.ts';
import type { LoginBrandResolver, LoginVerification, PlayProtectionGate } from './login-dependencies.ts';
import { RememberService } from './remember.service.ts';
import { SealedPayloadService } from './sealed-payload.service.ts';
import { SessionRevocationService } from './session-revocation.service.ts';
import { type PasswordPolicyOf, SessionsService } from './sessions.service.ts';

export type AuthModuleDeps = {
  db: Kysely<Database>;
  clock: Clock;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  members: MembersApi;
  /** The brand a login is for (system module), with its captcha mode and flags. */
  resolveBrand: LoginBrandResolver;
  /** The brand's password-age policy (system module). */
  passwordPolicyOf: PasswordPolicyOf;
  /** Captcha, human check and login codes (verification module). */
  verification: LoginVerification & { codes: ConstructorParameters<typeof LoginChallengeService>[3] };
  /** The IP throttle and captcha-rule counters (attempt-gates module). */
  gates: AttemptCounter;
  /** This process's `lotus_access` feed (ACCESS_CHANNEL): the session cache follows it. */
  accessChanges: ChangeFeed;
  /** Exclusions refuse a login; a new session gets its reality check and time limit (player protection). */
  protection: PlayProtectionGate;
};

/**
 * Sessions kept per process. An entry is a few hundred bytes; past this the least recently used session is
 * read from the database again at its next request.
 */
const SESSION_CACHE_ENTRIES = 50_000;

/**
 * The one revocation path on its own, for callers outside the app (the operator CLI's `member:status`);
 * the app's modules get it as `api.revocation`.
 */
export function createAccessRevoker(deps: { db: Kysely<Database>; clock: Clock }): AccessRevoker {
  return revocationService(deps);
}

function revocationService(
  deps: { db: Kysely<Database>; clock: Clock },
  revoked?: (memberId: bigint) => void,
): SessionRevocationService {
  return new SessionRevocationService(deps.db, deps.clock, revoked);
}

/**
 * Accounts (docs/accounts-contract.md): log-in, sessions, remember-me, login challenges, sealed payloads
 * and the one revocation path. `authService` is what the auth plugin (plugins/auth.ts) checks tokens with.
 */
export function createAuthModule(deps: AuthModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: AuthApi;
  authService: AuthService;
} {
  const sealed = new SealedPayloadService(deps.db);
  const sessionOptions = {
    idleMs: deps.sessionIdleMs,
    absoluteMs: deps.sessionAbsoluteMs,
    clock: deps.clock,
  };
  // One SessionsService opens sessions for every way in (password, SMS, remember-me, OAuth, registration).
  const sessions = new SessionsService(
    deps.members,
    deps.db,
    deps.passwordPolicyOf,
    sessionOptions,
    deps.protection,
  );
  const sessionCache = new ProcessCache<SessionAccess>({ maxEntries: SESSION_CACHE_ENTRIES });
  deps.accessChanges.follow(sessionCache, (payload) => {
    const change = accessChangeOf(payload);
    if (change) sessionCache.deleteTag(memberTag(change.memberId));
  });
  // ARCHITECTURE §9 "One revocation path": logout, password change / reset and operator lock / disable.
  // This process drops the member's cached sessions as soon as the revocation commits.
  const revocation = revocationService(deps, (memberId) => sessionCache.deleteTag(memberTag(memberId)));
  const challenges = new LoginChallengeService(
    deps.db,
    deps.members,
    sessions,
    deps.verification.codes,
    deps.clock,
  );
  const remember = new RememberService(deps.db, sessions, deps.clock);
  const authService = new AuthService(
    {
      members: deps.members,
      db: deps.db,
      sessions,
      challenges,
      remember,
      verification: deps.verification,
      resolveBrand: deps.resolveBrand,
      gates: deps.gates,
      revocation,
      sessionCache,
    },
    sessionOptions,
  );
  return {
    routes: authRoutes(authService, sealed, challenges, remember),
    api: {
      sealed,
      sessions,
      revocation,
      authenticate: (token, options) => authService.authenticate(token, options),
      provenMember: (payload, context) => authService.provenMember(payload, context),
      audit: sessions.audit.bind(sessions),
      sessionsChanged: (memberId) => sessionCache.deleteTag(memberTag(memberId)),
    },
    authService,
  };
}
