import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type Tx, transact } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { createJobScheduler } from './job-scheduler.ts';
import { type JobsQueue, JobsRepository } from './jobs.repository.ts';
import type { JobRunner, JobSpec, JobsApi } from './jobs-api.ts';

export type JobsModuleDeps = {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  pollMs?: number;
  worker?: string;
};

/**
 * The job queue (docs/jobs.md). Made first, so any module can take `api.enqueue` in its deps; once every
 * module exists, app.ts hands their `jobs` to `runnerFor`, whose runner the app starts (main.ts, through
 * buildApp's `runJobs`) and stops when it closes. Tests run due work with `runDue()` / `runNow()`.
 * No routes: nothing about jobs is reachable over HTTP.
 */
export function createJobsModule(deps: JobsModuleDeps): {
  api: JobsApi;
  runnerFor(specs: readonly JobSpec[]): JobRunner;
} {
  // Each claim, finish and failure is one statement, run in a transaction of its own (the unit-of-work rule:
  // writes need a transaction); a one-off job joins the caller's transaction when it is given one.
  const write = <T>(work: (jobs: JobsRepository<Tx>) => Promise<T>) =>
    transact(deps.db, (trx) => work(new JobsRepository(trx)));
  const repository: JobsQueue = {
    ensureSchedule: (...args) => write((jobs) => jobs.ensureSchedule(...args)),
    claimSchedule: (...args) => write((jobs) => jobs.claimSchedule(...args)),
    finishSchedule: (...args) => write((jobs) => jobs.finishSchedule(...args)),
    claimDue: (...args) => write((jobs) => jobs.claimDue(...args)),
    completeJob: (...args) => write((jobs) => jobs.completeJob(...args)),
    failJob: (...args) => write((jobs) => jobs.failJob(...args)),
  };
  const runnerFor = (specs: readonly JobSpec[]) =>
    createJobScheduler({
      repository,
      clock: deps.clock,
      log: deps.log,
      specs,
      ...(deps.pollMs === undefined ? {} : { pollMs: deps.pollMs }),
      ...(deps.worker === undefined ? {} : { worker: deps.worker }),
    });
  const api: JobsApi = {
    enqueue: (executor, job) => {
      const row = {
        name: job.name,
        payload: job.payload ?? null,
        runAt: job.runAt ?? deps.clock.now(),
        maxAttempts: job.maxAttempts ?? 5,
      };
      return executor.isTransaction
        ? new JobsRepository(executor as Tx).enqueue(row)
        : write((jobs) => jobs.enqueue(row));
    },
  };
  return { api, runnerFor };
}
