import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigrator } from '../../src/db/migrate.ts';
import { AuditRepository } from '../../src/modules/audit/audit.repository.ts';
import type { AuditChainReport } from '../../src/modules/audit/audit-chain.ts';
import { createOpsHarness, type OpsHarness } from '../helpers/ops-harness.ts';
import { testBackends } from '../helpers/test-database.ts';

/**
 * Reliability item 7: the audit log is a sealed hash chain (migrations 0009 and 0019). Rows are appended
 * unsealed, `audit:seal` (the `audit.seal` job's work) chains and seals them, and `audit:verify` finds a sealed
 * row that was altered, a row removed from the middle or the end, and a seal altered or removed.
 */
describe.each(testBackends())('sealed audit log [%s]', (backend) => {
  let harness: OpsHarness;
  let brandId: bigint;

  const append = (count: number, action = 'wallet.adjusted') =>
    (async () => {
      for (let index = 0; index < count; index += 1) {
        await new AuditRepository(harness.db).record({
          brandId,
          operatorId: null,
          memberId: null,
          action,
          ip: '203.0.113.7',
          // Keys in a different order each time: the canonical form must not depend on it.
          detail:
            index % 2 === 0 ? { amount: `${index}00`, via: 'cli' } : { via: 'cli', amount: `${index}00` },
        });
      }
    })();

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
    ({ id: brandId } = await harness.db
      .selectFrom('brands')
      .select('id')
      .where('code', '=', 'lotus')
      .executeTakeFirstOrThrow());
    await append(12);
  });
  afterAll(async () => {
    await harness?.database.close();
  });

  const verify = async () => {
    const result = await harness.run('audit:verify');
    return {
      code: result.code,
      report: JSON.parse(result.out) as AuditChainReport,
    };
  };
  const seal = async () => {
    const result = await harness.run('audit:seal');
    expect(result.code).toBe(0);
    return JSON.parse(result.out) as { seals: number; rows: number; lastSeal: string | null };
  };
  const rowAt = (seq: number) =>
    harness.db
      .selectFrom('audit_log')
      .selectAll()
      .where('chain_seq', '=', BigInt(seq))
      .executeTakeFirstOrThrow();
  const sealOf = (seq: number) =>
    harness.db
      .selectFrom('audit_seals')
      .selectAll()
      .where('first_seq', '<=', BigInt(seq))
      .where('last_seq', '>=', BigInt(seq))
      .executeTakeFirstOrThrow();

  it('appends unsealed, seals on demand, and verifies every sealed row clean', async () => {
    const total = Number(
      (
        await harness.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const before = await verify();
    expect(before.report).toMatchObject({ ok: true, rows: 0, seals: 0, unsealed: total, problems: [] });
    expect(before.code).toBe(0);

    expect(await seal()).toEqual({ seals: 1, rows: total, lastSeal: '1' });
    const rows = await harness.db
      .selectFrom('audit_log')
      .select(['chain_seq', 'prev_hash', 'row_hash'])
      .orderBy('chain_seq')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    rows.forEach((row, index) => {
      expect(row.chain_seq).toBe(BigInt(index + 1));
      expect(row.row_hash).toMatch(/^[0-9a-f]{64}$/);
      if (index > 0) expect(row.prev_hash).toBe(rows[index - 1]?.row_hash);
    });
    expect(rows[0]?.prev_hash).toBe('0'.repeat(64));
    const { code, report } = await verify();
    expect(report).toEqual({ ok: true, rows: rows.length, seals: 1, unsealed: 0, problems: [] });
    expect(code).toBe(0);
    // Nothing new: sealing again writes no empty seal.
    expect(await seal()).toEqual({ seals: 0, rows: 0, lastSeal: null });
  });

  it('ignores chain values a writer tries to choose', async () => {
    await sql`insert into audit_log (action, ip, user_agent, chain_seq, prev_hash, row_hash)
      values ('operator.login', '203.0.113.8', 'test', 1, 'forged', 'forged')`.execute(harness.db);
    const forged = () =>
      harness.db
        .selectFrom('audit_log')
        .select(['chain_seq', 'row_hash', 'prev_hash'])
        .where('ip', '=', '203.0.113.8')
        .executeTakeFirstOrThrow();
    expect(await forged()).toEqual({ chain_seq: null, row_hash: null, prev_hash: null });
    expect((await verify()).report).toMatchObject({ ok: true, unsealed: 1 });

    await seal();
    const sealed = await forged();
    expect(sealed.row_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sealed.prev_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await verify()).report).toMatchObject({ ok: true, seals: 2, unsealed: 0 });
  });

  it('reports a row whose detail, time or actor was altered, and nothing once it is put back', async () => {
    const row = await rowAt(5);
    await sql`update audit_log set detail = jsonb_set(detail, '{amount}', '"999999"') where id = ${row.id}`.execute(
      harness.db,
    );
    const altered = await verify();
    expect(altered.code).toBe(1);
    expect(altered.report.ok).toBe(false);
    expect(altered.report.problems).toEqual([{ kind: 'altered', seq: '5', id: String(row.id) }]);

    await sql`update audit_log set detail = ${JSON.stringify(row.detail)}::jsonb where id = ${row.id}`.execute(
      harness.db,
    );
    expect((await verify()).report.ok).toBe(true);

    await sql`update audit_log set created_at = created_at + interval '1 microsecond' where id = ${row.id}`.execute(
      harness.db,
    );
    expect((await verify()).report.problems).toEqual([{ kind: 'altered', seq: '5', id: String(row.id) }]);
    await sql`update audit_log set created_at = created_at - interval '1 microsecond' where id = ${row.id}`.execute(
      harness.db,
    );

    await sql`update audit_log set ip = '198.51.100.1' where id = ${row.id}`.execute(harness.db);
    expect((await verify()).report.problems).toEqual([{ kind: 'altered', seq: '5', id: String(row.id) }]);
    await sql`update audit_log set ip = ${row.ip} where id = ${row.id}`.execute(harness.db);
    expect((await verify()).report.ok).toBe(true);
  });

  it('reports an altered row whose own hash was recomputed: the next link breaks and its seal no longer holds', async () => {
    const row = await rowAt(6);
    const next = await rowAt(7);
    const covering = await sealOf(6);
    await sql`update audit_log set action = 'wallet.reversed',
      row_hash = audit_row_hash(chain_seq, id, brand_id, member_id, operator_id, 'wallet.reversed', ip,
        user_agent, detail, created_at, prev_hash)
      where id = ${row.id}`.execute(harness.db);
    expect((await verify()).report.problems).toEqual([
      { kind: 'broken_link', seq: '7', id: String(next.id) },
      {
        kind: 'seal_rows_mismatch',
        seal: String(covering.seq),
        firstSeq: String(covering.first_seq),
        lastSeq: String(covering.last_seq),
      },
    ]);
    await sql`update audit_log set action = ${row.action}, row_hash = ${row.row_hash} where id = ${row.id}`.execute(
      harness.db,
    );
    expect((await verify()).report.ok).toBe(true);
  });

  it('reports a seal altered, and a seal deleted from the middle or the end', async () => {
    await append(3, 'deposit.approved');
    await seal();
    await append(2, 'withdrawal.paid');
    await seal();
    const seals = await harness.db.selectFrom('audit_seals').selectAll().orderBy('seq').execute();
    expect(seals.map((each) => each.seq)).toEqual([1n, 2n, 3n, 4n]);
    const [, , third, fourth] = seals as [unknown, unknown, (typeof seals)[0], (typeof seals)[0]];
    expect((await verify()).report).toMatchObject({ ok: true, seals: 4 });
    // A copy to put removed seals back from, exactly (a JS Date would drop sealed_at's microseconds).
    await sql`create table audit_seals_copy as select * from audit_seals`.execute(harness.db);
    const putBack = (seq: number) =>
      sql`insert into audit_seals select * from audit_seals_copy where seq = ${seq}`.execute(harness.db);

    // A seal's own fields changed: its hash no longer matches.
    await sql`update audit_seals set sealed_at = sealed_at + interval '1 second' where seq = 2`.execute(
      harness.db,
    );
    const altered = await verify();
    expect(altered.code).toBe(1);
    expect(altered.report.problems).toEqual([{ kind: 'seal_altered', seal: '2' }]);
    await sql`update audit_seals set sealed_at = sealed_at - interval '1 second' where seq = 2`.execute(
      harness.db,
    );
    expect((await verify()).report.ok).toBe(true);

    // One removed from the middle: a gap, a broken link, and rows no seal covers.
    await harness.db.deleteFrom('audit_seals').where('seq', '=', 3n).execute();
    const middle = await verify();
    expect(middle.code).toBe(1);
    expect(middle.report.problems).toEqual([
      { kind: 'seal_missing', fromSeal: '3', toSeal: '3' },
      { kind: 'seal_broken_link', seal: '4' },
      { kind: 'not_sealed', fromSeq: String(third.first_seq), toSeq: String(third.last_seq) },
    ]);
    await putBack(3);
    expect((await verify()).report.ok).toBe(true);

    // The newest removed: the head still names it.
    await harness.db.deleteFrom('audit_seals').where('seq', '=', 4n).execute();
    const tail = await verify();
    expect(tail.code).toBe(1);
    expect(tail.report.problems).toEqual([
      { kind: 'seal_head_mismatch', headSeal: '4', lastSeal: '3' },
      { kind: 'not_sealed', fromSeq: String(fourth.first_seq), toSeq: String(fourth.last_seq) },
    ]);
    await putBack(4);
    expect((await verify()).report.ok).toBe(true);
  });

  it('reports a row deleted from the middle and rows deleted from the end', async () => {
    const next = await rowAt(9);
    const covering = await sealOf(8);
    await harness.db.deleteFrom('audit_log').where('chain_seq', '=', 8n).execute();
    const middle = await verify();
    expect(middle.code).toBe(1);
    expect(middle.report.problems).toEqual([
      { kind: 'missing', fromSeq: '8', toSeq: '8' },
      { kind: 'broken_link', seq: '9', id: String(next.id) },
      {
        kind: 'seal_rows_mismatch',
        seal: String(covering.seq),
        firstSeq: String(covering.first_seq),
        lastSeq: String(covering.last_seq),
      },
    ]);

    const head = await harness.db.selectFrom('audit_chain_head').select('last_seq').executeTakeFirstOrThrow();
    await harness.db.deleteFrom('audit_log').where('chain_seq', '=', head.last_seq).execute();
    const tail = await verify();
    expect(tail.report.problems).toContainEqual({
      kind: 'head_mismatch',
      headSeq: String(head.last_seq),
      lastSeq: String(head.last_seq - 1n),
    });
  });
});

