import { type Executor, Repository } from '../../db/unit-of-work.ts';

/** The realtime module's reads: a socket's session, checked again while the socket stays open. */
export class RealtimeRepository<E extends Executor = Executor> extends Repository<E> {
  /** The session's expiry and revocation, without touching it (a socket keeps no session alive). */
  sessionState(
    sessionId: bigint,
  ): Promise<{ revoked_at: Date | null; expires_at: Date; last_seen_at: Date } | undefined> {
    return this.db
      .selectFrom('sessions')
      .select(['revoked_at', 'expires_at', 'last_seen_at'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
  }
}
