import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { manualClock } from '../../lib/clock.ts';
import { lotteryEngineFixture, vnNorthResultWithTwo27s } from './lottery-engine.fixture.ts';
import { SETTLE_JOB } from './lottery-settlement.service.ts';

/**
 * The browser journeys' `POST /dev/lottery/run-jobs` (DEV_INBOX only): the lottery jobs run now, so a drawn
 * draw's slip is paid without waiting for the schedule. Without DEV_INBOX the path is unknown.
 */
describe('lottery: run-jobs hook [pglite]', () => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({ clock, config: { devInbox: true } });
    plain = await buildTestApp({ backend: 'offline' });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
    await plain?.close();
  });

  it('settles a drawn draw now; absent without DEV_INBOX', async () => {
    const fx = await lotteryEngineFixture(test.app, test.database, clock);
    const game = await fx.game();
    const draw = await fx.draw(game);
    const member = await fx.wallet.member({ fundMinor: 10_000n });
    const token = await fx.open(member.id, game);
    const placed = await fx.place(token, draw.drawId, [
      { betType: 'lo2', selection: '27', stakeMinor: '1000' },
    ]);
    expect(placed.statusCode, placed.body).toBe(200);
    await fx.setResult(draw, vnNorthResultWithTwo27s());

    const ran = await test.app.inject({ method: 'POST', url: '/dev/lottery/run-jobs' });
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json().value.ran).toContain(SETTLE_JOB);
    expect(await fx.wallet.main(member.id)).toBe(9_000n + 7_037n);

    const absent = await plain.app.inject({ method: 'POST', url: '/dev/lottery/run-jobs' });
    expect(absent.statusCode).toBe(404);
  });
});
