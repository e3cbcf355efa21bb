// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Access announcements (issue 15 "Reads from memory", docs/scaling.md "Caches"): every server process keeps
 * the sessions it has seen in memory, so a change that ends or narrows a member's access must reach every
 * process at once. Triggers on the two tables are the one place that catches every writer — the revocation
 * path, an operator's lock, the ops CLI, SQL typed by hand — and `pg_notify` inside the writer's transaction
 * is delivered on commit only (a rolled-back revoke announces nothing).
 *
 * Channel `lotus_access`, payload `<member id>` (the member row changed) or `<member id>:<session id>` (one
 * session changed). Only the columns a process decides on are watched: the idle timer's `last_seen_at`, which
 * every active session writes every 30 s, and the login counters are not. A DELETE announces too (a row that
 * is gone must not live on in memory). The same member announced twice in one transaction is sent once.
 */

const upStatements = [
  sql`create function lotus_announce_session() returns trigger language plpgsql as $$
    begin
      perform pg_notify('lotus_access', old.member_id::text || ':' || old.id::text);
      return null;
    end
  $$`,
  sql`create function lotus_announce_member() returns trigger language plpgsql as $$
    begin
      perform pg_notify('lotus_access', old.id::text);
      return null;
    end
  $$`,
  sql`create trigger sessions_announce_update after update on sessions for each row
    when (old.revoked_at is distinct from new.revoked_at
      or old.expires_at is distinct from new.expires_at
      or old.password_change_required is distinct from new.password_change_required
      or old.is_first_login is distinct from new.is_first_login
      or old.member_id is distinct from new.member_id
      or old.token_hash is distinct from new.token_hash)
    execute function lotus_announce_session()`,
  sql`create trigger sessions_announce_delete after delete on sessions for each row
    execute function lotus_announce_session()`,
  sql`create trigger members_announce_update after update on members for each row
    when (old.status is distinct from new.status
      or old.brand_id is distinct from new.brand_id
      or old.username is distinct from new.username
      or old.is_trial is distinct from new.is_trial
      or old.member_type is distinct from new.member_type
      or old.language is distinct from new.language
      or old.upline_id is distinct from new.upline_id
      or old.created_at is distinct from new.created_at)
    execute function lotus_announce_member()`,
  sql`create trigger members_announce_delete after delete on members for each row
    execute function lotus_announce_member()`,
];

const downStatements = [
  sql`drop trigger if exists members_announce_delete on members`,
  sql`drop trigger if exists members_announce_update on members`,
  sql`drop trigger if exists sessions_announce_delete on sessions`,
  sql`drop trigger if exists sessions_announce_update on sessions`,
  sql`drop function if exists lotus_announce_member()`,
  sql`drop function if exists lotus_announce_session()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
