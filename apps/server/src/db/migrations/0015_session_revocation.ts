// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Session revocation and the server-side forced password change (issue 14; docs/api.md "Accounts and
 * sessions", docs/vendor-protocol.md "Ended sessions").
 *
 * - `sessions.password_change_required`: decided when the session opens (a password login of a member who
 *   must change the password, `isPasswordExpired`) and cleared when that session changes the password. The
 *   auth hook reads it with the session in the one statement it already runs, so the rule costs no query
 *   (the brand's max-age policy would otherwise have to be read on every request).
 * - Game launch sessions and the studio's sessions are ended by moving `expires_at` to the revocation time:
 *   the wallet protocol and the studio already refuse an expired session with the documented answers, so
 *   no "revoked" column (and no second rule) is needed there. The studio's sessions are found by player,
 *   hence the index.
 */

const upStatements = [
  sql`alter table sessions add column password_change_required boolean not null default false`,
  sql`create index inhouse_sessions_player on inhouse_sessions (player_ref) where not trial`,
];

const downStatements = [
  sql`drop index if exists inhouse_sessions_player`,
  sql`alter table sessions drop column password_change_required`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
