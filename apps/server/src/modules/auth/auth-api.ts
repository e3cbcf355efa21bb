import type { AuthService } from './auth.service.ts';
import type { SealedPayloadService } from './sealed-payload.service.ts';
import type { SessionRevocationService } from './session-revocation.service.ts';
import type { SessionsService } from './sessions.service.ts';

/**
 * What other modules may use of the auth module: open a login session, write the member audit trail, open
 * sealed bodies, end a member's access, and tell who a token belongs to. Types only; the services behind
 * them stay private to the module.
 */

export type { LoginContext, PlayProtectionGate } from './login-dependencies.ts';
export type { RevokedAccess } from './session-revocation.repository.ts';
export type { MemberAccess, RevocationReason } from './session-revocation.service.ts';

/** Opens a sealed request body (docs/accounts-contract.md "Sealed payloads"). */
export type SealedApi = Pick<SealedPayloadService, 'openSealed' | 'publicKey'>;
/** Opens a login session for a member (every way in ends here) and writes the member audit trail. */
export type SessionsApi = Pick<SessionsService, 'open' | 'audit' | 'clock'>;
/**
 * The one revocation path (ARCHITECTURE §9): logout, password change / reset, operator lock / disable.
 * `in(trx)` ends access on the caller's transaction, together with the change that ends it.
 */
export type AccessRevoker = Pick<SessionRevocationService, 'revokeMemberAccess' | 'in'>;

export type AuthApi = {
  sealed: SealedApi;
  sessions: SessionsApi;
  revocation: AccessRevoker;
  /** The session behind a bearer token; throws `not_logged_in`. */
  authenticate: AuthService['authenticate'];
  /** The member a sealed login body proves, with a login's checks and counters but no session (reopen). */
  provenMember: AuthService['provenMember'];
  audit: SessionsService['audit'];
  /**
   * Drops this process's cached sessions of the member after a change to a session column the
   * `lotus_access` trigger does not announce (`play_ends_at`: a lower session time limit binds the open
   * sessions); other processes refuse such a session once the session-limit job has revoked it.
   */
  sessionsChanged(memberId: bigint): void;
};
