import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migration 0016_jobs (docs/jobs.md). */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

export interface JobSchedulesTable {
  name: string;
  interval_ms: number;
  next_run_at: Timestamp;
  locked_by: OptionalText;
  locked_until: OptionalTimestamp;
  /** Failures since the last success. */
  attempts: ColumnType<number, number | undefined, number>;
  last_error: OptionalText;
  last_started_at: OptionalTimestamp;
  last_finished_at: OptionalTimestamp;
}

export type JobStatus = 'pending' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<bigint>;
  name: string;
  payload: ColumnType<unknown, string | undefined, string>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  run_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  last_error: OptionalText;
  locked_by: OptionalText;
  locked_until: OptionalTimestamp;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  finished_at: OptionalTimestamp;
}

/** One run of a recurring job (migration 0018_job_runs). */
export interface JobRunsTable {
  id: Generated<bigint>;
  name: string;
  /** The schedule's `next_run_at` when the run was claimed. */
  due_at: Timestamp;
  worker: string;
  started_at: Timestamp;
  finished_at: OptionalTimestamp;
  error: OptionalText;
}

export interface JobTables {
  job_schedules: JobSchedulesTable;
  job_runs: JobRunsTable;
  jobs: JobsTable;
}
