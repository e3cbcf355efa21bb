import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOfMember } from '../../../test/helpers/actor.ts';
import { creditFromHouse } from '../../../test/helpers/house-credit.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { createOpsHarness, type OpsHarness } from '../../../test/helpers/ops-harness.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import type { MemberRow } from '../../db/tables/accounts.ts';
import { hashPassword } from '../../lib/password.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { WithdrawPasswordService } from './withdraw-password.service.ts';
import { WithdrawalsService } from './withdrawals.service.ts';

const PAY_PASSWORD = 'Cli2026pay';

describe.each(testBackends())('withdrawal ops commands [%s]', (backend) => {
  let ops: OpsHarness;
  let ledger: LedgerService;
  let service: WithdrawalsService;
  let brandId: bigint;
  let counter = 0;

  beforeAll(async () => {
    ops = await createOpsHarness(backend);
    ledger = new LedgerService(ops.db);
    // The member routes open sealed bodies; the service takes the payload already open and typed.
    service = new WithdrawalsService({
      db: ops.db,
      ledger,
      passwords: new WithdrawPasswordService(ops.db),
    });
    brandId = (
      await ops.db.selectFrom('brands').select('id').where('is_default', '=', true).executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(async () => {
    if (ops) await assertLedgerInvariants(ops.db);
    await ops?.database.close();
  });

  /** A member with ₹5,000, a payment password, a bank account and a pending withdrawal of `amount`. */
  async function pending(amount: string): Promise<{ member: MemberRow; id: string }> {
    counter += 1;
    const password = `Login${counter}pass`;
    const member = await ops.db
      .insertInto('members')
      .values({
        brand_id: brandId,
        username: `cli_wd_${counter}`,
        password_hash: await hashPassword(password),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await creditFromHouse(ledger, {
      brandId,
      memberId: member.id,
      amountMinor: 500_000n,
      idempotencyKey: `cli-test:fund:${counter}`,
    });
    const actor = actorOfMember(member);
    await service.setPassword(
      actor,
      { loginPassword: password, newPassword: PAY_PASSWORD },
      { ip: '127.0.0.1', userAgent: null, host: null },
    );
    const accounts = await service.addPayoutAccount(actor, {
      kind: 'ewallet',
      provider: 'UPI',
      accountNumber: `cli${counter}@upi`,
      payeeName: 'Cli Member',
    });
    const created = await service.create(actor, randomUUID(), {
      payoutAccountId: accounts.accounts[0]?.id ?? '',
      amount,
      withdrawPassword: PAY_PASSWORD,
    });
    return { member, id: created.withdrawal.id };
  }

  const available = async (memberId: bigint) => (await ledger.balanceOf(memberId)).availableMinor;
  const cliAudit = async (action: string, id: string) =>
    (
      await ops.db
        .selectFrom('audit_log')
        .select(['operator_id', 'detail'])
        .where('action', '=', action)
        .execute()
    ).filter((row) => String((row.detail as { withdrawalId?: unknown }).withdrawalId) === id);

  it('lists withdrawals, optionally by status', async () => {
    const { id } = await pending('1200');
    const listed = await ops.run('withdrawal:list', 'pending');
    expect(listed.code, listed.err).toBe(0);
    const list = JSON.parse(listed.out) as { list: { id: string; status: string; amount: string }[] };
    expect(list.list.find((item) => item.id === id)).toMatchObject({ status: 'pending', amount: '1200.00' });
    expect(list.list.every((item) => item.status === 'pending')).toBe(true);
    const all = await ops.run('withdrawal:list');
    expect(all.code).toBe(0);
    const bad = await ops.run('withdrawal:list', 'lost');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('usage: npm run ops -- withdrawal:list');
  });

  it('pays out once, as operator:cli, audited with via cli', async () => {
    const { member, id } = await pending('1000');
    const paid = await ops.run('withdrawal:pay', id);
    expect(paid.code, paid.err).toBe(0);
    expect(JSON.parse(paid.out)).toMatchObject({ id, status: 'paid', decidedBy: 'operator:cli' });
    expect(await ledger.balanceOf(member.id)).toMatchObject({ balanceMinor: 400_000n, heldMinor: 0n });
    const audit = await cliAudit('withdrawal.paid', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: null, detail: { via: 'cli' } });

    const again = await ops.run('withdrawal:pay', id);
    expect(again.code).toBe(1);
    expect(again.err).toContain('withdrawal_not_pending');
    expect((await ops.run('withdrawal:pay')).code).toBe(1);
    expect((await ops.run('withdrawal:pay', 'abc')).code).toBe(1);
    const missing = await ops.run('withdrawal:pay', '987654');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('not_found');
    const otherBrand = await ops.run('withdrawal:pay', id, '--brand', 'no-such-brand');
    expect(otherBrand.code).toBe(1);
  });

  it('rejects with a reason and releases the hold', async () => {
    const { member, id } = await pending('800');
    expect(await available(member.id)).toBe(420_000n);
    expect((await ops.run('withdrawal:reject', id)).code).toBe(1);
    const rejected = await ops.run('withdrawal:reject', id, 'Payee', 'name', 'mismatch');
    expect(rejected.code, rejected.err).toBe(0);
    expect(JSON.parse(rejected.out)).toMatchObject({
      status: 'rejected',
      rejectReason: 'Payee name mismatch',
    });
    expect(await available(member.id)).toBe(500_000n);
    expect(await cliAudit('withdrawal.rejected', id)).toEqual([
      expect.objectContaining({ operator_id: null, detail: expect.objectContaining({ via: 'cli' }) }),
    ]);
  });

  it('closes an investigation with a refund of the unreceived part', async () => {
    const { member, id } = await pending('1000');
    expect((await ops.run('withdrawal:pay', id)).code).toBe(0);
    await service.confirmReceipt(actorOfMember(member), BigInt(id), randomUUID(), {
      fields: { status: 'partly_received', receivedAmount: '250' },
      proof: null,
    });
    expect((await ops.run('withdrawal:investigation', id, 'maybe', 'why')).code).toBe(1);
    expect((await ops.run('withdrawal:investigation', id, 'refund')).code).toBe(1);
    const closed = await ops.run('withdrawal:investigation', id, 'refund', 'Bank', 'confirmed', 'short');
    expect(closed.code, closed.err).toBe(0);
    expect(JSON.parse(closed.out).receipt).toMatchObject({
      investigation: 'closed',
      remainderMinor: '75000',
    });
    expect((await ledger.balanceOf(member.id)).balanceMinor).toBe(400_000n + 75_000n);
    const again = await ops.run('withdrawal:investigation', id, 'paid', 'again');
    expect(again.code).toBe(1);
    expect(await cliAudit('withdrawal.investigation_closed', id)).toEqual([
      expect.objectContaining({
        operator_id: null,
        detail: expect.objectContaining({ via: 'cli', outcome: 'refund', refundedMinor: '75000' }),
      }),
    ]);
  });

  it('counts overdue receipts as received, once', async () => {
    const { id } = await pending('500');
    const { id: notDue } = await pending('500');
    expect((await ops.run('withdrawal:pay', id)).code).toBe(0);
    expect((await ops.run('withdrawal:pay', notDue)).code).toBe(0);
    await ops.db
      .updateTable('withdrawals')
      .set({ receipt_deadline: new Date(Date.now() - 1000) })
      .where('id', '=', BigInt(id))
      .execute();
    const first = await ops.run('withdrawal:auto-receipt');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toBe('auto_received: 1');
    expect((await ops.run('withdrawal:auto-receipt')).out).toBe('auto_received: 0');
    const rows = await ops.db
      .selectFrom('withdrawals')
      .select(['id', 'receipt_status', 'received_minor'])
      .where('id', 'in', [BigInt(id), BigInt(notDue)])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.receipt_status, row.received_minor])).toEqual([
      ['auto_received', 50_000n],
      ['awaiting', null],
    ]);
    expect((await ops.run('withdrawal:auto-receipt', 'now')).code).toBe(1);
  });
});
