import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { createJobScheduler } from './job-scheduler.ts';
import { JobsRepository } from './jobs.repository.ts';
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
  const repository = new JobsRepository(deps.db);
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
    enqueue: (executor, job) =>
      repository.enqueue(executor, {
        name: job.name,
        payload: job.payload ?? null,
        runAt: job.runAt ?? deps.clock.now(),
        maxAttempts: job.maxAttempts ?? 5,
      }),
  };
  return { api, runnerFor };
}
