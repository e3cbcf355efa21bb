import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { AUTO_RECEIPT_INTERVAL_MS, AUTO_RECEIPT_JOB } from './withdrawals-module.ts';

/**
 * The auto-receipt sweep is a job of the queue (docs/jobs.md), not a timer of the routes: a server started
 * with its scheduler (main.ts) sweeps by itself, once across processes; a test's app sweeps only when told.
 * The queue's own rules (retries, leases, once across processes) are in modules/jobs.
 */
describe('auto-receipt job', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  const schedule = () =>
    test?.database.db
      .selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', AUTO_RECEIPT_JOB)
      .executeTakeFirst();

  it('runs on the job queue when the app runs its scheduler, and stops with the app', async () => {
    test = await buildTestApp({ runJobs: true });
    await expect
      .poll(async () => (await schedule())?.last_finished_at ?? null, { timeout: 15_000 })
      .not.toBeNull();
    const row = await schedule();
    expect(row).toMatchObject({ interval_ms: AUTO_RECEIPT_INTERVAL_MS, last_error: null, locked_by: null });
  }, 30_000);

  it('does not run in an app whose scheduler is off, until the test runs it', async () => {
    test = await buildTestApp();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await schedule()).toBeUndefined();
    expect(await test.app.jobs.runNow(AUTO_RECEIPT_JOB)).toBe(true);
    expect((await schedule())?.last_finished_at).toBeInstanceOf(Date);
  }, 30_000);
});
