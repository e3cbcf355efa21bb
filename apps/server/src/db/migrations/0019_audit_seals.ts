// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';
import { chainTriggerStatements } from './0009_audit_chain.ts';

/**
 * Audit log without a global lock (issue 15). Migration 0009 chained every `audit_log` row in a BEFORE INSERT
 * trigger that took the single `audit_chain_head` row FOR UPDATE, so every audited action of the site
 * (logins, deposits, withdrawals, operator actions) queued on that row until its transaction ended.
 *
 * Now a row is appended with no shared lock: it arrives unsealed (`chain_seq`, `prev_hash`, `row_hash`
 * null) and the `audit.seal` job (modules/audit, every few seconds) chains it later:
 * - `audit_seal(limit)` takes the head FOR UPDATE — the sealers' lock; writers never touch the head — then
 *   the oldest committed unsealed rows in id order, up to `limit`, gives them the next `chain_seq`s with
 *   `prev_hash`/`row_hash` exactly as 0009's trigger did (the same `audit_row_hash`), and writes one
 *   `audit_seals` row over the batch. The order is the sealer's, not the ids': an identity value is drawn
 *   before its transaction commits, so a row committing late with a lower id than rows already sealed is
 *   simply taken by the next seal (it was invisible to this one), never skipped.
 * - A seal is `seq`, the `chain_seq` range it covers, its row count, `rows_hash` (sha256 over the covered
 *   rows' `row_hash`es in chain order: `audit_rows_hash`), `sealed_at`, the previous seal's hash, and its own
 *   `seal_hash` over all of those (`audit_seal_hash`), so the seals form a chain of their own; the head
 *   remembers the newest seal too, so deleting the newest seal is detected.
 * Rows chained by 0009 keep their values and stay verifiable; seals of 1,000 over them are written here.
 *
 * The sealing is a PL/pgSQL function, like the ledger's write (0017, decisions.md "Speed (issue 15)"): each
 * row's hash needs the previous one, which in TypeScript would be a round trip per row.
 */

const GENESIS = '0'.repeat(64);

