import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { transact } from '../../db/unit-of-work.ts';

/**
 * A change to the member made in the revocation's own transaction (a new password hash, a new status), so
 * the change and the end of the sessions it invalidates commit together or not at all. Built by the
 * repository that owns the change (e.g. PasswordRepository.passwordChange), run here.
 */
export type AccessChange = (trx: Kysely<Database>) => Promise<void>;

/** Which login sessions end (remember-me tokens and game sessions end in every case but `only`). */
export type RevocationScope = {
  /** The one login session to keep (the session that changed the password). */
  keepSessionId?: bigint | undefined;
  /** End only this login session (logout): the member's other devices stay. */
  onlySessionId?: bigint | undefined;
  /** With `onlySessionId`: the remember-me token (hash) of the device that logs out, which ends too. */
  onlyRememberTokenHash?: string | undefined;
};

/** What a revocation ended, by kind (the callers put it in their audit records). */
export type RevokedAccess = {
  sessions: number;
  rememberTokens: number;
  launchSessions: number;
  studioSessions: number;
};

/**
 * The one place that ends a member's access (ARCHITECTURE §9 "One revocation path"; the service is
 * SessionRevocationService). Game launch sessions and the in-house studio's sessions are ended by moving
 * `expires_at` to now: the seamless-wallet protocol then answers `SESSION_EXPIRED` to authenticate,
 * balance and debit, and still takes credits and rollbacks of rounds already staked (docs/vendor-protocol.md
 * "Ended sessions"); the studio answers `session_expired` to its game screen.
 */
export class SessionRevocationRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Runs `change` (if any) and ends the member's access, in one transaction. */
  revoke(memberId: bigint, scope: RevocationScope, now: Date, change?: AccessChange): Promise<RevokedAccess> {
    return transact(this.#db, async (trx) => {
      if (change) await change(trx);
      let sessions = trx
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null);
      if (scope.onlySessionId !== undefined) sessions = sessions.where('id', '=', scope.onlySessionId);
      if (scope.keepSessionId !== undefined) sessions = sessions.where('id', '!=', scope.keepSessionId);
      const endedSessions = await sessions.executeTakeFirst();
      // A logout ends one device's login and that device's "remember me" (its way back in without the
      // password: a player who logs out on a shared computer means it); other devices keep theirs.
      let tokens = trx
        .updateTable('remember_tokens')
        .set({ revoked_at: now })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null);
      if (scope.onlySessionId !== undefined)
        tokens = tokens.where('token_hash', '=', scope.onlyRememberTokenHash ?? '');
      const endedTokens = await tokens.executeTakeFirst();
      const endedLaunches = await trx
        .updateTable('game_launch_sessions')
        .set({ expires_at: now })
        .where('member_id', '=', memberId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      // The studio knows the player as the platform's player id (`player_ref`); trials are nobody's.
      const endedStudio = await trx
        .updateTable('inhouse_sessions')
        .set({ expires_at: now })
        .where('player_ref', '=', memberId.toString())
        .where('trial', '=', false)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return {
        sessions: Number(endedSessions.numUpdatedRows),
        rememberTokens: Number(endedTokens.numUpdatedRows),
        launchSessions: Number(endedLaunches.numUpdatedRows),
        studioSessions: Number(endedStudio.numUpdatedRows),
      };
    });
  }
}
