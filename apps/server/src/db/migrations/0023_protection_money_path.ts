// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Player protection where money moves (issue 17, docs/player-protection.md "Where money paths enforce
 * protection").
 *
 * - `member_excluded(member, now)`: THE rule of "an exclusion is in force" — read by the deposit path
 *   (request and decision) and by the login refusal, so the two can never disagree. A cool-off or an
 *   operator exclusion is in force from `starts_at` until `ends_at` (an operator's without an end: until an
 *   operator ends it). A self-exclusion stays in force after `ends_at` until the player asked to reopen and
 *   REOPEN_DELAY (24 hours) passed since the request.
 */

const upStatements = [
  sql`create function member_excluded(p_member_id bigint, p_now timestamptz) returns boolean
    language sql stable as $$
      select exists (
        select 1 from play_exclusions x
         where x.member_id = p_member_id and x.starts_at <= p_now
           and (x.ends_at is null or x.ends_at > p_now
                or (x.kind = 'self_exclusion'
                    and (x.reopen_requested_at is null or x.reopen_requested_at + interval '24 hours' > p_now)))
      )
    $$`,
];

const downStatements = [sql`drop function if exists member_excluded(bigint, timestamptz)`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
