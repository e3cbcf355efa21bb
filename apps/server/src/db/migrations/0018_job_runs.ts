// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The history of recurring job runs (docs/jobs.md, issue 15 "Scale-out proof"): one row per run, written in
 * the claim's transaction, finished by the same worker. It tells an operator when a job ran, where and how
 * it ended, and it is how the scale-out test shows that a due run happens once across processes: each
 * `due_at` has one run, unless a run outlived its lease and another worker took it over (then both are
 * here, the first without `finished_at`).
 */

const upStatements = [
  sql`create table job_runs (
    id bigserial primary key,
    name text not null,
    due_at timestamptz not null,
    worker text not null,
    started_at timestamptz not null,
    finished_at timestamptz,
    error text
  )`,
  sql`create index job_runs_name_due on job_runs (name, due_at)`,
];

const downStatements = [sql`drop table if exists job_runs`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
