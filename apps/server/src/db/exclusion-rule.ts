import { type RawBuilder, sql } from 'kysely';

/**
 * When an exclusion keeps a member's account closed (docs/player-protection.md "Exclusions"): from
 * `starts_at`, until `ends_at` (never, for an operator's exclusion without an end); a self-exclusion stays
 * in force after its end until the player asked to reopen and 24 hours passed.
 *
 * The rule itself is the SQL function `play_exclusion_in_force` (migration 0023), which `member_excluded`
 * — the deposit path's and the login refusal's question — also asks: one definition for every caller.
 * `exclusion` names the `play_exclusions` row (an alias), `at` the moment judged.
 */
export function exclusionInForce(exclusion: string, at: Date | RawBuilder<Date>): RawBuilder<boolean> {
  return sql<boolean>`play_exclusion_in_force(${sql.table(exclusion)}, ${at})`;
}