const upStatements = [
  sql`drop trigger audit_log_chain on audit_log`,
  sql`drop function audit_log_chain()`,

  // Null until sealed. A writer still cannot choose the values: this trigger blanks them, and it takes no lock.
  sql`alter table audit_log alter column chain_seq drop not null`,
  sql`alter table audit_log alter column prev_hash drop not null`,
  sql`alter table audit_log alter column row_hash drop not null`,
  sql`create function audit_log_unsealed() returns trigger language plpgsql as $$
  begin
    new.chain_seq := null;
    new.prev_hash := null;
    new.row_hash := null;
    return new;
  end
  $$`,
  sql`create trigger audit_log_unsealed before insert on audit_log for each row execute function audit_log_unsealed()`,
  // The sealer's queue: only unsealed rows are in it, so it stays as small as the unsealed window.
  sql`create index audit_log_unsealed_idx on audit_log (id) where chain_seq is null`,

  sql`alter table audit_chain_head add column last_seal_seq bigint not null default 0`,
  sql`alter table audit_chain_head add column last_seal_hash text not null default ${sql.lit(GENESIS)}`,
  sql`create table audit_seals (
    seq bigint primary key,
    first_seq bigint not null,
    last_seq bigint not null,
    row_count integer not null check (row_count = last_seq - first_seq + 1),
    rows_hash text not null,
    sealed_at timestamptz not null,
    prev_hash text not null,
    seal_hash text not null
  )`,

  sql`create function audit_rows_hash(p_first bigint, p_last bigint) returns text language sql stable as $$
    select encode(sha256(convert_to(coalesce(string_agg(row_hash, '' order by chain_seq), ''), 'UTF8')), 'hex')
    from audit_log where chain_seq between p_first and p_last
  $$`,
  sql`create function audit_seal_hash(
    p_seq bigint, p_first bigint, p_last bigint, p_count integer, p_rows_hash text, p_sealed_at timestamptz,
    p_prev_hash text
  ) returns text language sql immutable as $$
    select encode(sha256(convert_to(jsonb_build_array(
      p_seq::text, p_first::text, p_last::text, p_count::text, p_rows_hash,
      to_char(p_sealed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), p_prev_hash
    )::text, 'UTF8')), 'hex')
  $$`,
  // Writes the seal over chain_seq p_first..p_last (already chained) and moves the head's seal to it. The
  // caller holds the head row FOR UPDATE.
  sql`create function audit_write_seal(p_first bigint, p_last bigint) returns audit_seals language plpgsql as $$
  declare
    head record;
    seal audit_seals;
  begin
    select last_seal_seq, last_seal_hash into head from audit_chain_head where singleton;
    seal.seq := head.last_seal_seq + 1;
    seal.first_seq := p_first;
    seal.last_seq := p_last;
    seal.row_count := p_last - p_first + 1;
    seal.rows_hash := audit_rows_hash(p_first, p_last);
    seal.sealed_at := now();
    seal.prev_hash := head.last_seal_hash;
    seal.seal_hash := audit_seal_hash(seal.seq, seal.first_seq, seal.last_seq, seal.row_count, seal.rows_hash,
      seal.sealed_at, seal.prev_hash);
    insert into audit_seals values (seal.*);
    update audit_chain_head set last_seal_seq = seal.seq, last_seal_hash = seal.seal_hash where singleton;
    return seal;
  end
  $$`,
  sql`create function audit_seal(p_limit integer) returns setof audit_seals language plpgsql as $$
  declare
    head record;
    r record;
    seq bigint;
    prev text;
    hash text;
  begin
    -- The sealers' lock (a second sealer waits here, then sees this one's rows as sealed). Writers never
    -- take it: they only insert.
    select last_seq, last_hash into head from audit_chain_head where singleton for update;
    seq := head.last_seq;
    prev := head.last_hash;
    -- Committed rows only (this statement's snapshot); a row committing later waits for the next seal.
    for r in select * from audit_log where chain_seq is null order by id limit p_limit loop
      seq := seq + 1;
      hash := audit_row_hash(seq, r.id, r.brand_id, r.member_id, r.operator_id, r.action, r.ip, r.user_agent,
        r.detail, r.created_at, prev);
      update audit_log set chain_seq = seq, prev_hash = prev, row_hash = hash where id = r.id;
      prev := hash;
    end loop;
    if seq = head.last_seq then
      return;
    end if;
    update audit_chain_head set last_seq = seq, last_hash = prev where singleton;
    return next audit_write_seal(head.last_seq + 1, seq);
    return;
  end
  $$`,

  // The rows 0009 chained are covered by seals of 1,000 rows, as the job would have made them.
  sql`do $$
  declare
    last bigint := (select last_seq from audit_chain_head);
    first bigint := 1;
  begin
    while first <= last loop
      perform audit_write_seal(first, least(first + 999, last));
      first := first + 1000;
    end loop;
  end
  $$`,
];

const downStatements = [
  // Back to 0009: chain whatever is unsealed, then the head-lock trigger again.
  sql`do $$ begin
    while exists (select 1 from audit_log where chain_seq is null) loop
      perform audit_seal(10000);
    end loop;
  end $$`,
  sql`drop function if exists audit_seal(integer)`,
  sql`drop function if exists audit_write_seal(bigint, bigint)`,
  sql`drop function if exists audit_seal_hash(bigint, bigint, bigint, integer, text, timestamptz, text)`,
  sql`drop function if exists audit_rows_hash(bigint, bigint)`,
  sql`drop table if exists audit_seals`,
  sql`alter table audit_chain_head drop column if exists last_seal_hash`,
  sql`alter table audit_chain_head drop column if exists last_seal_seq`,
  sql`drop index if exists audit_log_unsealed_idx`,
  sql`drop trigger if exists audit_log_unsealed on audit_log`,
  sql`drop function if exists audit_log_unsealed()`,
  sql`alter table audit_log alter column chain_seq set not null`,
  sql`alter table audit_log alter column prev_hash set not null`,
  sql`alter table audit_log alter column row_hash set not null`,
  ...chainTriggerStatements,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
