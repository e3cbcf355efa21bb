import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type RevokedCredentials = { sessions: number; rememberTokens: number };

/**
 * After a password change or reset (docs/accounts-contract.md "Remember me"): ends every other session of
 * the member and revokes all of its remember-me tokens, so whoever knew the old password, or holds a device
 * that remembered it, has to log in again. `exceptSessionId` is the session making the change (null for a
 * reset, which has none). The caller audits, because only it knows the origin and the reason.
 */
export async function revokeMemberCredentials(
  db: Kysely<Database>,
  memberId: bigint,
  exceptSessionId: bigint | null,
  now: Date = new Date(),
): Promise<RevokedCredentials> {
  let sessionsQuery = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== null) sessionsQuery = sessionsQuery.where('id', '!=', exceptSessionId);
  const sessions = await sessionsQuery.executeTakeFirst();
  const tokens = await db
    .updateTable('remember_tokens')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return {
    sessions: Number(sessions.numUpdatedRows),
    rememberTokens: Number(tokens.numUpdatedRows),
  };
}
