import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOfMember } from '../../../test/helpers/actor.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { createOpsHarness, type OpsHarness } from '../../../test/helpers/ops-harness.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { DEMO_PAYMENT_METHODS } from '../../db/seed/demo-payment-methods.ts';
import { seedDatabase } from '../../db/seed/seed.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { DepositsRepository } from './deposits.repository.ts';
import { DepositsService } from './deposits.service.ts';

describe.each(testBackends())('deposit ops commands [%s]', (backend) => {
  let harness: OpsHarness;
  let service: DepositsService;
  let ledger: LedgerService;
  const run = (...argv: string[]) => harness.run(...argv);

  const demoPlayer = async () =>
    harness.db
      .selectFrom('members')
      .selectAll()
      .where('username', '=', 'demo_player')
      .executeTakeFirstOrThrow();
  /** A pending bank-transfer deposit of demo_player, made through the same service as the API. */
  const pendingDeposit = async (amount: string): Promise<string> => {
    const result = await service.create(actorOfMember(await demoPlayer()), {
      fields: { method: 'bank', amount, reference: `UTR${randomUUID().slice(0, 8)}` },
      proof: null,
      idempotencyKey: randomUUID(),
      baseUrl: 'http://localhost',
      language: undefined,
    });
    return result.deposit.id;
  };
  const balance = async () => (await ledger.balanceOf((await demoPlayer()).id)).balanceMinor;
  const depositRow = (id: string) =>
    harness.db.selectFrom('deposits').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
  const auditOf = (id: string, action: string) =>
    harness.db
      .selectFrom('audit_log')
      .select(['operator_id', 'member_id', 'ip', 'detail'])
      .where('action', '=', action)
      .where(({ eb, ref }) => eb(ref('detail', '->>').key('depositId' as never), '=', id))
      .execute();

  beforeAll(async () => {
    harness = await createOpsHarness(backend);
    ledger = new LedgerService(harness.db);
    service = new DepositsService({
      db: harness.db,
      repository: new DepositsRepository(harness.db),
      ledger,
      gateways: new Map(),
    });
  }, 60_000);
  afterAll(async () => {
    if (harness) await assertLedgerInvariants(harness.db);
    await harness?.database.close();
  });

  it('lists its commands in help', async () => {
    const help = (await run('help')).out;
    for (const name of ['deposit:list', 'deposit:approve', 'deposit:reject']) expect(help).toContain(name);
  });

  it('seeds the demo payment methods once', async () => {
    const methods = await harness.db
      .selectFrom('payment_methods')
      .select(['code', 'kind'])
      .orderBy('sort')
      .execute();
    expect(methods).toEqual(DEMO_PAYMENT_METHODS.map((method) => ({ code: method.code, kind: method.kind })));
    const before = (await harness.db.selectFrom('payment_methods').select('id').execute()).length;
    await seedDatabase(harness.db);
    expect((await harness.db.selectFrom('payment_methods').select('id').execute()).length).toBe(before);
  });

  it('lists deposits, optionally of one status', async () => {
    const pending = await pendingDeposit('150');
    const all = await run('deposit:list');
    expect(all.code).toBe(0);
    const listed = JSON.parse(all.out) as {
      list: { id: string; status: string; member: { username: string } }[];
    };
    expect(listed.list.find((entry) => entry.id === pending)).toMatchObject({
      status: 'pending',
      member: { username: 'demo_player' },
    });
    const approvedOnly = JSON.parse((await run('deposit:list', 'approved')).out) as {
      list: { status: string }[];
    };
    expect(approvedOnly.list.every((entry) => entry.status === 'approved')).toBe(true);
    const bad = await run('deposit:list', 'lost');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('usage: npm run ops -- deposit:list');
    expect((await run('deposit:list', 'pending', 'extra')).code).toBe(1);
  });

  it('approves a pending deposit once, as operator:cli, audited with via cli', async () => {
    const id = await pendingDeposit('1200');
    const before = await balance();
    const approved = await run('deposit:approve', id);
    expect(approved.code, approved.err).toBe(0);
    expect(approved.out).toContain(`deposit ${id}: approved`);
    expect(await balance()).toBe(before + 120_000n);
    const row = await depositRow(id);
    expect(row).toMatchObject({ status: 'approved', decided_by: 'operator:cli' });
    expect(row.entry_id).not.toBeNull();
    const audit = await auditOf(id, 'deposit.approved');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: null, ip: 'cli', detail: { via: 'cli', depositId: id } });

    const again = await run('deposit:approve', id);
    expect(again.code).toBe(1);
    expect(again.err).toContain('deposit_not_pending');
    expect(await balance()).toBe(before + 120_000n);
  });

  it('rejects with a reason of several words', async () => {
    const id = await pendingDeposit('300');
    const before = await balance();
    const rejected = await run('deposit:reject', id, 'UTR', 'not', 'found');
    expect(rejected.code, rejected.err).toBe(0);
    expect(await depositRow(id)).toMatchObject({
      status: 'rejected',
      reject_reason: 'UTR not found',
      entry_id: null,
    });
    expect(await balance()).toBe(before);
    const audit = await auditOf(id, 'deposit.rejected');
    expect(audit[0]).toMatchObject({ operator_id: null, detail: { via: 'cli', reason: 'UTR not found' } });
    expect((await run('deposit:approve', id)).code).toBe(1);
  });

  it('refuses bad arguments and unknown deposits', async () => {
    for (const argv of [
      ['deposit:approve'],
      ['deposit:approve', 'abc'],
      ['deposit:approve', '1', '2'],
      ['deposit:reject', '1'],
      ['deposit:reject', 'x', 'reason'],
    ]) {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).toBe(1);
      expect(result.err).toContain('usage:');
    }
    const unknown = await run('deposit:approve', '999999999');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('error:');
    const otherBrand = await run('deposit:approve', '1', '--brand', 'no-such-brand');
    expect(otherBrand.code).toBe(1);
  });
});
