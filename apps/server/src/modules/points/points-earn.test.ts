import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { systemClock } from '../../lib/clock.ts';
import { type ContractsFixture, contractsFixture } from '../agent-contracts/agent-contracts.fixture.ts';
import { type PointsFixture, pointsFixture } from './points.fixture.ts';

/**
 * Points from real play: rounds settled through the seamless-wallet protocol (the test vendor's slot, game
 * type RNG) reach `member_betting_hours` by the settling trigger, and the earn job turns their stakes into
 * points — through the job queue twice, and through the DEV_INBOX hook `POST /dev/points/earn-now`.
 */
describe.each(testBackends())('points earned from settled rounds [%s]', (backend) => {
  let test: TestApp;
  let team: ContractsFixture;
  let fx: PointsFixture;

  beforeAll(async () => {
    test = await buildTestApp({ backend, config: { devInbox: true } });
    team = await contractsFixture(test.app, test.database, systemClock);
    fx = await pointsFixture(test.app, test.database);
    await fx.setConfig();
  }, 90_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  it('credits the stakes of settled rounds once, whatever the payout; an open round earns nothing yet', async () => {
    const agent = await team.agent();
    const player = await team.player(agent.id);
    // RNG: 1 point per 10.00. Stakes 20.00 (won back 40.00) and 10.00 (lost): 3 points. Whole blocks each,
    // so the test holds even when its rounds fall on both sides of an hour (the remainder is per hour).
    await player.play(2000n, 4000n);
    await player.play(1000n, 0n);
    const open = await player.open(9000n);
    expect(await test.app.jobs.runNow('points.earn')).toBe(true);
    expect(await fx.balance(player.token)).toBe(3n);
    const entries = await fx.wallet.entriesOfKind('points_earn');
    expect(await test.app.jobs.runNow('points.earn')).toBe(true);
    expect(await fx.wallet.entriesOfKind('points_earn')).toBe(entries);

    // The open round settles: its 90.00 earns 9 more, through the dev hook this time.
    await open.close(0n);
    const hook = await test.app.inject({ method: 'POST', url: '/dev/points/earn-now', payload: {} });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json().value).toMatchObject({ credited: 1, points: '9' });
    expect(await fx.balance(player.token)).toBe(12n);
  });
});

describe('the earn hook without DEV_INBOX', () => {
  it('is not there (404)', async () => {
    const test = await buildTestApp({ backend: 'pglite' });
    try {
      const response = await test.app.inject({ method: 'POST', url: '/dev/points/earn-now', payload: {} });
      expect(response.statusCode).toBe(404);
    } finally {
      await test.close();
    }
  }, 60_000);
});
