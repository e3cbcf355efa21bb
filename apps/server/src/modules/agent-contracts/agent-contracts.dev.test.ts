import { settlementResponse } from '@lotus/shared/agent-contracts.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { contractsFixture, LONG_SESSIONS } from './agent-contracts.fixture.ts';

/**
 * DEV_INBOX's settle-now (the browser journeys cannot wait for a day to end): the running period of the
 * caller's contract is settled with the rounds so far, the upline's own first. Without DEV_INBOX the path is
 * unknown (the lifecycle tests' app).
 */
describe.each(testBackends())('agent contracts: settle now in development [%s]', (backend) => {
  const clock = manualClock(new Date('2026-06-01T08:00:00.000Z'));
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock, config: { ...LONG_SESSIONS, devInbox: true } });
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  it("settles today's daily salary so far, the upline's first, for a party of the contract only", async () => {
    const fx = await contractsFixture(test.app, test.database, clock);
    const a = await fx.agent();
    const b = await fx.agent(a.id);
    const stranger = await fx.agent();
    await fx.setTopOk(a.username, 'daily_salary', { rate: '1' });
    const contract = await fx.contract(a, b, 'daily_salary', { rate: '0.5' });
    clock.advance(3_600_000);
    await (await fx.player(b.id)).play(100_000n, 0n);
    const settleNow = (token: string) =>
      test.app.inject({
        method: 'POST',
        url: `/dev/agent-contracts/${contract}/settle-now`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await settleNow(stranger.token)).statusCode).toBe(404);
    const response = await settleNow(b.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(settlementResponse.parse(response.json()).value).toMatchObject({
      periodStart: '2026-06-01T00:00:00.000Z',
      baseMinor: '100000',
      paidMinor: '500',
    });
    // A was paid 1 % of the same turnover by the brand first, then paid B.
    expect(await fx.wallet.main(a.id)).toBe(500n);
    expect(await fx.wallet.main(b.id)).toBe(500n);
  });
});
