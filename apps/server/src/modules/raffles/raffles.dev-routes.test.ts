import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { manualClock } from '../../lib/clock.ts';
import { rafflesFixture } from './raffles.fixture.ts';

/**
 * The browser journeys' `POST /dev/raffles/run-jobs` (DEV_INBOX only): both jobs at once — the registration
 * rule grants a member who joined in the window, and a campaign whose window has passed is closed. Without
 * DEV_INBOX the path is unknown.
 */
describe.each(testBackends())('raffles: run-jobs hook [%s]', (backend) => {
  const clock = manualClock(new Date(Date.now() + 60_000));
  let test: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock, config: { devInbox: true } });
    plain = await buildTestApp({ backend: 'offline' });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
    await plain?.close();
  });

  it('grants by the rules and closes ended campaigns now; absent without DEV_INBOX', async () => {
    const fx = await walletFixture(test.app, test.database);
    const rf = rafflesFixture(test.app, clock, await operatorTokenFor(test.app, test.database.db, 'finance'));
    const campaign = await rf.running({ rules: { registration: { tickets: 2 } } });
    const newcomer = await fx.member();
    const ran = await test.app.inject({ method: 'POST', url: '/dev/raffles/run-jobs' });
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json().value.granted).toBeGreaterThanOrEqual(2);
    const mine = await test.app.inject({
      method: 'GET',
      url: '/wps/member/raffles',
      headers: { authorization: `Bearer ${newcomer.token}` },
    });
    const row = (mine.json().value.list as { code: string; ticketsLeft: number }[]).find(
      (entry) => entry.code === campaign.code,
    );
    expect(row?.ticketsLeft).toBe(2);
    const absent = await plain.app.inject({ method: 'POST', url: '/dev/raffles/run-jobs' });
    expect(absent.statusCode).toBe(404);
  });
});
