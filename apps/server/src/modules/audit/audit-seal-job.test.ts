import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { AuditRepository } from './audit.repository.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { AUDIT_SEAL_JOB } from './audit-module.ts';

/**
 * The audit log is sealed by a job of the queue (docs/jobs.md): a server started with its scheduler (main.ts)
 * seals what was appended by itself, every `AUDIT_SEAL_INTERVAL_MS`. The sealing's own rules (late commits,
 * racing sealers, tamper reports) are in test/reliability/audit-chain*.test.ts.
 */
describe('audit seal job', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('seals appended rows by itself when the app runs its scheduler, every configured interval', async () => {
    test = await buildTestApp({ runJobs: true, config: { auditSealIntervalMs: 1000 } });
    const { db } = test.database;
    await new AuditRepository(db).record({
      brandId: null,
      memberId: null,
      action: 'operator.login',
      ip: '203.0.113.11',
    });
    await expect.poll(async () => (await verifyAuditChain(db)).unsealed, { timeout: 15_000 }).toBe(0);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, problems: [] });
    const schedule = await db
      .selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', AUDIT_SEAL_JOB)
      .executeTakeFirstOrThrow();
    expect(schedule).toMatchObject({ interval_ms: 1000, last_error: null });
  }, 30_000);
});
