import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What other modules see of the job queue (docs/jobs.md): the shape of a job they declare in their
 * factory's `jobs`, and `enqueue` for one-off work. Types only, so any module may import it.
 */

/** What a job's `run` is told. */
export type JobContext = {
  /** The one-off job's payload (parsed JSON); `null` for a recurring job. */
  payload: unknown;
  /** The clock's time when the run was claimed. */
  now: Date;
  /** 1 on the first try; a retry after a failure or an expired lease counts up. */
  attempt: number;
};

/**
 * A job a module declares. With `everyMs` it is recurring (a due run happens once across every process on
 * the database); without, it is the handler of one-off jobs of that name, queued with `enqueue`.
 */
export type JobSpec = {
  /** `<module>.<what>`, e.g. `withdrawals.auto-receipt`; stored in the database, so never renamed. */
  name: string;
  everyMs?: number;
  /** How long a claimed run may take before another process may take it over (default 5 minutes). */
  leaseMs?: number;
  run(context: JobContext): Promise<unknown>;
};

export type EnqueueJob = {
  name: string;
  payload?: unknown;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Tries before the job is left `failed` (default 5). */
  maxAttempts?: number;
};

/** Where a job may be queued from: the app's database, or the caller's transaction (queued only if it commits). */
export type JobsExecutor = Kysely<Database> | Transaction<Database>;

export type JobsApi = {
  /** Queues one-off work; pass the caller's transaction so the job exists exactly when the change does. */
  enqueue(executor: JobsExecutor, job: EnqueueJob): Promise<bigint>;
};

/** What one pass over the due work did (tests read it). */
export type JobRunReport = { ran: string[]; failed: string[] };

/** The process's scheduler: started with the app by main.ts, stopped when the app closes. */
export type JobRunner = {
  /** Runs every due recurring job and due one-off job this process has a handler for, once. */
  runDue(): Promise<JobRunReport>;
  /** Runs one recurring job now (if no other process holds it), whatever its schedule says. */
  runNow(name: string): Promise<boolean>;
  start(): void;
  stop(): Promise<void>;
};
