import { randomUUID } from 'node:crypto';
import { addDays, todayUtc } from '@lotus/shared/date-ranges';
import { errorEnvelope } from '@lotus/shared/envelope';
import { type AccountRecordPage, accountRecordResponse } from '@lotus/shared/wallet.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';

describe.each(testBackends())('account record [%s]', (backend) => {
  let test: TestApp;
  let fx: WalletFixture;
  let member: Awaited<ReturnType<WalletFixture['member']>>;
  let other: Awaited<ReturnType<WalletFixture['member']>>;
  const today = todayUtc();

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await walletFixture(test.app, test.database);
    member = await fx.member({ fundMinor: 100_000n, paymentPassword: 'Pay123456' });
    other = await fx.member({ fundMinor: 5_000n });
    // adjustment +1000.00 (fundMinor), then a vendor transfer in and out, an adjustment and its reversal.
    const transfer = async (direction: 'in' | 'out', amount: string) => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/wps/relay/GCS_walletTransfer',
        headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': randomUUID() },
        payload: { vendor: 'LOTUS', direction, amount },
      });
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().value.entryId as string;
    };
    await transfer('in', '300');
    const transferOut = await transfer('out', '100');
    const adjustment = await fx.fund(member.id, -2_500n);
    await fx.ledger.reverse({
      brandId: fx.brandId,
      entryId: adjustment,
      idempotencyKey: `test:rev:${randomUUID()}`,
    });
    await fx.ledger.reverse({
      brandId: fx.brandId,
      entryId: BigInt(transferOut),
      idempotencyKey: `test:rev:${randomUUID()}`,
    });
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const get = (query: string, token = member.token) =>
    test.app.inject({
      method: 'GET',
      url: `/wps/member/transactions${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const page = async (query: string): Promise<AccountRecordPage> => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return accountRecordResponse.parse(response.json()).value;
  };

  it('lists the main wallet postings newest first, reversals under the type they reverse', async () => {
    const all = await page('');
    expect(all).toMatchObject({ pageNo: 1, pageSize: 20, total: 6, totalPages: 1 });
    expect(all.startDate).toBe(addDays(today, -6));
    expect(all.endDate).toBe(today);
    expect(all.list.map((row) => [row.type, row.reversal, row.amountMinor, row.balanceAfterMinor])).toEqual([
      ['transfer', true, '-10000', '70000'],
      ['adjustment', true, '2500', '80000'],
      ['adjustment', false, '-2500', '77500'],
      ['transfer', false, '10000', '80000'],
      ['transfer', false, '-30000', '70000'],
      ['adjustment', false, '100000', '100000'],
    ]);
    const first = all.list[0];
    expect(first?.amount).toBe('-100.00');
    expect(first?.balanceAfter).toBe('700.00');
    expect(new Date(first?.createdAt ?? '').toISOString().slice(0, 10)).toBe(today);
    expect(all.list.at(-1)?.memo).toBe('test funding');
    // Another member's record holds only their own money.
    const theirs = accountRecordResponse.parse((await get('', other.token)).json()).value;
    expect(theirs.list.map((row) => row.amountMinor)).toEqual(['5000']);
  });

  it('filters by type', async () => {
    const transfers = await page('?type=transfer');
    expect(transfers.total).toBe(3);
    expect(transfers.list.every((row) => row.type === 'transfer')).toBe(true);
    const adjustments = await page('?type=adjustment');
    expect(adjustments.list.map((row) => row.amountMinor)).toEqual(['2500', '-2500', '100000']);
    for (const type of ['deposit', 'withdrawal', 'agent_transfer']) {
      expect((await page(`?type=${type}`)).total, type).toBe(0);
    }
  });

  it('pages without gaps or overlaps', async () => {
    const ids: string[] = [];
    for (const pageNo of [1, 2, 3]) {
      const current = await page(`?pageNo=${pageNo}&pageSize=2`);
      expect(current).toMatchObject({ pageNo, pageSize: 2, total: 6, totalPages: 3 });
      expect(current.list).toHaveLength(2);
      ids.push(...current.list.map((row) => row.id));
    }
    expect(new Set(ids).size).toBe(6);
    expect(ids).toEqual((await page('')).list.map((row) => row.id));
    expect((await page('?pageNo=4&pageSize=2')).list).toEqual([]);
  });

  it('reads inclusive date ranges', async () => {
    expect((await page(`?startDate=${today}&endDate=${today}`)).total).toBe(6);
    const yesterday = addDays(today, -1);
    expect((await page(`?startDate=${yesterday}&endDate=${yesterday}`)).total).toBe(0);
    expect((await page(`?startDate=${addDays(today, 1)}&endDate=${addDays(today, 3)}`)).total).toBe(0);
    expect((await page(`?startDate=${addDays(today, -91)}&endDate=${today}`)).total).toBe(6);
    const fromOnly = await page(`?startDate=${addDays(today, -2)}`);
    expect([fromOnly.startDate, fromOnly.endDate, fromOnly.total]).toEqual([addDays(today, -2), today, 6]);
    const untilOnly = await page(`?endDate=${yesterday}`);
    expect([untilOnly.startDate, untilOnly.endDate, untilOnly.total]).toEqual([
      addDays(today, -7),
      yesterday,
      0,
    ]);
  });

  it('answers the same from the relay call', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/wps/relay/ODSFE2_MemTransDet',
      headers: { authorization: `Bearer ${member.token}` },
      payload: { type: 'transfer', startDate: today, endDate: today, pageNo: 1, pageSize: 2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(accountRecordResponse.parse(response.json()).value).toEqual(
      await page(`?type=transfer&startDate=${today}&endDate=${today}&pageNo=1&pageSize=2`),
    );
  });

  it('refuses bad filters with 400 invalid_request', async () => {
    const bad = [
      '?type=bet',
      '?pageNo=0',
      '?pageNo=x',
      '?pageSize=101',
      '?pageSize=0',
      '?startDate=2026-02-30&endDate=2026-03-01',
      '?startDate=21/11/2026',
      '?endDate=2026-13-01',
      `?startDate=${today}&endDate=${addDays(today, -1)}`,
      `?startDate=${addDays(today, -92)}&endDate=${today}`,
    ];
    for (const query of bad) {
      const response = await get(query);
      expect([response.statusCode, errorEnvelope.parse(response.json()).message], query).toEqual([
        400,
        'invalid_request',
      ]);
    }
    const relay = await test.app.inject({
      method: 'POST',
      url: '/wps/relay/ODSFE2_MemTransDet',
      headers: { authorization: `Bearer ${member.token}` },
      payload: { type: 'all', startDate: 'yesterday' },
    });
    expect(relay.statusCode).toBe(400);
    expect((await test.app.inject({ method: 'GET', url: '/wps/member/transactions' })).statusCode).toBe(401);
  });
});