/** Migration 0019 on a log that 0009's trigger chained: those rows stay verifiable, under seals the migration writes. */
describe.each(testBackends())('audit rows chained before the seals [%s]', (backend) => {
  let harness: OpsHarness;

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
  });
  afterAll(async () => {
    await harness?.database.close();
  });

  const append = (count: number) =>
    (async () => {
      for (let index = 0; index < count; index += 1) {
        await new AuditRepository(harness.db).record({
          brandId: null,
          memberId: null,
          action: 'operator.login',
          ip: '203.0.113.10',
          detail: { index },
        });
      }
    })();
  const verify = async () => JSON.parse((await harness.run('audit:verify')).out) as AuditChainReport;

  it('rolls back to the head-lock trigger and forward again, the old rows under seals of 1,000', async () => {
    await append(2);
    const migrator = createMigrator(harness.db);
    // Undoing 0019 first chains what is unsealed, then puts 0009's trigger back.
    const down = await migrator.migrateTo('0018_job_runs');
    expect(down.error).toBeUndefined();
    // The later migrations go first; 0019 is the last one undone.
    expect(down.results?.at(-1)?.migrationName).toBe('0019_audit_seals');
    // Over a thousand rows chained by the trigger, one statement: sealed by the migration in seals of 1,000.
    await sql`insert into audit_log (action, ip, detail)
      select 'operator.login', '203.0.113.10', jsonb_build_object('n', n) from generate_series(1, 1001) n`.execute(
      harness.db,
    );
    const chained = await harness.db
      .selectFrom('audit_log')
      .select('chain_seq')
      .orderBy('chain_seq')
      .execute();
    expect(chained.map((row) => row.chain_seq)).toEqual(chained.map((_, index) => BigInt(index + 1)));

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await verify()).toEqual({ ok: true, rows: chained.length, seals: 2, unsealed: 0, problems: [] });
    const seals = await harness.db
      .selectFrom('audit_seals')
      .select(['seq', 'first_seq', 'last_seq', 'row_count'])
      .orderBy('seq')
      .execute();
    expect(seals).toEqual([
      { seq: 1n, first_seq: 1n, last_seq: 1000n, row_count: 1000 },
      { seq: 2n, first_seq: 1001n, last_seq: BigInt(chained.length), row_count: chained.length - 1000 },
    ]);

    await append(1);
    expect(await verify()).toMatchObject({ ok: true, seals: 2, unsealed: 1 });
    await harness.run('audit:seal');
    expect(await verify()).toEqual({
      ok: true,
      rows: chained.length + 1,
      seals: 3,
      unsealed: 0,
      problems: [],
    });
  });
});
