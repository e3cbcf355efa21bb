import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hashToken, newSecret } from '../../lib/secret-token.ts';

/**
 * Rows the deposit tests arrange directly (the login and player-protection routes make them for real): a
 * member with a live session, a deposit limit in force, an exclusion.
 */

/** A member of the default brand with a live session (the login path is tested elsewhere). */
export async function depositMember(
  db: Kysely<Database>,
  options: { isTrial?: boolean; memberType?: number; language?: string } = {},
): Promise<{ id: bigint; token: string }> {
  const brand = await db
    .selectFrom('brands')
    .select('id')
    .where('is_default', '=', true)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('members')
    .values({
      brand_id: brand.id,
      username: `dep_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
      // Never used to log in: the session below is inserted directly.
      password_hash: 'scrypt$unused',
      password_changed_at: new Date(),
      is_trial: options.isTrial ?? false,
      member_type: options.memberType ?? 0,
      language: options.language ?? null,
      registration_fields: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newSecret();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      member_id: row.id,
      created_at: new Date(),
      last_seen_at: new Date(),
      expires_at: new Date(Date.now() + 12 * 3_600_000),
      ip: '198.51.100.7',
    })
    .execute();
  return { id: row.id, token };
}

export async function setDepositLimit(
  db: Kysely<Database>,
  memberId: bigint,
  period: 'day' | 'week' | 'month',
  amountMinor: bigint,
  from = new Date(Date.now() - 60_000),
): Promise<void> {
  await db
    .insertInto('play_limits')
    .values({
      member_id: memberId,
      kind: 'deposit',
      period,
      amount: amountMinor,
      effective_from: from,
      created_by: 'member',
    })
    .execute();
}

/** An exclusion of `kind` in force from an hour ago for a week, or one that ended `endedMinutesAgo`. */
export async function excludeMember(
  db: Kysely<Database>,
  memberId: bigint,
  kind: 'cool_off' | 'self_exclusion' | 'operator',
  options: { endedMinutesAgo?: number } = {},
): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('play_exclusions')
    .values({
      member_id: memberId,
      kind,
      starts_at: new Date(now - 3_600_000),
      ends_at:
        options.endedMinutesAgo === undefined
          ? new Date(now + 7 * 86_400_000)
          : new Date(now - options.endedMinutesAgo * 60_000),
      reason: kind === 'operator' ? 'test exclusion' : null,
      created_by: kind === 'operator' ? 'operator:test' : 'member',
    })
    .execute();
}
