import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** How long the history of a recurring job's runs (`job_runs`) is kept: two weeks. */
export const RUN_HISTORY_MS = 14 * 24 * 60 * 60_000;

/** A one-off job as claimed: `attempts` already counts this try. */
export type ClaimedJob = {
  id: bigint;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
};

/** The longest error text kept in `last_error` (a stack or a huge message must not bloat the row). */
const ERROR_TEXT_MAX = 2000;

const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message || error.name : String(error)).slice(0, ERROR_TEXT_MAX);

/**
 * The job queue's tables (migration 0016_jobs). Every claim is one statement that both checks and takes the
 * lease, so two processes racing for the same due run cannot both win: PostgreSQL re-checks the `where` on
 * the row's newest version after waiting for the other writer (and `skip locked` steps past rows another
 * claim holds). On PGlite statements run one at a time, which is trivially once.
 */
export class JobsRepository<E extends Executor = Executor> extends Repository<E> {
  /** Records a recurring job (first due at `firstRunAt`); an existing row keeps its schedule, takes the new interval. */
  async ensureSchedule(
    this: JobsRepository<Tx>,
    name: string,
    intervalMs: number,
    firstRunAt: Date,
  ): Promise<void> {
    await this.db
      .insertInto('job_schedules')
      .values({ name, interval_ms: intervalMs, next_run_at: firstRunAt })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ interval_ms: intervalMs }))
      .execute();
  }

  /**
   * Takes the recurring job if it is due (or `force`) and nobody holds an unexpired lease on it, and records
   * the run in `job_runs` in the same transaction.
   */
  async claimSchedule(
    this: JobsRepository<Tx>,
    name: string,
    lease: { worker: string; now: Date; until: Date; force: boolean },
  ): Promise<{ attempts: number; runId: bigint } | undefined> {
    const claimed = await this.db
      .updateTable('job_schedules')
      .set({ locked_by: lease.worker, locked_until: lease.until, last_started_at: lease.now })
      .where('name', '=', name)
      .where((eb) =>
        eb.and([
          ...(lease.force ? [] : [eb('next_run_at', '<=', lease.now)]),
          eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', lease.now)]),
        ]),
      )
      .returning(['attempts', 'next_run_at'])
      .executeTakeFirst();
    if (!claimed) return undefined;
    const run = await this.db
      .insertInto('job_runs')
      .values({ name, due_at: claimed.next_run_at, worker: lease.worker, started_at: lease.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { attempts: claimed.attempts, runId: run.id };
  }

  /** Ends this worker's run of a recurring job: next due at `nextRunAt`; an error is kept and counted. */
  async finishSchedule(
    this: JobsRepository<Tx>,
    name: string,
    run: { worker: string; runId: bigint; now: Date; nextRunAt: Date; error: unknown | null },
  ): Promise<void> {
    await this.db
      .updateTable('job_runs')
      .set({ finished_at: run.now, error: run.error === null ? null : errorText(run.error) })
      .where('id', '=', run.runId)
      .execute();
    // The history keeps RUN_HISTORY_MS of each job: the audit log's sealer alone runs every 5 s (17,000 a day).
    await this.db
      .deleteFrom('job_runs')
      .where('name', '=', name)
      .where('due_at', '<', new Date(run.now.getTime() - RUN_HISTORY_MS))
      .execute();
    await this.db
      .updateTable('job_schedules')
      .set((eb) => ({
        locked_by: null,
        locked_until: null,
        next_run_at: run.nextRunAt,
        last_finished_at: run.now,
        attempts: run.error === null ? 0 : eb('attempts', '+', 1),
        last_error: run.error === null ? null : errorText(run.error),
      }))
      .where('name', '=', name)
      // A run that outlived its lease and was taken over leaves the row to the new holder.
      .where('locked_by', '=', run.worker)
      .execute();
  }

  async enqueue(
    this: JobsRepository<Tx>,
    job: { name: string; payload: unknown; runAt: Date; maxAttempts: number },
  ): Promise<bigint> {
    const row = await this.db
      .insertInto('jobs')
      .values({
        name: job.name,
        payload: JSON.stringify(job.payload ?? null),
        run_at: job.runAt,
        max_attempts: job.maxAttempts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Takes up to `limit` due pending jobs of the given names, oldest first, counting the try. */
  async claimDue(
    this: JobsRepository<Tx>,
    names: readonly string[],
    lease: { worker: string; now: Date; until: Date; limit: number },
  ): Promise<ClaimedJob[]> {
    if (names.length === 0) return [];
    const due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'pending')
      .where('name', 'in', names)
      .where('run_at', '<=', lease.now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', lease.now)]))
      .orderBy('run_at')
      .orderBy('id')
      .limit(lease.limit)
      .forUpdate()
      .skipLocked();
    const rows = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        locked_by: lease.worker,
        locked_until: lease.until,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', due)
      .returning(['id', 'name', 'payload', 'attempts', 'max_attempts'])
      .execute();
    return rows
      .map((row) => ({
        id: row.id,
        name: row.name,
        payload: row.payload,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
      }))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  async completeJob(this: JobsRepository<Tx>, id: bigint, worker: string, now: Date): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: now, locked_by: null, locked_until: null, last_error: null })
      .where('id', '=', id)
      .where('locked_by', '=', worker)
      .execute();
  }

  /** Records a failed try: retried at `retryAt`, or left `failed` when `retryAt` is null (no tries left). */
  async failJob(
    this: JobsRepository<Tx>,
    id: bigint,
    run: { worker: string; now: Date; retryAt: Date | null; error: unknown },
  ): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        status: run.retryAt === null ? 'failed' : 'pending',
        ...(run.retryAt === null ? { finished_at: run.now } : { run_at: run.retryAt }),
        locked_by: null,
        locked_until: null,
        last_error: errorText(run.error),
      })
      .where('id', '=', id)
      .where('locked_by', '=', run.worker)
      .execute();
  }
}

/** What the scheduler calls: each of the repository's writes in a transaction of its own (one statement). */
export type JobsQueue = {
  [K in
    | 'ensureSchedule'
    | 'claimSchedule'
    | 'finishSchedule'
    | 'claimDue'
    | 'completeJob'
    | 'failJob']: OmitThisParameter<JobsRepository<Tx>[K]>;
};
