import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../src/config/env.ts';
import type { DatabaseHandle } from '../../src/db/create-database.ts';
import { AuditRepository } from '../../src/modules/audit/audit.repository.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit-chain.ts';
import { connectAgain, createPreparedTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/**
 * Reliability item 7 on PostgreSQL: appends from many connections at once, some in transactions that roll
 * back, still form one unbroken chain (the trigger queues them on the chain head row).
 */
const full = process.env.RELIABILITY_FULL === '1';
const APPENDS = full ? 2000 : 240;
const CONNECTIONS = 16;

describe.runIf(testDatabaseUrl())('hash-chained audit log under concurrency [postgres]', () => {
  let database: TestDatabase;
  let pool: DatabaseHandle;

  beforeAll(async () => {
    database = await createPreparedTestDatabase('postgres');
    pool = await connectAgain(database, CONNECTIONS);
  });
  afterAll(async () => {
    await pool?.close();
    await database?.close();
  });

  it(`keeps one valid chain across ${APPENDS} concurrent appends with rollbacks`, async () => {
    const { id: brandId } = await database.db
      .selectFrom('brands')
      .select('id')
      .where('code', '=', 'lotus')
      .executeTakeFirstOrThrow();
    const before = await verifyAuditChain(database.db);
    expect(before.ok).toBe(true);
    const rolledBack = new Error('rolled back on purpose');
    const results = await Promise.allSettled(
      Array.from({ length: APPENDS }, (_, index) =>
        pool.db.transaction().execute(async (trx) => {
          await new AuditRepository(trx).record({
            brandId,
            operatorId: null,
            memberId: null,
            action: 'wallet.adjusted',
            ip: '203.0.113.9',
            detail: { index },
          });
          // Every fifth append is undone after it took the head: the chain must not keep its link.
          if (index % 5 === 4) throw rolledBack;
        }),
      ),
    );
    const failures = results.filter((result) => result.status === 'rejected');
    expect(failures.every((failure) => failure.reason === rolledBack)).toBe(true);
    expect(failures).toHaveLength(APPENDS / 5);

    const after = await verifyAuditChain(database.db);
    expect(after.problems).toEqual([]);
    expect(after.rows).toBe(before.rows + APPENDS - APPENDS / 5);
  });
});
