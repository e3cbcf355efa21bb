import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { JobsQueue } from './jobs.repository.ts';
import type { JobRunner, JobRunReport, JobSpec } from './jobs-api.ts';

/** How often a started scheduler looks for due work. */
export const JOB_POLL_MS = 2_000;
/** How long a claimed run may take before another process may take it over. */
export const DEFAULT_LEASE_MS = 5 * 60_000;
/** One-off jobs taken per look (the rest wait for the next one). */
const CLAIM_BATCH = 20;
/** A failed one-off job waits 10 s, 20 s, 40 s … (at most an hour) before its next try. */
const RETRY_BASE_MS = 10_000;
const RETRY_MAX_MS = 3_600_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export type JobSchedulerOptions = {
  repository: JobsQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  specs: readonly JobSpec[];
  pollMs?: number;
  /** Names this process in `locked_by` (tests give two schedulers their own). */
  worker?: string;
};

/**
 * The one scheduler of a process (docs/jobs.md). It runs nothing by itself until `start()` (main.ts starts
 * it with the app; tests call `runDue()` / `runNow()` instead), never runs two passes at once, and `stop()`
 * waits for the pass in flight so the database is not closed under a job.
 */
export function createJobScheduler(options: JobSchedulerOptions): JobRunner {
  const { repository, clock, log } = options;
  const worker = options.worker ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? JOB_POLL_MS;
  const specs = new Map<string, JobSpec>();
  for (const spec of options.specs) {
    if (specs.has(spec.name)) throw new Error(`job ${spec.name} is declared twice`);
    if (spec.everyMs !== undefined && !(spec.everyMs > 0)) throw new Error(`job ${spec.name}: everyMs > 0`);
    specs.set(spec.name, spec);
  }
  const recurring = [...specs.values()].filter((spec) => spec.everyMs !== undefined);
  const oneOffNames = [...specs.values()].filter((spec) => spec.everyMs === undefined).map((s) => s.name);

  let registered: Promise<void> | null = null;
  /** The schedule rows exist before the first claim; a new recurring job is due at once. */
  const register = () => {
    registered ??= (async () => {
      for (const spec of recurring) {
        await repository.ensureSchedule(spec.name, spec.everyMs as number, clock.now());
      }
    })().catch((error: unknown) => {
      registered = null;
      throw error;
    });
    return registered;
  };

  async function runRecurring(spec: JobSpec, force: boolean): Promise<'ran' | 'failed' | null> {
    const now = clock.now();
    const leaseMs = spec.leaseMs ?? DEFAULT_LEASE_MS;
    const claimed = await repository.claimSchedule(spec.name, {
      worker,
      now,
      until: new Date(now.getTime() + leaseMs),
      force,
    });
    if (!claimed) return null;
    // Due again one interval after this run was claimed; a failure waits the interval too (it is retried
    // by the next run, which is what a recurring sweep is).
    const nextRunAt = new Date(now.getTime() + (spec.everyMs as number));
    try {
      await spec.run({ payload: null, now, attempt: claimed.attempts + 1 });
      await repository.finishSchedule(spec.name, {
        worker,
        runId: claimed.runId,
        now: clock.now(),
        nextRunAt,
        error: null,
      });
      return 'ran';
    } catch (error) {
      log.error({ err: error, job: spec.name }, 'recurring job failed');
      await repository.finishSchedule(spec.name, {
        worker,
        runId: claimed.runId,
        now: clock.now(),
        nextRunAt,
        error,
      });
      return 'failed';
    }
  }

  async function runOneOffs(report: JobRunReport): Promise<void> {
    const now = clock.now();
    const claimed = await repository.claimDue(oneOffNames, {
      worker,
      now,
      until: new Date(now.getTime() + DEFAULT_LEASE_MS),
      limit: CLAIM_BATCH,
    });
    for (const job of claimed) {
      const spec = specs.get(job.name) as JobSpec;
      const label = `${job.name}#${job.id}`;
      try {
        await spec.run({ payload: job.payload, now, attempt: job.attempts });
        await repository.completeJob(job.id, worker, clock.now());
        report.ran.push(label);
      } catch (error) {
        const failedAt = clock.now();
        const retryAt =
          job.attempts >= job.maxAttempts ? null : new Date(failedAt.getTime() + retryDelayMs(job.attempts));
        log.error({ err: error, job: label, attempt: job.attempts, retryAt }, 'job failed');
        await repository.failJob(job.id, { worker, now: failedAt, retryAt, error });
        report.failed.push(label);
      }
    }
  }

  let pass: Promise<JobRunReport> | null = null;
  const runDue = (): Promise<JobRunReport> => {
    // One pass at a time in a process: a second caller shares the pass in flight.
    pass ??= (async () => {
      const report: JobRunReport = { ran: [], failed: [] };
      await register();
      for (const spec of recurring) {
        const outcome = await runRecurring(spec, false);
        if (outcome) report[outcome].push(spec.name);
      }
      await runOneOffs(report);
      return report;
    })().finally(() => {
      pass = null;
    });
    return pass;
  };

  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const tick = () => {
    timer = null;
    runDue()
      .catch((error: unknown) => log.error({ err: error }, 'job scheduler pass failed'))
      .finally(() => {
        if (running) schedule();
      });
  };
  const schedule = () => {
    timer = setTimeout(tick, pollMs);
    timer.unref();
  };

  return {
    runDue,
    async runNow(name) {
      const spec = specs.get(name);
      if (!spec || spec.everyMs === undefined) throw new Error(`no recurring job ${name}`);
      await register();
      return (await runRecurring(spec, true)) !== null;
    },
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await pass?.catch(() => {});
    },
  };
}
