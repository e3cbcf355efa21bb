import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditRepository } from '../../src/modules/audit/audit.repository.ts';
import type { verifyAuditChain } from '../../src/modules/audit/audit-chain.ts';
import { createOpsHarness, type OpsHarness } from '../helpers/ops-harness.ts';
import { testBackends } from '../helpers/test-database.ts';

/**
 * Reliability item 7: the audit log is a hash chain (migration 0009) and `audit:verify` finds a row that was
 * altered, a row that was removed from the middle and rows removed from the end.
 */
describe.each(testBackends())('hash-chained audit log [%s]', (backend) => {
  let harness: OpsHarness;

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
    const { id: brandId } = await harness.db
      .selectFrom('brands')
      .select('id')
      .where('code', '=', 'lotus')
      .executeTakeFirstOrThrow();
    for (let index = 0; index < 12; index += 1) {
      await new AuditRepository(harness.db).record({
        brandId,
        operatorId: null,
        memberId: null,
        action: 'wallet.adjusted',
        ip: '203.0.113.7',
        // Keys in a different order each time: the canonical form must not depend on it.
        detail: index % 2 === 0 ? { amount: `${index}00`, via: 'cli' } : { via: 'cli', amount: `${index}00` },
      });
    }
  });
  afterAll(async () => {
    await harness?.database.close();
  });

  const verify = async () => {
    const result = await harness.run('audit:verify');
    return {
      code: result.code,
      report: JSON.parse(result.out) as Awaited<ReturnType<typeof verifyAuditChain>>,
    };
  };
  const rowAt = (seq: number) =>
    harness.db
      .selectFrom('audit_log')
      .selectAll()
      .where('chain_seq', '=', BigInt(seq))
      .executeTakeFirstOrThrow();

  it('chains every row, whoever writes it, and verifies clean', async () => {
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
    expect(report).toMatchObject({ ok: true, problems: [] });
    expect(report.rows).toBe(rows.length);
    expect(code).toBe(0);
  });

  it('ignores chain values a writer tries to choose', async () => {
    await harness.db
      .insertInto('audit_log')
      .values({
        brand_id: null,
        member_id: null,
        operator_id: null,
        action: 'operator.login',
        ip: '203.0.113.8',
        user_agent: 'test',
        detail: '{}',
        chain_seq: 1n,
        prev_hash: 'forged',
        row_hash: 'forged',
      })
      .execute();
    const forged = await harness.db
      .selectFrom('audit_log')
      .select(['row_hash', 'prev_hash'])
      .where('ip', '=', '203.0.113.8')
      .executeTakeFirstOrThrow();
    expect(forged.row_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(forged.prev_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await verify()).report.ok).toBe(true);
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

  it('reports an altered row whose own hash was recomputed: the next link breaks', async () => {
    const row = await rowAt(6);
    const next = await rowAt(7);
    await sql`update audit_log set action = 'wallet.reversed',
      row_hash = audit_row_hash(chain_seq, id, brand_id, member_id, operator_id, 'wallet.reversed', ip,
        user_agent, detail, created_at, prev_hash)
      where id = ${row.id}`.execute(harness.db);
    expect((await verify()).report.problems).toEqual([
      { kind: 'broken_link', seq: '7', id: String(next.id) },
    ]);
    await sql`update audit_log set action = ${row.action}, row_hash = ${row.row_hash} where id = ${row.id}`.execute(
      harness.db,
    );
    expect((await verify()).report.ok).toBe(true);
  });

  it('reports a row deleted from the middle and rows deleted from the end', async () => {
    const next = await rowAt(9);
    await harness.db.deleteFrom('audit_log').where('chain_seq', '=', 8n).execute();
    const middle = await verify();
    expect(middle.code).toBe(1);
    expect(middle.report.problems).toEqual([
      { kind: 'missing', fromSeq: '8', toSeq: '8' },
      { kind: 'broken_link', seq: '9', id: String(next.id) },
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
