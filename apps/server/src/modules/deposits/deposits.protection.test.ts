import { randomUUID } from 'node:crypto';
import { createDepositResponse } from '@lotus/shared/deposits.schema';
import { errorEnvelope } from '@lotus/shared/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { depositMember, excludeMember, setDepositLimit } from './deposits-protection.fixture.ts';
import { signBody } from './payment-gateway.ts';

const SIMULATOR_SECRET = 'deposits-protection-simulator-secret';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const messageOf = (response: { json(): unknown }) => errorEnvelope.parse(response.json()).message;

/**
 * Player protection on the way money comes in (issue 17; docs/player-protection.md "Where money paths enforce protection"): a deposit
 * over what the deposit limit leaves is refused with `deposit_limit_reached` before any gateway is called;
 * an excluded member cannot ask for one (`account_excluded`), and a pending deposit decided while the
 * member is excluded — by an operator or by the gateway — is rejected ('excluded'), never credited. An
 * approved deposit is on the member's day of activity.
 */
describe.each(testBackends())('deposits: player protection [%s]', (backend) => {
  let test: TestApp;
  let finance: string;
  const db = () => test.database.db;

  beforeAll(async () => {
    test = await buildTestApp({
      backend,
      config: { gatewaySimulator: { secret: SIMULATOR_SECRET, callbackBaseUrl: 'http://127.0.0.1:9' } },
    });
    finance = await operatorTokenFor(test.app, db(), 'finance');
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const deposit = (token: string, amount: string, method = 'bank') => {
    const fields: Record<string, string> =
      method === 'bank'
        ? { method, amount, reference: `UTR${randomUUID().slice(0, 10)}` }
        : { method, amount };
    const { payload, headers } = multipartBody(fields, []);
    return test.app.inject({
      method: 'POST',
      url: '/wps/payments/deposits',
      headers: { ...headers, ...bearer(token), 'idempotency-key': randomUUID() },
      payload,
    });
  };
  const depositOk = async (token: string, amount: string, method = 'bank') => {
    const response = await deposit(token, amount, method);
    expect(response.statusCode, response.body).toBe(200);
    return createDepositResponse.parse(response.json()).value;
  };
  const approve = (id: string) =>
    test.app.inject({
      method: 'POST',
      url: `/wps/ops/deposits/${id}/approve`,
      headers: { ...bearer(finance), 'idempotency-key': randomUUID() },
    });
  const depositRow = (id: string) =>
    db()
      .selectFrom('deposits')
      .select(['status', 'reject_reason', 'entry_id'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
  const balanceOf = async (memberId: bigint) =>
    (
      await db()
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'member_main')
        .executeTakeFirst()
    )?.balance_minor ?? 0n;

  it('refuses a deposit over the remaining deposit limit, naming what is left; pending ones count', async () => {
    const member = await depositMember(db());
    await setDepositLimit(db(), member.id, 'day', 1_000_00n);
    await depositOk(member.token, '600');
    const refused = await deposit(member.token, '500');
    expect([refused.statusCode, messageOf(refused)]).toEqual([403, 'deposit_limit_reached']);
    expect((refused.json() as { value: unknown }).value).toEqual({
      remainingMinor: '40000',
      remaining: '400.00',
    });
    await depositOk(member.token, '400');
    expect(messageOf(await deposit(member.token, '100'))).toBe('deposit_limit_reached');
    const rows = await db().selectFrom('deposits').select('id').where('member_id', '=', member.id).execute();
    expect(rows).toHaveLength(2);
  });

  it('a rejected deposit gives its room back; a limit not in force yet does not count', async () => {
    const member = await depositMember(db());
    await setDepositLimit(db(), member.id, 'week', 500_00n);
    await setDepositLimit(db(), member.id, 'day', 100_00n, new Date(Date.now() + 3_600_000));
    const first = await depositOk(member.token, '500');
    expect(messageOf(await deposit(member.token, '100'))).toBe('deposit_limit_reached');
    const rejected = await test.app.inject({
      method: 'POST',
      url: `/wps/ops/deposits/${first.deposit.id}/reject`,
      headers: { ...bearer(finance), 'idempotency-key': randomUUID() },
      payload: { reason: 'no such transfer' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await depositOk(member.token, '500');
  });

  it('refuses a deposit request of an excluded member, before any gateway', async () => {
    const member = await depositMember(db());
    await excludeMember(db(), member.id, 'cool_off');
    for (const method of ['bank', 'sim-upi']) {
      const refused = await deposit(member.token, '500', method);
      expect([refused.statusCode, messageOf(refused)]).toEqual([403, 'account_excluded']);
    }
    expect(
      await db().selectFrom('deposits').select('id').where('member_id', '=', member.id).execute(),
    ).toEqual([]);
  });

  it('rejects, never credits, a pending deposit an operator approves while the member is excluded', async () => {
    const member = await depositMember(db());
    const pending = await depositOk(member.token, '500');
    await excludeMember(db(), member.id, 'self_exclusion');
    const response = await approve(pending.deposit.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(await depositRow(pending.deposit.id)).toEqual({
      status: 'rejected',
      reject_reason: 'excluded',
      entry_id: null,
    });
    expect(await balanceOf(member.id)).toBe(0n);
  });

  it('rejects a gateway payment that succeeds while the member is excluded', async () => {
    const member = await depositMember(db());
    const pending = await depositOk(member.token, '500', 'sim-upi');
    await excludeMember(db(), member.id, 'operator');
    const body = JSON.stringify({
      orderId: pending.deposit.id,
      gatewayTxnId: `txn-${randomUUID()}`,
      amount: '500.00',
      status: 'success',
    });
    const response = await test.app.inject({
      method: 'POST',
      url: '/wps/payments/gateway/sim-upi/callback',
      headers: { 'content-type': 'application/json', 'x-lotus-signature': signBody(SIMULATOR_SECRET, body) },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { value: { status: string } }).value.status).toBe('rejected');
    expect(await depositRow(pending.deposit.id)).toMatchObject({
      status: 'rejected',
      reject_reason: 'excluded',
    });
    expect(await balanceOf(member.id)).toBe(0n);
  });

  it('an ended cool-off lets deposits in again; an approved deposit is on the day of activity', async () => {
    const member = await depositMember(db());
    await excludeMember(db(), member.id, 'cool_off', { endedMinutesAgo: 1 });
    const pending = await depositOk(member.token, '250');
    expect((await approve(pending.deposit.id)).statusCode).toBe(200);
    expect(await balanceOf(member.id)).toBe(250_00n);
    const day = await db()
      .selectFrom('member_activity_days')
      .select(['deposited_minor', 'withdrawn_minor'])
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(day).toEqual({ deposited_minor: 250_00n, withdrawn_minor: 0n });
  });
});
