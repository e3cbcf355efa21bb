import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { solvedHumanCheck } from '../../../test/helpers/human-check.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';

/** SPEC §8 "quota insufficient, contact support": the brand's daily SMS cap (`SMS_DAILY_QUOTA`). */
describe.each(testBackends())('daily SMS quota [%s]', (backend) => {
  let test: TestApp;
  const clock = manualClock(new Date('2026-03-01T10:00:00Z'));

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock, config: { smsDailyQuota: 2 } });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  // Each send from its own address to its own number, so only the brand-wide cap can refuse it.
  const send = async (index: number) =>
    test.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: { 'x-forwarded-for': `203.0.113.${index}` },
      payload: {
        countryDialingCode: '+91',
        mobileNum: String(8_200_000_000 + index),
        purpose: 'login',
        humanVerification: await solvedHumanCheck(test.app),
      },
    });

  it('refuses sends past the cap with sms_quota_exceeded, and sends again a day later', async () => {
    expect((await send(1)).statusCode).toBe(200);
    expect((await send(2)).statusCode).toBe(200);
    const refused = await send(3);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, message: 'sms_quota_exceeded' });
    clock.advance(24 * 3_600_000 + 1_000);
    expect((await send(4)).statusCode).toBe(200);
  });
});
