import { randomUUID } from 'node:crypto';
import { activityResponse } from '@lotus/shared/player-protection.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { depositMember } from '../deposits/deposits-protection.fixture.ts';
import {
  type ProtocolFixture,
  protocolFixture,
  walletCall,
} from '../vendor-protocol/vendor-protocol.fixture.ts';

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * "My activity" (issue 17): `GET /wps/member/activity?from=&to=` answers every day of the range (zeros
 * included) with totals, read from the days the money paths write — a bet and a win through the vendor
 * protocol and an approved deposit show on their day. Ranges: at most 366 days, from ≤ to, real days.
 */
describe.each(testBackends())('my activity [%s]', (backend) => {
  let test: TestApp;
  let fx: ProtocolFixture;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await protocolFixture(test.app, test.database);
  }, 60_000);
  afterAll(() => test?.close());

  const get = (token: string | null, query: string) =>
    test.app.inject({
      method: 'GET',
      url: `/wps/member/activity?${query}`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  const messageOf = (response: { json(): unknown }) => (response.json() as { message: string }).message;

  it('lists every day of the range with zeros, and a bet, a win and a deposit on their day', async () => {
    const member = await depositMember(test.database.db);
    const auth = await fx.client.authenticate(await fx.launch(member.id));
    if (auth.status !== 'OK') throw new Error(auth.status);
    // Money in through the deposit desk, then played.
    const { payload, headers } = multipartBody(
      { method: 'bank', amount: '500', reference: `UTR${randomUUID().slice(0, 10)}` },
      [],
    );
    const created = await test.app.inject({
      method: 'POST',
      url: '/wps/payments/deposits',
      headers: { ...headers, authorization: `Bearer ${member.token}`, 'idempotency-key': randomUUID() },
      payload,
    });
    expect(created.statusCode, created.body).toBe(200);
    const depositId = (created.json() as { value: { deposit: { id: string } } }).value.deposit.id;
    const finance = await operatorTokenFor(test.app, test.database.db, 'finance');
    const approved = await test.app.inject({
      method: 'POST',
      url: `/wps/ops/deposits/${depositId}/approve`,
      headers: { authorization: `Bearer ${finance}`, 'idempotency-key': randomUUID() },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const roundId = `r-${randomUUID()}`;
    expect((await fx.client.debit(walletCall(auth, 1_000n, roundId))).status).toBe('OK');
    expect((await fx.client.credit({ ...walletCall(auth, 1_500n, roundId), roundClosed: true })).status).toBe(
      'OK',
    );

    const today = dayOf(Date.now());
    const from = dayOf(Date.now() - 2 * DAY_MS);
    const response = await get(member.token, `from=${from}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const { value } = activityResponse.parse(response.json());
    const zero = {
      depositedMinor: '0',
      withdrawnMinor: '0',
      stakedMinor: '0',
      wonMinor: '0',
      netMinor: '0',
      rounds: 0,
    };
    const played = {
      depositedMinor: '50000',
      withdrawnMinor: '0',
      stakedMinor: '1000',
      wonMinor: '1500',
      netMinor: '500',
      rounds: 1,
    };
    expect(value).toEqual({
      from,
      to: today,
      currencySymbol: expect.any(String),
      days: [
        { day: from, ...zero },
        { day: dayOf(Date.now() - DAY_MS), ...zero },
        { day: today, ...played },
      ],
      totals: played,
    });
  });

  it('answers a member without activity with a zero for each day; one day when from = to', async () => {
    const member = await depositMember(test.database.db);
    const year = await get(member.token, 'from=2024-01-01&to=2024-12-31');
    expect(year.statusCode, year.body).toBe(200);
    const { value } = activityResponse.parse(year.json());
    expect(value.days).toHaveLength(366);
    expect(value.days.at(59)?.day).toBe('2024-02-29');
    expect(value.totals).toMatchObject({ stakedMinor: '0', netMinor: '0', rounds: 0 });
    const one = activityResponse.parse((await get(member.token, 'from=2025-03-01&to=2025-03-01')).json());
    expect(one.value.days.map((day) => day.day)).toEqual(['2025-03-01']);
  });

  it('refuses a range over 366 days, backwards or naming no real day (400 date_range_invalid)', async () => {
    const member = await depositMember(test.database.db);
    for (const query of [
      'from=2024-01-01&to=2025-01-01',
      'from=2025-03-02&to=2025-03-01',
      'from=2025-02-29&to=2025-03-01',
      'from=2025-01-01&to=2025-13-01',
    ]) {
      const response = await get(member.token, query);
      expect([response.statusCode, messageOf(response)], query).toEqual([400, 'date_range_invalid']);
    }
    const malformed = await get(member.token, 'from=yesterday&to=2025-03-01');
    expect([malformed.statusCode, messageOf(malformed)]).toEqual([400, 'invalid_request']);
    const missing = await get(member.token, 'from=2025-03-01');
    expect(missing.statusCode).toBe(400);
  });

  it('needs a login (401 not_logged_in)', async () => {
    const response = await get(null, 'from=2025-03-01&to=2025-03-01');
    expect([response.statusCode, messageOf(response)]).toEqual([401, 'not_logged_in']);
  });
});
