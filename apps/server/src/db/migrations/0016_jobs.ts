// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The job queue (docs/jobs.md): every scheduled or deferred piece of server work, run once across processes
 * on the project's own database (PostgreSQL or the embedded PGlite), never from a route.
 *
 * - `job_schedules`: one row per recurring job (name, interval). A process runs a due job only after it
 *   has claimed the row by moving `locked_until` into the future in one `update … where … returning`, so
 *   with several processes on one PostgreSQL a due run happens once; a process that dies mid-run holds the
 *   row only until its lease ends.
 * - `jobs`: one-off work (name, payload, run_at), claimed the same way with `for update skip locked` so two
 *   processes take different rows; `attempts` and `last_error` record failures, which are retried later
 *   until `max_attempts`, when the job is left `failed` for an operator to look at.
 */

const upStatements = [
  sql`create table job_schedules (
    name text primary key,
    interval_ms integer not null check (interval_ms > 0),
    next_run_at timestamptz not null,
    locked_by text,
    locked_until timestamptz,
    attempts integer not null default 0,
    last_error text,
    last_started_at timestamptz,
    last_finished_at timestamptz
  )`,
  sql`create table jobs (
    id bigserial primary key,
    name text not null,
    payload jsonb not null default '{}'::jsonb,
    status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
    run_at timestamptz not null,
    attempts integer not null default 0,
    max_attempts integer not null default 5 check (max_attempts > 0),
    last_error text,
    locked_by text,
    locked_until timestamptz,
    created_at timestamptz not null default now(),
    finished_at timestamptz
  )`,
  sql`create index jobs_due on jobs (run_at) where status = 'pending'`,
];

const downStatements = [sql`drop table if exists jobs`, sql`drop table if exists job_schedules`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
