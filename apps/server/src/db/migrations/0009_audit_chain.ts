// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Hash-chained audit log (issue 7, reliability item 7). Every `audit_log` row gets
 * - `chain_seq`: its place in the chain, 1, 2, 3, ... with no gaps (ids are not enough: an identity value is
 *   drawn before the row waits for the chain, so two concurrent inserts can chain in the other order);
 * - `prev_hash`: the previous row's `row_hash` (64 zeros for the first row);
 * - `row_hash`: sha256 over `audit_row_canonical(...)` of the row's own fields and `prev_hash`.
 *
 * They are computed in ONE place, the `audit_log_chain` BEFORE INSERT trigger, so every writer (services,
 * the operator CLI, SQL typed by hand) chains alike and cannot choose the values. The trigger takes the
 * single `audit_chain_head` row FOR UPDATE: concurrent appends queue on it (until their transaction ends)
 * and so always form one chain; a rolled-back append rolls the head back with it. `sha256()` is built into
 * PostgreSQL 11+ (no pgcrypto, which PGlite lacks). The head also remembers the last seq and hash, so
 * deleting the newest rows is detected too. `verifyAuditChain` (modules/audit) walks the chain.
 *
 * The canonical text is a jsonb array (fixed order, jsonb's own canonical text for `detail`, ids as
 * strings, the time in UTC microseconds), so it does not depend on the session's time zone or on how the
 * detail object's keys were ordered when written.
 */

const GENESIS = '0'.repeat(64);

/** The head-lock trigger; exported so 0019_audit_seals can put it back when it is rolled back. */
export const chainTriggerStatements = [
  sql`create function audit_log_chain() returns trigger language plpgsql as $$
  declare
    head record;
  begin
    -- The row lock is the queue: the next append waits here until this transaction ends.
    select last_seq, last_hash into head from audit_chain_head where singleton for update;
    new.chain_seq := head.last_seq + 1;
    new.prev_hash := head.last_hash;
    new.row_hash := audit_row_hash(new.chain_seq, new.id, new.brand_id, new.member_id, new.operator_id,
      new.action, new.ip, new.user_agent, new.detail, new.created_at, new.prev_hash);
    update audit_chain_head set last_seq = new.chain_seq, last_hash = new.row_hash where singleton;
    return new;
  end
  $$`,
  sql`create trigger audit_log_chain before insert on audit_log for each row execute function audit_log_chain()`,
];

const upStatements = [
  sql`alter table audit_log add column chain_seq bigint`,
  sql`alter table audit_log add column prev_hash text`,
  sql`alter table audit_log add column row_hash text`,

  sql`create table audit_chain_head (
    singleton boolean primary key default true check (singleton),
    last_seq bigint not null default 0,
    last_hash text not null default ${sql.lit(GENESIS)}
  )`,
  sql`insert into audit_chain_head default values`,

  sql`create function audit_row_canonical(
    p_seq bigint, p_id bigint, p_brand_id bigint, p_member_id bigint, p_operator_id bigint, p_action text,
    p_ip text, p_user_agent text, p_detail jsonb, p_created_at timestamptz, p_prev_hash text
  ) returns text language sql immutable as $$
    select jsonb_build_array(
      p_seq::text, p_id::text, p_brand_id::text, p_member_id::text, p_operator_id::text, p_action, p_ip,
      p_user_agent, p_detail,
      to_char(p_created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      p_prev_hash
    )::text
  $$`,
  sql`create function audit_row_hash(
    p_seq bigint, p_id bigint, p_brand_id bigint, p_member_id bigint, p_operator_id bigint, p_action text,
    p_ip text, p_user_agent text, p_detail jsonb, p_created_at timestamptz, p_prev_hash text
  ) returns text language sql immutable as $$
    select encode(sha256(convert_to(audit_row_canonical(
      p_seq, p_id, p_brand_id, p_member_id, p_operator_id, p_action, p_ip, p_user_agent, p_detail,
      p_created_at, p_prev_hash
    ), 'UTF8')), 'hex')
  $$`,

  // Existing rows join the chain in id order (no concurrency while migrating).
  sql`do $$
  declare
    r record;
    seq bigint := 0;
    prev text := ${sql.lit(GENESIS)};
    hash text;
  begin
    for r in select * from audit_log order by id loop
      seq := seq + 1;
      hash := audit_row_hash(seq, r.id, r.brand_id, r.member_id, r.operator_id, r.action, r.ip,
        r.user_agent, r.detail, r.created_at, prev);
      update audit_log set chain_seq = seq, prev_hash = prev, row_hash = hash where id = r.id;
      prev := hash;
    end loop;
    update audit_chain_head set last_seq = seq, last_hash = prev;
  end
  $$`,
  sql`alter table audit_log alter column chain_seq set not null`,
  sql`alter table audit_log alter column prev_hash set not null`,
  sql`alter table audit_log alter column row_hash set not null`,
  sql`create unique index audit_log_chain_seq_idx on audit_log (chain_seq)`,

  ...chainTriggerStatements,
];

const downStatements = [
  sql`drop trigger if exists audit_log_chain on audit_log`,
  sql`drop function if exists audit_log_chain()`,
  sql`drop function if exists audit_row_hash(bigint, bigint, bigint, bigint, bigint, text, text, text, jsonb, timestamptz, text)`,
  sql`drop function if exists audit_row_canonical(bigint, bigint, bigint, bigint, bigint, text, text, text, jsonb, timestamptz, text)`,
  sql`drop table if exists audit_chain_head`,
  sql`drop index if exists audit_log_chain_seq_idx`,
  sql`alter table audit_log drop column if exists row_hash`,
  sql`alter table audit_log drop column if exists prev_hash`,
  sql`alter table audit_log drop column if exists chain_seq`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
