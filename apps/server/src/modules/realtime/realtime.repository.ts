import { type Executor, Repository } from '../../db/unit-of-work.ts';

/** The realtime module's reads: a socket's session, checked again while the socket stays open. */
export class RealtimeRepository<E extends Executor = Executor> extends Repository<E> {
  /** The session's expiry and revocation and its member's status, without touching it (a socket keeps no session alive). */
  sessionState(
    sessionId: bigint,
  ): Promise<
    { revoked_at: Date | null; expires_at: Date; last_seen_at: Date; member_status: string } | undefined
  > {
    return this.db
      .selectFrom('sessions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select(['s.revoked_at', 's.expires_at', 's.last_seen_at', 'm.status as member_status'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
  }
}
