import { afterCommit, type Db, type Tx, transact } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { type RevokedAccess, SessionRevocationRepository } from './session-revocation.repository.ts';

/**
 * Why a member's access ends. Each reason fixes which login sessions end (REVOCATION_RULES); the
 * member's game launch sessions and studio sessions end for every reason. Player protection (issue 17,
 * docs/player-protection.md) ends access here too: a break, a self-exclusion or an operator's exclusion
 * ends every session in the transaction that records it; a session time limit ends that one session.
 */
export type RevocationReason =
  | 'logout'
  | 'password_changed'
  | 'password_reset'
  | 'account_locked'
  | 'account_disabled'
  | 'cool_off'
  | 'self_exclusion'
  | 'operator_exclusion'
  | 'session_limit';

/**
 * `current`: the calling session and the calling device's remember-me token (logout keeps the member's other
 * devices);
 * `others`: every session but the calling one, and every remember-me token (a password change: whoever
 * knew the old password is out, the device that changed it stays); `all`: every session and token.
 */
const REVOCATION_RULES: Record<RevocationReason, 'current' | 'others' | 'all'> = {
  logout: 'current',
  password_changed: 'others',
  password_reset: 'all',
  account_locked: 'all',
  account_disabled: 'all',
  cool_off: 'all',
  self_exclusion: 'all',
  // Its own reason, not `account_disabled`: the account stays active, and the audit trail says why access
  // ended (the back office's exclusion, with its reason, in the same transaction).
  operator_exclusion: 'all',
  // A session time limit belongs to one login session (each login gets its own `play_ends_at`), so only
  // that session ends, like a logout; no remember-me token is named, so none ends.
  session_limit: 'current',
};

export type RevocationOptions = {
  /** The calling login session: required by `logout` (ended) and `password_changed` (kept). */
  sessionId?: bigint;
  /** `logout`: the calling device's remember-me cookie, whose token ends with the session. */
  rememberToken?: string | null;
};

/**
 * ARCHITECTURE §9 "One revocation path": every way a member's access ends (logout, password change or
 * reset, an operator's lock or disable, later self-exclusion) goes through revokeMemberAccess, which ends
 * login sessions, remember-me tokens, game launch sessions and the in-house studio's sessions in one
 * transaction. Callers audit, because only they know the origin (a request, the CLI).
 */
/** Ends a member's access on one transaction (SessionRevocationService.in). */
export type MemberAccess = {
  revoke(memberId: bigint, reason: RevocationReason, options?: RevocationOptions): Promise<RevokedAccess>;
};

export class SessionRevocationService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #revoked: ((memberId: bigint) => void) | undefined;

  /**
   * `revoked` runs once a revocation has committed, before its caller answers: the auth module drops the
   * member's cached sessions there, so this process refuses them at once (other processes hear it from the
   * `lotus_access` trigger; migration 0020).
   */
  constructor(db: Db, clock: Clock, revoked?: (memberId: bigint) => void) {
    this.#db = db;
    this.#clock = clock;
    this.#revoked = revoked;
  }

  /** Ends the member's access in a transaction of its own. */
  revokeMemberAccess(
    memberId: bigint,
    reason: RevocationReason,
    options: RevocationOptions = {},
  ): Promise<RevokedAccess> {
    return transact(this.#db, (trx) => this.in(trx).revoke(memberId, reason, options));
  }

  /**
   * The revocation path on the caller's transaction (like the ledger's `ledgerIn(trx)`), for a change that
   * must commit together with the end of the access it invalidates: a new password hash, a new status.
   */
  in(trx: Tx): MemberAccess {
    const revocation = new SessionRevocationRepository(trx);
    return {
      revoke: (memberId, reason, options = {}) => {
        const revoked = this.#revoked;
        if (revoked) afterCommit(trx, () => revoked(memberId));
        return this.#revoke(revocation, memberId, reason, options);
      },
    };
  }

  #revoke(
    revocation: SessionRevocationRepository<Tx>,
    memberId: bigint,
    reason: RevocationReason,
    options: RevocationOptions,
  ): Promise<RevokedAccess> {
    const rule = REVOCATION_RULES[reason];
    if (rule !== 'all' && options.sessionId === undefined) {
      // A programming error: without the calling session, "keep it" or "end only it" means nothing.
      throw new Error(`revocation '${reason}' needs the calling session`);
    }
    return revocation.endAccess(
      memberId,
      rule === 'current'
        ? {
            onlySessionId: options.sessionId,
            onlyRememberTokenHash: options.rememberToken ? hashToken(options.rememberToken) : undefined,
          }
        : rule === 'others'
          ? { keepSessionId: options.sessionId }
          : {},
      this.#clock.now(),
    );
  }
}
