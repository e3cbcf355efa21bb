import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../src/config/env.ts';
import type { DatabaseHandle } from '../../src/db/create-database.ts';
import { type Executor, transact } from '../../src/db/unit-of-work.ts';
import { AuditRepository } from '../../src/modules/audit/audit.repository.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit-chain.ts';
import { sealAuditLog } from '../../src/modules/audit/audit-sealer.ts';
import { usePostgresConnections } from '../helpers/postgres-budget.ts';
import { connectAgain, createPreparedTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/**
 * Reliability item 7 on PostgreSQL, issue 15: appends take no shared lock (50 transactions hold their audit
 * rows open at once), a row whose transaction commits late is sealed by the next seal rather than skipped,
 * and appends from many connections, some rolled back, with two sealers racing, still form one chain under
 * unbroken seals, which a verifier walking meanwhile finds whole every time.
 */
const full = process.env.RELIABILITY_FULL === '1';
const APPENDS = full ? 2000 : 240;
const OPEN_AT_ONCE = 50;

/** A promise and the function that settles it: a test step waits on state, never on time. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire = () => {};
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}

usePostgresConnections(62);

describe.runIf(testDatabaseUrl())('sealed audit log under concurrency [postgres]', () => {
  let database: TestDatabase;
  let pool: DatabaseHandle;
  /** A second process's handle: its own pool, sealing beside the first. */
  let other: DatabaseHandle;
  let brandId: bigint;

  const append = (executor: Executor, detail: Record<string, unknown>) =>
    new AuditRepository(executor).record({
      brandId,
      operatorId: null,
      memberId: null,
      action: 'wallet.adjusted',
      ip: '203.0.113.9',
      detail,
    });
  const chainSeqOf = async (tag: string) =>
    await database.db
      .selectFrom('audit_log')
      .select(['id', 'chain_seq'])
      .where(sql<boolean>`detail->>'tag' = ${tag}`)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createPreparedTestDatabase('postgres');
    pool = await connectAgain(database, OPEN_AT_ONCE + 2);
    other = await connectAgain(database, 2);
    ({ id: brandId } = await database.db
      .selectFrom('brands')
      .select('id')
      .where('code', '=', 'lotus')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await other?.close();
    await pool?.close();
    await database?.close();
  });

  it(`lets ${OPEN_AT_ONCE} open transactions each append an audit row at once, none waiting on a lock`, async () => {
    await sealAuditLog(database.db);
    const allIn = signal();
    const commit = signal();
    let appended = 0;
    // Each writer appends, then keeps its transaction open until every writer has appended. Were appends
    // queued on a shared row (0009's chain head), the second append would wait for the first commit, which
    // waits for every append: this test would hang (its timeout is the bound).
    const writers = Array.from({ length: OPEN_AT_ONCE }, (_, index) =>
      transact(pool.db, async (trx) => {
        await append(trx, { tag: `open-${index}` });
        appended += 1;
        if (appended === OPEN_AT_ONCE) allIn.fire();
        await commit.promise;
      }),
    );
    await allIn.promise;
    // All open at once, and no backend of this database waits on a lock.
    const waiting = await sql<{ n: bigint }>`select count(*) as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
    expect(waiting.rows[0]?.n).toBe(0n);
    // A seal meanwhile neither waits for them nor takes them: they are not committed.
    expect(await sealAuditLog(other.db)).toMatchObject({ seals: 0, rows: 0 });

    commit.fire();
    await Promise.all(writers);
    expect(await sealAuditLog(database.db)).toMatchObject({ seals: 1, rows: OPEN_AT_ONCE });
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, unsealed: 0, problems: [] });
  });

  it('seals a row whose transaction commits after rows with higher ids were sealed', async () => {
    const inserted = signal();
    const commit = signal();
    const late = transact(pool.db, async (trx) => {
      await append(trx, { tag: 'late' });
      inserted.fire();
      await commit.promise;
    });
    await inserted.promise;
    await append(pool.db, { tag: 'early' });

    expect(await sealAuditLog(database.db)).toMatchObject({ seals: 1, rows: 1 });
    const early = await chainSeqOf('early');
    expect(early.chain_seq).not.toBeNull();

    commit.fire();
    await late;
    const unsealed = await chainSeqOf('late');
    // Its identity value was drawn first, yet it is not in the chain: the seal could not see it.
    expect(unsealed.id).toBeLessThan(early.id);
    expect(unsealed.chain_seq).toBeNull();
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, unsealed: 1 });

    expect(await sealAuditLog(database.db)).toMatchObject({ seals: 1, rows: 1 });
    const sealed = await chainSeqOf('late');
    expect(sealed.chain_seq).toBe((early.chain_seq as bigint) + 1n);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, unsealed: 0, problems: [] });
  });

  it(`keeps one valid chain across ${APPENDS} concurrent appends with rollbacks while two sealers race and a verifier walks`, async () => {
    const before = await verifyAuditChain(database.db);
    expect(before.ok).toBe(true);
    let appending = true;
    // Two processes sealing as fast as they can, each with its own pool, for as long as appends go on.
    const sealers = [database.db, other.db].map(async (db) => {
      let seals = 0;
      while (appending) seals += (await sealAuditLog(db, { batch: 7 })).seals;
      return seals;
    });
    // And a verifier meanwhile: it reads one snapshot, so a seal committing mid-walk is no false alarm.
    const verifier = (async () => {
      const problems: unknown[] = [];
      let walks = 0;
      while (appending) {
        problems.push(...(await verifyAuditChain(database.db)).problems);
        walks += 1;
      }
      return { problems, walks };
    })();
    const rolledBack = new Error('rolled back on purpose');
    const results = await Promise.allSettled(
      Array.from({ length: APPENDS }, (_, index) =>
        transact(pool.db, async (trx) => {
          await append(trx, { index });
          // Every fifth append is undone: it must leave no row and no gap in the chain.
          if (index % 5 === 4) throw rolledBack;
        }),
      ),
    );
    appending = false;
    const sealed = await Promise.all(sealers);
    const verified = await verifier;
    expect(verified.walks).toBeGreaterThan(0);
    expect(verified.problems).toEqual([]);
    const failures = results.filter((result) => result.status === 'rejected');
    expect(failures.every((failure) => failure.reason === rolledBack)).toBe(true);
    expect(failures).toHaveLength(APPENDS / 5);
    // Both sealers found work (they raced), and the chain has no seq twice (a unique index would refuse it).
    expect(sealed.every((count) => count > 0)).toBe(true);

    await sealAuditLog(database.db);
    const after = await verifyAuditChain(database.db);
    expect(after.problems).toEqual([]);
    expect(after.unsealed).toBe(0);
    expect(after.rows).toBe(before.rows + APPENDS - APPENDS / 5);
    expect(after.seals).toBeGreaterThan(before.seals);
  });
});
