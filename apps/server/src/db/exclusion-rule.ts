import { type RawBuilder, sql } from 'kysely';

/**
 * When an exclusion keeps a member's account closed (docs/player-protection.md "Exclusions"): from
 * `starts_at`, until `ends_at` (never, for an operator's exclusion without an end); a self-exclusion stays
 * in force after its end until the player asked to reopen and 24 hours passed.
 *
 * `exclusion` names the `play_exclusions` row (an alias), `at` the moment judged. The one definition in
 * TypeScript, used by the player-protection repository (login refusal, the state) and the messages
 * repository (marketing stops).
 * TODO(issue 17, S1): migration 0023 adds the SQL function `member_excluded(member_id, now)` with this same
 * rule for the money paths; once merged, callers that ask about a member (not a row) should call it instead.
 */
export function exclusionInForce(exclusion: string, at: Date | RawBuilder<Date>): RawBuilder<boolean> {
  const row = sql.table(exclusion);
  return sql<boolean>`(${row}.starts_at <= ${at} and (
    ${row}.ends_at is null or ${row}.ends_at > ${at}
    or (${row}.kind = 'self_exclusion'
        and (${row}.reopen_requested_at is null or ${row}.reopen_requested_at + interval '24 hours' > ${at}))))`;
}
