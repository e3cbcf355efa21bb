import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPreparedTestDatabase,
  type TestDatabase,
  testBackends,
} from '../../../test/helpers/test-database.ts';
import { transact } from '../../db/unit-of-work.ts';
import { manualClock } from '../../lib/clock.ts';
import { DEFAULT_LEASE_MS, retryDelayMs } from './job-scheduler.ts';
import { JobsRepository, RUN_HISTORY_MS } from './jobs.repository.ts';
import type { JobContext, JobSpec } from './jobs-api.ts';
import { createJobsModule } from './jobs-module.ts';

/** The job queue on each backend (docs/jobs.md); two processes on one PostgreSQL: jobs.pg.test.ts. */

const MINUTE = 60_000;
const silent = pino({ level: 'silent' });

describe.each(testBackends())('job queue [%s]', (backend) => {
  let database: TestDatabase;
  const clock = manualClock(new Date('2030-01-01T00:00:00Z'));

  beforeAll(async () => {
    database = await createPreparedTestDatabase(backend);
  }, 60_000);
  afterAll(() => database?.close());

  function queue(specs: JobSpec[], worker = 'test-worker') {
    const jobs = createJobsModule({ db: database.db, clock, log: silent, worker });
    return { api: jobs.api, runner: jobs.runnerFor(specs) };
  }

  it('runs a recurring job once per interval, the first time at once', async () => {
    const runs: JobContext[] = [];
    const { runner } = queue([
      { name: 'test.every-minute', everyMs: MINUTE, run: async (c) => runs.push(c) },
    ]);
    expect((await runner.runDue()).ran).toEqual(['test.every-minute']);
    expect((await runner.runDue()).ran).toEqual([]);
    clock.advance(MINUTE - 1);
    expect((await runner.runDue()).ran).toEqual([]);
    clock.advance(1);
    expect((await runner.runDue()).ran).toEqual(['test.every-minute']);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ payload: null, attempt: 1 });
    // runNow ignores the schedule (tests and operators use it) but not another holder's lease.
    expect(await runner.runNow('test.every-minute')).toBe(true);
    expect(runs).toHaveLength(3);
  });

  it('records a failing recurring job and retries it at its next run', async () => {
    let fail = true;
    const { runner } = queue([
      {
        name: 'test.flaky-sweep',
        everyMs: MINUTE,
        run: async () => {
          if (fail) throw new Error('database restarting');
        },
      },
    ]);
    expect(await runner.runDue()).toEqual({ ran: [], failed: ['test.flaky-sweep'] });
    const failed = await scheduleRow('test.flaky-sweep');
    expect(failed).toMatchObject({ attempts: 1, last_error: 'database restarting', locked_by: null });
    clock.advance(MINUTE);
    expect((await runner.runDue()).failed).toEqual(['test.flaky-sweep']);
    expect((await scheduleRow('test.flaky-sweep')).attempts).toBe(2);
    fail = false;
    clock.advance(MINUTE);
    expect((await runner.runDue()).ran).toEqual(['test.flaky-sweep']);
    expect(await scheduleRow('test.flaky-sweep')).toMatchObject({ attempts: 0, last_error: null });
    // Every run is in the history, with how it ended.
    const history = await database.db
      .selectFrom('job_runs')
      .select(['worker', 'error', 'finished_at'])
      .where('name', '=', 'test.flaky-sweep')
      .orderBy('id')
      .execute();
    expect(history.map((run) => run.error)).toEqual(['database restarting', 'database restarting', null]);
    expect(history.every((run) => run.finished_at instanceof Date && run.worker === 'test-worker')).toBe(
      true,
    );
    // Two weeks of it: a run finished after that forgets the older ones.
    clock.advance(RUN_HISTORY_MS + MINUTE);
    expect((await runner.runDue()).ran).toEqual(['test.flaky-sweep']);
    const kept = await database.db
      .selectFrom('job_runs')
      .select('error')
      .where('name', '=', 'test.flaky-sweep')
      .execute();
    expect(kept).toEqual([{ error: null }]);
  });

  it('runs a one-off job with its payload when due, once', async () => {
    const payloads: unknown[] = [];
    const { api, runner } = queue([{ name: 'test.say', run: async (c) => payloads.push(c.payload) }]);
    const later = await api.enqueue(database.db, {
      name: 'test.say',
      payload: { text: 'later' },
      runAt: new Date(clock.now().getTime() + MINUTE),
    });
    const now = await api.enqueue(database.db, { name: 'test.say', payload: { text: 'now' } });
    expect((await runner.runDue()).ran).toEqual([`test.say#${now}`]);
    expect((await runner.runDue()).ran).toEqual([]);
    clock.advance(MINUTE);
    expect((await runner.runDue()).ran).toEqual([`test.say#${later}`]);
    expect(payloads).toEqual([{ text: 'now' }, { text: 'later' }]);
    expect(await jobRow(now)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
  });

  it('retries a failing one-off job with its error recorded, and gives up after max attempts', async () => {
    const attempts: number[] = [];
    const { api, runner } = queue([
      {
        name: 'test.always-fails',
        run: async (c) => {
          attempts.push(c.attempt);
          throw new Error(`try ${c.attempt} failed`);
        },
      },
    ]);
    const id = await api.enqueue(database.db, { name: 'test.always-fails', maxAttempts: 3 });
    expect((await runner.runDue()).failed).toEqual([`test.always-fails#${id}`]);
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'try 1 failed' });
    expect((await runner.runDue()).failed).toEqual([]); // waits for its retry time
    clock.advance(retryDelayMs(1));
    await runner.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 2, last_error: 'try 2 failed' });
    clock.advance(retryDelayMs(2));
    await runner.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'try 3 failed' });
    clock.advance(retryDelayMs(3));
    await runner.runDue();
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('re-claims work whose lease expired (a process died holding it)', async () => {
    const ran: string[] = [];
    const { api, runner } = queue([
      { name: 'test.lease-sweep', everyMs: 10 * MINUTE, run: async () => ran.push('sweep') },
      { name: 'test.lease-job', run: async (c) => ran.push(`job attempt ${c.attempt}`) },
    ]);
    await runner.runDue(); // registers the schedule and runs it once
    ran.length = 0;
    clock.advance(10 * MINUTE);
    const id = await api.enqueue(database.db, { name: 'test.lease-job' });
    // Another process claims both, then dies without finishing.
    const now = clock.now();
    const until = new Date(now.getTime() + DEFAULT_LEASE_MS);
    await transact(database.db, async (trx) => {
      const dead = new JobsRepository(trx);
      expect(
        await dead.claimSchedule('test.lease-sweep', { worker: 'dead', now, until, force: false }),
      ).toBeDefined();
      expect(await dead.claimDue(['test.lease-job'], { worker: 'dead', now, until, limit: 10 })).toHaveLength(
        1,
      );
    });
    expect(await runner.runDue()).toEqual({ ran: [], failed: [] });
    expect(await runner.runNow('test.lease-sweep')).toBe(false);
    clock.advance(DEFAULT_LEASE_MS);
    expect((await runner.runDue()).ran).toEqual(['test.lease-sweep', `test.lease-job#${id}`]);
    expect(ran).toEqual(['sweep', 'job attempt 2']);
    // The dead process's late finish changes nothing: the row is no longer its own.
    await transact(database.db, (trx) => new JobsRepository(trx).completeJob(id, 'dead', clock.now()));
    expect(await jobRow(id)).toMatchObject({ status: 'done', locked_by: null });
  });

  it("queues a job in the caller's transaction: none if it rolls back", async () => {
    const { api } = queue([]);
    await transact(database.db, async (trx) => {
      await api.enqueue(trx, { name: 'test.rolled-back' });
      throw new Error('rollback');
    }).catch(() => {});
    const rows = await database.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', 'test.rolled-back')
      .execute();
    expect(rows).toEqual([]);
  });

  it('does nothing until started, and stops cleanly', async () => {
    const runs: number[] = [];
    const { runner } = queue([{ name: 'test.started', everyMs: MINUTE, run: async () => runs.push(1) }]);
    const poller = createJobsModule({ db: database.db, clock, log: silent, pollMs: 5 }).runnerFor([
      { name: 'test.started', everyMs: MINUTE, run: async () => runs.push(1) },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toEqual([]);
    poller.start();
    await expect.poll(() => runs.length).toBe(1);
    await poller.stop();
    clock.advance(MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toEqual([1]);
    await runner.stop();
  });

  async function scheduleRow(name: string) {
    return database.db
      .selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  }

  async function jobRow(id: bigint) {
    return database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }
});
