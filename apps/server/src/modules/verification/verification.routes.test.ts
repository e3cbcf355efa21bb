import { errorEnvelope } from '@lotus/shared/envelope';
import { isHumanSolution, solveHumanChallenge } from '@lotus/shared/human-check';
import {
  captchaResponse,
  devCaptchaResponse,
  devOutboxResponse,
  humanChallengeResponse,
  smsSentResponse,
} from '@lotus/shared/verification.schema';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testAppOptions } from '../../../test/helpers/build-test-app.ts';
import { solvedHumanCheck } from '../../../test/helpers/human-check.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { geoLookup } from '../../lib/geo.ts';
import { SystemService } from '../system/system.service.ts';
import { CAPTCHA_COOKIE } from './captcha.service.ts';
import { createVerification, type Verification } from './verification-module.ts';

const SECOND = 1_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
/** demo_player's number (apps/server/src/db/seed/demo-accounts.ts). */
const DEMO_MOBILE = { countryDialingCode: '+91', mobileNum: '9000000001' };
const DEMO_DESTINATION = '+919000000001';

describe.each(testBackends())('verification routes [%s]', (backend) => {
  let test: TestApp;
  /** A second set of services on the same database: reads what the app stored (all state is in tables). */
  let services: Verification;
  let system: SystemService;
  const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
  const logLines: string[] = [];
  const responseBodies: string[] = [];
  let ipCounter = 0;
  /** Each test sends from its own address, so one test's per-IP limits never touch another. */
  const freshIp = () => {
    ipCounter += 1;
    return `198.51.100.${ipCounter}`;
  };
  let numberCounter = 0;
  /** A number no account has (the demo accounts use 9000000001..5). */
  const freshNumber = () => {
    numberCounter += 1;
    return String(8_100_000_000 + numberCounter);
  };

  beforeAll(async () => {
    test = await buildTestApp({
      backend,
      clock,
      config: { logLevel: 'trace', devInbox: true },
      logStream: { write: (line) => logLines.push(line) },
    });
    services = createVerification(test.database.db, testAppOptions({ devInbox: true }), clock, {
      info: () => undefined,
    });
    system = new SystemService(test.database.db, geoLookup);
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const inject = async (options: InjectOptions) => {
    const response = await test.app.inject(options);
    responseBodies.push(response.body);
    return response;
  };

  const getCaptcha = (ip: string, headers: Record<string, string> = {}) =>
    inject({ method: 'GET', url: '/wps/captcha', headers: { 'x-forwarded-for': ip, ...headers } });
  const cookieOf = (response: Awaited<ReturnType<typeof getCaptcha>>) => {
    const cookie = response.cookies.find((entry) => entry.name === CAPTCHA_COOKIE);
    if (!cookie) throw new Error('no captcha cookie');
    return cookie;
  };
  const devAnswer = async (captchaId: string | undefined) => {
    const response = await inject({
      method: 'GET',
      url: '/dev/captcha',
      ...(captchaId ? { cookies: { [CAPTCHA_COOKIE]: captchaId } } : {}),
    });
    expect(response.statusCode).toBe(200);
    return devCaptchaResponse.parse(response.json()).value.answer;
  };
  const outbox = async (to: string, limit = 20) => {
    const response = await inject({
      method: 'GET',
      url: `/dev/outbox?to=${encodeURIComponent(to)}&limit=${limit}`,
    });
    expect(response.statusCode).toBe(200);
    return devOutboxResponse.parse(response.json()).value.messages;
  };
  const codeIn = (body: string) => {
    const match = /\b([0-9]{6})\b/.exec(body);
    if (!match?.[1]) throw new Error('no code in message');
    return match[1];
  };
  const sendNoLogin = async (ip: string, body: Record<string, unknown>) =>
    inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: { 'x-forwarded-for': ip, 'user-agent': 'vitest' },
      payload: { humanVerification: await solvedHumanCheck(test.app), ...body },
    });
  const sendRegister = async (ip: string, body: Record<string, unknown>) =>
    inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: { 'x-forwarded-for': ip },
      payload: { humanVerification: await solvedHumanCheck(test.app), ...body },
    });
  const failureOf = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    message: errorEnvelope.parse(response.json()).message,
  });

  describe('captcha', () => {
    it('answers a base64 PNG and sets the HttpOnly, SameSite=Strict cookie for 5 minutes', async () => {
      const response = await getCaptcha(freshIp());
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const png = Buffer.from(captchaResponse.parse(response.json()).value, 'base64');
      expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      expect(png.readUInt32BE(16)).toBe(120);
      expect(png.readUInt32BE(20)).toBe(40);
      const cookie = cookieOf(response);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 300 });
      expect(cookie.secure).toBeFalsy();
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only hashes are stored.
      const rows = await test.database.db.selectFrom('captchas').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(cookie.value);
    });

    it('marks the cookie Secure over https (behind the trusted proxy)', async () => {
      const response = await getCaptcha(freshIp(), { 'x-forwarded-proto': 'https' });
      expect(cookieOf(response).secure).toBe(true);
    });

    it('verifies case-insensitively, once; a wrong answer burns the captcha', async () => {
      const ip = freshIp();
      const first = cookieOf(await getCaptcha(ip)).value;
      const answer = await devAnswer(first);
      expect(answer).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/);
      expect(await services.captcha.verify(first, ` ${answer?.toLowerCase()} `)).toBe(true);
      expect(await services.captcha.verify(first, answer ?? '')).toBe(false);

      clock.advance(SECOND);
      const second = cookieOf(await getCaptcha(ip)).value;
      const secondAnswer = (await devAnswer(second)) ?? '';
      const wrong = secondAnswer.startsWith('2') ? `3${secondAnswer.slice(1)}` : `2${secondAnswer.slice(1)}`;
      expect(await services.captcha.verify(second, wrong)).toBe(false);
      expect(await services.captcha.verify(second, secondAnswer)).toBe(false);

      expect(await services.captcha.verify(undefined, 'ABCD')).toBe(false);
      expect(await services.captcha.verify('not-a-captcha', 'ABCD')).toBe(false);
      clock.advance(SECOND);
      const third = cookieOf(await getCaptcha(ip)).value;
      expect(await services.captcha.verify(third, undefined)).toBe(false);
    });

    it('expires after 5 minutes', async () => {
      const id = cookieOf(await getCaptcha(freshIp())).value;
      const answer = (await devAnswer(id)) ?? '';
      clock.advance(5 * MINUTE + SECOND);
      expect(await devAnswer(id)).toBeNull();
      expect(await services.captcha.verify(id, answer)).toBe(false);
    });

    it('allows one captcha a second and 30 per 10 minutes per IP', async () => {
      const ip = freshIp();
      expect((await getCaptcha(ip)).statusCode).toBe(200);
      const tooSoon = await getCaptcha(ip);
      expect(failureOf(tooSoon)).toEqual({ status: 429, message: 'too_many_requests' });
      expect(tooSoon.cookies).toHaveLength(0);
      expect((await getCaptcha(freshIp())).statusCode).toBe(200);
      for (let count = 2; count <= 30; count += 1) {
        clock.advance(SECOND);
        expect((await getCaptcha(ip)).statusCode).toBe(200);
      }
      clock.advance(SECOND);
      expect(failureOf(await getCaptcha(ip))).toEqual({ status: 429, message: 'too_many_requests' });
      clock.advance(10 * MINUTE);
      expect((await getCaptcha(ip)).statusCode).toBe(200);
    });

    it('/dev/captcha answers null without a live cookie', async () => {
      expect(await devAnswer(undefined)).toBeNull();
      expect(await devAnswer('unknown')).toBeNull();
    });
  });

  describe('human check', () => {
    const challenge = async () => {
      const response = await inject({ method: 'GET', url: '/wps/verification/human' });
      expect(response.statusCode).toBe(200);
      return humanChallengeResponse.parse(response.json()).value;
    };
    const wrongNonce = async (value: { challenge: string; difficulty: number }) => {
      for (let nonce = 0; ; nonce += 1) {
        if (!(await isHumanSolution(value.challenge, String(nonce), value.difficulty))) return String(nonce);
      }
    };

    it('issues a 32-byte challenge at the configured difficulty, valid 5 minutes', async () => {
      const value = await challenge();
      expect(value.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(value.difficulty).toBe(4);
      expect(new Date(value.expiresAt).getTime()).toBe(clock.now().getTime() + 5 * MINUTE);
    });

    it('accepts a good solution once', async () => {
      const solution = await solvedHumanCheck(test.app);
      await expect(services.human.verify(solution)).resolves.toBeUndefined();
      await expect(services.human.verify(solution)).rejects.toMatchObject({
        code: 'human_verification_failed',
      });
    });

    it('refuses a wrong nonce and burns the challenge', async () => {
      const value = await challenge();
      const solution = await solvedHumanCheck(test.app);
      await expect(
        services.human.verify({ challenge: value.challenge, nonce: await wrongNonce(value) }),
      ).rejects.toMatchObject({ code: 'human_verification_failed' });
      const { nonce } = await solveHumanChallenge(value);
      await expect(services.human.verify({ challenge: value.challenge, nonce })).rejects.toMatchObject({
        code: 'human_verification_failed',
      });
      await expect(services.human.verify(solution)).resolves.toBeUndefined();
    });

    it('refuses expired, unknown and malformed solutions', async () => {
      const solution = await solvedHumanCheck(test.app);
      clock.advance(5 * MINUTE + SECOND);
      await expect(services.human.verify(solution)).rejects.toMatchObject({
        code: 'human_verification_failed',
      });
      for (const bad of [
        undefined,
        null,
        {},
        'x',
        { challenge: 'abc', nonce: 'x' },
        { challenge: 'abc', nonce: '1' },
      ]) {
        await expect(services.human.verify(bad)).rejects.toMatchObject({ code: 'human_verification_failed' });
      }
    });
  });

  describe('SMS codes', () => {
    it('sends a login code to a registered number, audits it masked, and the code works once', async () => {
      clock.advance(HOUR);
      const ip = freshIp();
      const response = await sendNoLogin(ip, { ...DEMO_MOBILE, purpose: 'login' });
      expect(response.statusCode).toBe(200);
      expect(smsSentResponse.parse(response.json()).value).toEqual({ expiredMinutes: 1 });
      const [message] = await outbox(DEMO_DESTINATION, 1);
      expect(message).toMatchObject({ channel: 'sms', destination: DEMO_DESTINATION, subject: null });
      expect(message?.body).toContain('Lotus');
      expect(message?.body).toMatch(/verification code is [0-9]{6}\./);
      const code = codeIn(message?.body ?? '');

      const audit = await test.database.db
        .selectFrom('audit_log')
        .select(['action', 'member_id', 'detail'])
        .where('action', '=', 'sms.sent')
        .where('ip', '=', ip)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.member_id).not.toBeNull();
      expect(audit[0]?.detail).toEqual({ purpose: 'login', to: '+91••••••0001' });

      const brandId = (await system.resolveBrand(null)).id;
      const consume = { purpose: 'login' as const, destination: DEMO_DESTINATION };
      await expect(
        services.codes.consume({ ...consume, brandId, code: ` ${code} ` }),
      ).resolves.toBeUndefined();
      await expect(services.codes.consume({ ...consume, brandId, code })).rejects.toMatchObject({
        code: 'sms_code_invalid',
      });
    });

    it('writes Hindi text when asked', async () => {
      clock.advance(HOUR);
      const response = await sendNoLogin(freshIp(), {
        ...DEMO_MOBILE,
        purpose: 'reset_password',
        language: 'HI',
      });
      expect(response.statusCode).toBe(200);
      const [message] = await outbox(DEMO_DESTINATION, 1);
      expect(message?.body).toMatch(/^Lotus: आपका सत्यापन कोड [0-9]{6} है।/);
    });

    it('answers the same for a number without an account and sends nothing (no enumeration)', async () => {
      clock.advance(HOUR);
      const unknown = freshNumber();
      const known = await sendNoLogin(freshIp(), { ...DEMO_MOBILE, purpose: 'login' });
      const stranger = await sendNoLogin(freshIp(), {
        countryDialingCode: '+91',
        mobileNum: unknown,
        purpose: 'login',
      });
      expect(stranger.statusCode).toBe(known.statusCode);
      expect(stranger.body).toBe(known.body);
      expect(await outbox(`+91${unknown}`)).toEqual([]);
      // The limits answer alike too.
      const knownAgain = await sendNoLogin(freshIp(), { ...DEMO_MOBILE, purpose: 'login' });
      const strangerAgain = await sendNoLogin(freshIp(), {
        countryDialingCode: '+91',
        mobileNum: unknown,
        purpose: 'login',
      });
      expect(failureOf(knownAgain)).toEqual({ status: 429, message: 'sms_too_many_requests' });
      expect(strangerAgain.body).toBe(knownAgain.body);
      // An inactive account gets nothing either.
      await test.database.db
        .updateTable('members')
        .set({ status: 'disabled' })
        .where('mobile_num', '=', '9000000005')
        .execute();
      expect(
        (
          await sendNoLogin(freshIp(), {
            countryDialingCode: '+91',
            mobileNum: '9000000005',
            purpose: 'login',
          })
        ).statusCode,
      ).toBe(200);
      expect(await outbox('+919000000005')).toEqual([]);
      await test.database.db
        .updateTable('members')
        .set({ status: 'active' })
        .where('mobile_num', '=', '9000000005')
        .execute();
    });

    it('refuses malformed and missing numbers, missing purpose and a failed human check', async () => {
      const ip = freshIp();
      const cases: [Record<string, unknown>, string][] = [
        [{ countryDialingCode: '+91', purpose: 'login' }, 'mobile_required'],
        [{ countryDialingCode: '+91', mobileNum: '  ', purpose: 'login' }, 'mobile_required'],
        [{ mobileNum: '9000000001', purpose: 'login' }, 'mobile_required'],
        [{ countryDialingCode: '+91', mobileNum: '90000abc01', purpose: 'login' }, 'mobile_format_error'],
        [{ countryDialingCode: '+91', mobileNum: '12345', purpose: 'login' }, 'mobile_format_error'],
        [{ countryDialingCode: '+91', mobileNum: '123456789012', purpose: 'login' }, 'mobile_format_error'],
        [{ countryDialingCode: '91', mobileNum: '9000000001', purpose: 'login' }, 'mobile_format_error'],
      ];
      for (const [body, message] of cases) {
        expect(failureOf(await sendNoLogin(ip, body))).toEqual({ status: 400, message });
      }
      expect(failureOf(await sendNoLogin(ip, { ...DEMO_MOBILE }))).toEqual({
        status: 400,
        message: 'invalid_request',
      });
      expect(failureOf(await sendNoLogin(ip, { ...DEMO_MOBILE, purpose: 'register' }))).toEqual({
        status: 400,
        message: 'invalid_request',
      });
      for (const humanVerification of [undefined, { challenge: 'abc', nonce: '1' }]) {
        const response = await inject({
          method: 'POST',
          url: '/wps/verification/sms/noLogin',
          headers: { 'x-forwarded-for': ip },
          payload: { ...DEMO_MOBILE, purpose: 'login', humanVerification },
        });
        expect(failureOf(response)).toEqual({ status: 400, message: 'human_verification_failed' });
      }
      expect(
        failureOf(
          await sendRegister(ip, { countryDialingCode: '+91', mobileNo: 'x', registerType: 'mobile' }),
        ),
      ).toEqual({ status: 400, message: 'mobile_format_error' });
      expect(
        failureOf(await sendRegister(ip, { countryDialingCode: '+91', registerType: 'mobile' })),
      ).toEqual({
        status: 400,
        message: 'mobile_required',
      });
    });

    it('refuses sends the brand switched off (sms_not_allowed)', async () => {
      clock.advance(HOUR);
      await system.setFlag('MOBILEVERCODELOGIN3', 'off');
      try {
        expect(failureOf(await sendNoLogin(freshIp(), { ...DEMO_MOBILE, purpose: 'login' }))).toEqual({
          status: 403,
          message: 'sms_not_allowed',
        });
      } finally {
        await system.setFlag('MOBILEVERCODELOGIN3', 'on');
      }
      // REGMOBVERF3 is off in the demo brand.
      expect(
        failureOf(
          await sendRegister(freshIp(), {
            countryDialingCode: '+91',
            mobileNo: freshNumber(),
            registerType: 'mobile',
          }),
        ),
      ).toEqual({ status: 403, message: 'sms_not_allowed' });
    });

    describe('registration sends (REGMOBVERF3 on)', () => {
      beforeAll(async () => {
        await system.setFlag('REGMOBVERF3', 'on');
      });
      afterAll(async () => {
        await system.setFlag('REGMOBVERF3', 'off');
      });

      it('sends a register code to a free number and refuses a taken one', async () => {
        clock.advance(HOUR);
        const number = freshNumber();
        const response = await sendRegister(freshIp(), {
          countryDialingCode: '+91',
          mobileNo: number,
          registerType: 'username',
        });
        expect(response.statusCode).toBe(200);
        expect(smsSentResponse.parse(response.json()).value).toEqual({ expiredMinutes: 1 });
        const [message] = await outbox(`+91${number}`);
        const brandId = (await system.resolveBrand(null)).id;
        await services.codes.consume({
          brandId,
          purpose: 'register',
          destination: `+91${number}`,
          code: codeIn(message?.body ?? ''),
        });

        expect(
          failureOf(
            await sendRegister(freshIp(), {
              countryDialingCode: '+91',
              mobileNo: '9000000002',
              registerType: 'mobile',
            }),
          ),
        ).toEqual({ status: 409, message: 'mobile_registered' });
      });

      it('keeps a 60 s cooldown and 5 sends per destination per hour', async () => {
        clock.advance(HOUR);
        const number = freshNumber();
        const send = () =>
          sendRegister(freshIp(), { countryDialingCode: '+91', mobileNo: number, registerType: 'mobile' });
        expect((await send()).statusCode).toBe(200);
        clock.advance(59 * SECOND);
        expect(failureOf(await send())).toEqual({ status: 429, message: 'sms_too_many_requests' });
        for (let count = 2; count <= 5; count += 1) {
          clock.advance(61 * SECOND);
          expect((await send()).statusCode).toBe(200);
        }
        clock.advance(61 * SECOND);
        expect(failureOf(await send())).toEqual({ status: 429, message: 'sms_too_many_requests' });
        expect(await outbox(`+91${number}`)).toHaveLength(5);
        clock.advance(HOUR);
        expect((await send()).statusCode).toBe(200);
      });

      it('allows 10 sends per IP per hour', async () => {
        clock.advance(HOUR);
        const ip = freshIp();
        const send = () =>
          sendRegister(ip, { countryDialingCode: '+91', mobileNo: freshNumber(), registerType: 'mobile' });
        for (let count = 1; count <= 10; count += 1) expect((await send()).statusCode).toBe(200);
        expect(failureOf(await send())).toEqual({ status: 429, message: 'sms_too_many_requests' });
        expect(
          (
            await sendRegister(freshIp(), {
              countryDialingCode: '+91',
              mobileNo: freshNumber(),
              registerType: 'mobile',
            })
          ).statusCode,
        ).toBe(200);
      });
    });

    describe('codes', () => {
      let brandId: bigint;
      beforeAll(async () => {
        brandId = (await system.resolveBrand(null)).id;
      });
      const send = async (destination: string, channel: 'sms' | 'email' = 'sms') => {
        await services.codes.send({
          brandId,
          purpose: 'login_verify',
          channel,
          destination,
          ip: freshIp(),
          language: 'EN',
        });
        const [message] = await outbox(destination, 1);
        return { message, code: codeIn(message?.body ?? '') };
      };
      const consume = (destination: string, code: string | undefined) =>
        services.codes.consume({ brandId, purpose: 'login_verify', destination, code });
      const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

      it('dies after 5 wrong guesses: the right code then fails too', async () => {
        const destination = `+91${freshNumber()}`;
        const { code } = await send(destination);
        for (let guess = 0; guess < 5; guess += 1) {
          await expect(consume(destination, guess === 2 ? 'abc' : otherThan(code))).rejects.toMatchObject({
            code: 'sms_code_invalid',
          });
        }
        await expect(consume(destination, code)).rejects.toMatchObject({ code: 'sms_code_invalid' });
      });

      it('expires after 10 minutes', async () => {
        const destination = `+91${freshNumber()}`;
        const { code } = await send(destination);
        clock.advance(10 * MINUTE + SECOND);
        await expect(consume(destination, code)).rejects.toMatchObject({ code: 'sms_code_expired' });
      });

      it('requires a code, and a new send retires the older one', async () => {
        const destination = `+91${freshNumber()}`;
        await expect(consume(destination, '')).rejects.toMatchObject({ code: 'sms_code_required' });
        await expect(consume(destination, undefined)).rejects.toMatchObject({ code: 'sms_code_required' });
        await expect(consume(destination, '123456')).rejects.toMatchObject({ code: 'sms_code_invalid' });
        const first = await send(destination);
        clock.advance(61 * SECOND);
        const second = await send(destination);
        if (first.code !== second.code) {
          await expect(consume(destination, first.code)).rejects.toMatchObject({ code: 'sms_code_invalid' });
        }
        await expect(consume(destination, second.code)).resolves.toBeUndefined();
        // The cooldown is per purpose: a login code does not hold back the new-IP step's code.
        await services.codes.send({
          brandId,
          purpose: 'login',
          channel: 'sms',
          destination,
          ip: freshIp(),
          language: 'EN',
        });
        await expect(
          services.codes.send({
            brandId,
            purpose: 'login',
            channel: 'sms',
            destination,
            ip: freshIp(),
            language: 'EN',
          }),
        ).rejects.toMatchObject({ code: 'sms_too_many_requests' });
        // Another purpose never matches.
        await expect(
          services.codes.consume({ brandId, purpose: 'login', destination, code: second.code }),
        ).rejects.toMatchObject({ code: 'sms_code_invalid' });
      });

      it('sends e-mail codes with a subject', async () => {
        const { message, code } = await send('player@demo.lotus.example', 'email');
        expect(message).toMatchObject({ channel: 'email', subject: 'Lotus verification code' });
        await expect(consume('player@demo.lotus.example', code)).resolves.toBeUndefined();
      });
    });

    it('never puts a code in a log line or a response', async () => {
      const rows = await test.database.db.selectFrom('outbox_messages').select('body').execute();
      const codes = rows.map((row) => codeIn(row.body));
      expect(codes.length).toBeGreaterThan(10);
      const log = logLines.join('\n');
      expect(log).toContain('sms queued in outbox');
      expect(log).toMatch(/"to":"•+0001"/);
      const smsResponses = responseBodies.filter((body) => !body.includes('"messages"'));
      for (const code of codes) {
        // As a token of its own: timestamps and request ids may hold the same six digits inside longer runs.
        const token = new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`);
        expect(log).not.toMatch(token);
        for (const body of smsResponses) expect(body).not.toMatch(token);
      }
      expect(log).not.toContain(DEMO_DESTINATION);
    });
  });

  describe('developer inbox', () => {
    it('lists newest first and bounds the limit', async () => {
      const all = await outbox(DEMO_DESTINATION, 100);
      expect(all.length).toBeGreaterThan(1);
      const times = all.map((message) => message.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(await outbox(DEMO_DESTINATION, 1)).toEqual(all.slice(0, 1));
      const tooMany = await inject({ method: 'GET', url: '/dev/outbox?limit=101' });
      expect(failureOf(tooMany)).toEqual({ status: 400, message: 'invalid_request' });
    });
  });
});

describe('developer inbox switched off', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ backend: 'offline' });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers 404 for /dev/outbox and /dev/captcha', async () => {
    for (const url of ['/dev/outbox?to=%2B919000000001', '/dev/captcha']) {
      const response = await test.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(404);
      expect(errorEnvelope.parse(response.json()).message).toBe('not_found');
    }
  });
});
