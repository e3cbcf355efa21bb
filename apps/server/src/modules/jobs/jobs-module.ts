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
  /** Every module's `jobs`, gathered by app.ts. */
  specs: readonly JobSpec[];
  pollMs?: number;
  worker?: string;
};

/**
 * The job queue (docs/jobs.md): `api.enqueue` for modules that defer work, `runner` for the app's
 * lifecycle (started by main.ts through buildApp's `runJobs`, stopped when the app closes) and for tests.
 * No routes: nothing about jobs is reachable over HTTP.
 */
export function createJobsModule(deps: JobsModuleDeps): { api: JobsApi; runner: JobRunner } {
  const repository = new JobsRepository(deps.db);
  const runner = createJobScheduler({
    repository,
    clock: deps.clock,
    log: deps.log,
    specs: deps.specs,
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
  return { api, runner };
}
