import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PooledTestApp,
  startPooledTestApp,
  tallyAnswers,
} from '../../../test/helpers/build-test-app.ts';
import { solvedHumanCheck } from '../../../test/helpers/human-check.ts';
import { sealFor, solvedCaptcha, usernameLoginBody } from '../../../test/helpers/login-helper.ts';
import { createTestOperator } from '../../../test/helpers/operator-helper.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { TestDatabase } from '../../../test/helpers/test-database.ts';
import { PAY_PASSWORD, WithdrawalFixture } from '../../../test/helpers/withdrawal-fixture.ts';
import type { LoginCaptchaMode } from '../../db/schema.ts';
import { systemClock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
import { hashToken } from '../../lib/secret-token.ts';

/**
 * Every counter that guards a secret, hit by 50 requests at once (docs/api.md "Attempt limits",
 * ARCHITECTURE §9 "Limits are concurrency problems"): at most the limit of them may reach the comparison,
 * the lock holds afterwards, and the right secret after the burst is refused. PostgreSQL only: PGlite runs
 * one statement at a time, so nothing would overlap. The app gets a pool of 20 so the requests really race.
 */

const POOL = 20;
const BURST = 50;

usePostgresConnections(33);

describe('attempt limits under 50 requests at once [postgres]', () => {
  let started: PooledTestApp | undefined;
  let database: TestDatabase;
  let app: FastifyInstance;
  let fx: WithdrawalFixture;
  // 10.x.y.z addresses: enough distinct IPs that the per-IP throttle never mixes into a per-account test.
  let nextIp = 0;
  const distinctIp = () => {
    nextIp += 1;
    return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
  };

  const setCaptchaMode = (mode: LoginCaptchaMode) =>
    database.db.updateTable('brands').set({ login_captcha: mode }).execute();

  /** A fresh member of the default brand with a cheap-hashed password (and a mobile number, for SMS). */
  const newMember = async (password: string) => {
    const username = `gate_${randomUUID().slice(0, 8)}`;
    const mobileNum = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const row = await database.db
      .insertInto('members')
      .values({
        brand_id: fx.brandId,
        username,
        password_hash: await hashPassword(password),
        password_changed_at: new Date(),
        country_dialing_code: '+91',
        mobile_num: mobileNum,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, username, mobileNum };
  };

  const postLogin = (body: unknown, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'user-agent': 'vitest', 'x-forwarded-for': ip },
      payload: body as Record<string, unknown>,
    });

  /** Builds every body first (human checks, sealing), then fires them all in the same tick. */
  const loginBurst = async (attempts: { username: string; password: string; ip: string }[]) => {
    const bodies = await Promise.all(
      attempts.map((attempt) =>
        usernameLoginBody(app, attempt.username, attempt.password, { ip: attempt.ip }),
      ),
    );
    return Promise.all(bodies.map((body, index) => postLogin(body, attempts[index]?.ip ?? '')));
  };

  beforeAll(async () => {
    // devInbox: the captcha test reads the answer from /dev/captcha.
    started = await startPooledTestApp({ pool: POOL, config: { devInbox: true } });
    ({ database, app } = started);
    fx = new WithdrawalFixture(app, database.db, systemClock);
    await fx.init();
  });
  afterAll(() => started?.close());

  describe('username login', () => {
    it('50 wrong passwords at once: at most 5 compared, then the account is locked', async () => {
      await setCaptchaMode('off');
      const member = await newMember('Right-Password-1');
      const responses = await loginBurst(
        Array.from({ length: BURST }, (_, index) => ({
          username: member.username,
          password: `Wrong-Password-${index}`,
          ip: distinctIp(),
        })),
      );
      const counts = tallyAnswers(responses);
      expect(counts.login_failed ?? 0).toBeLessThanOrEqual(5);
      expect((counts.login_failed ?? 0) + (counts.account_locked ?? 0)).toBe(BURST);
      const after = await loginBurst([
        { username: member.username, password: 'Right-Password-1', ip: distinctIp() },
      ]);
      expect(after[0]?.statusCode).toBe(423);
      expect(after[0]?.json().message).toBe('account_locked');
    });

    it('49 wrong and the right one at once: the right one cannot ride past the limit', async () => {
      await setCaptchaMode('off');
      const member = await newMember('Right-Password-2');
      const attempts = Array.from({ length: BURST - 1 }, (_, index) => ({
        username: member.username,
        password: `Wrong-Password-${index}`,
        ip: distinctIp(),
      }));
      attempts.push({ username: member.username, password: 'Right-Password-2', ip: distinctIp() });
      const counts = tallyAnswers(await loginBurst(attempts));
      const successes = counts.ok ?? 0;
      expect(successes).toBeLessThanOrEqual(1);
      // A right password resets the count of failures in a row, so a success lets one more run of 5 in.
      expect(counts.login_failed ?? 0).toBeLessThanOrEqual(5 * (1 + successes));
      const after = await loginBurst([
        { username: member.username, password: 'Right-Password-2', ip: distinctIp() },
      ]);
      expect(after[0]?.statusCode).toBe(423);
    });

    it('50 failures from one IP at once: at most 20 compared, then the IP is throttled', async () => {
      await setCaptchaMode('off');
      const ip = distinctIp();
      const member = await newMember('Right-Password-3');
      const counts = tallyAnswers(
        await loginBurst(
          Array.from({ length: BURST }, (_, index) => ({
            username: `ghost_${randomUUID().slice(0, 8)}_${index}`,
            password: 'Wrong-Password-1',
            ip,
          })),
        ),
      );
      expect(counts.login_failed ?? 0).toBeLessThanOrEqual(20);
      expect((counts.login_failed ?? 0) + (counts.too_many_requests ?? 0)).toBe(BURST);
      const after = await loginBurst([{ username: member.username, password: 'Right-Password-3', ip }]);
      expect(after[0]?.statusCode).toBe(429);
    });

    it('50 failures at once without a captcha: at most 2 compared before the captcha is required', async () => {
      await setCaptchaMode('after_failures');
      const member = await newMember('Right-Password-4');
      const counts = tallyAnswers(
        await loginBurst(
          Array.from({ length: BURST }, (_, index) => ({
            username: member.username,
            password: `Wrong-Password-${index}`,
            ip: distinctIp(),
          })),
        ),
      );
      expect(counts.login_failed ?? 0).toBeLessThanOrEqual(2);
      expect((counts.login_failed ?? 0) + (counts.captcha_required ?? 0)).toBe(BURST);
      const after = await loginBurst([
        { username: member.username, password: 'Right-Password-4', ip: distinctIp() },
      ]);
      expect(after[0]?.json().message).toBe('captcha_required');
      await setCaptchaMode('off');
    });
  });

  it('players sharing one address (a carrier NAT) log in at once without a captcha', async () => {
    await setCaptchaMode('after_failures');
    const ip = distinctIp();
    const players = await Promise.all(Array.from({ length: 10 }, () => newMember('Right-Password-5')));
    const counts = tallyAnswers(
      await loginBurst(
        players.map((player) => ({ username: player.username, password: 'Right-Password-5', ip })),
      ),
    );
    // Only decided failures from an address count towards its captcha; logins in flight do not.
    expect(counts).toEqual({ ok: 10 });
    await setCaptchaMode('off');
  });

  describe('single-use secrets', () => {
    it('one captcha answered 50 times at once: only one answer is compared', async () => {
      await setCaptchaMode('always');
      const member = await newMember('Right-Password-6');
      const ip = distinctIp();
      const { cookie, answer } = await solvedCaptcha(app, ip);
      const bodies = await Promise.all(
        Array.from({ length: BURST }, (_, index) =>
          usernameLoginBody(app, member.username, `Wrong-Password-${index}`, { ip, captcha: answer }),
        ),
      );
      // From 50 addresses, so the per-IP throttle (20) stays out of the way.
      const responses = await Promise.all(
        bodies.map((body) =>
          app.inject({
            method: 'POST',
            url: '/wps/session/login',
            headers: { 'x-forwarded-for': distinctIp(), cookie },
            payload: body as unknown as Record<string, unknown>,
          }),
        ),
      );
      const counts = tallyAnswers(responses);
      // Past the captcha means the password was compared (login_failed); the rest found it used up.
      expect(counts.login_failed).toBe(1);
      expect(counts.captcha_error).toBe(BURST - 1);
      await setCaptchaMode('off');
    });

    it('one human-check solution sent 50 times at once: only one passes', async () => {
      await setCaptchaMode('off');
      const member = await newMember('Right-Password-7');
      const solution = await solvedHumanCheck(app);
      const bodies = await Promise.all(
        Array.from({ length: BURST }, (_, index) =>
          sealFor(app, {
            type: 'username',
            username: member.username,
            password: `Wrong-Password-${index}`,
            humanVerification: solution,
          }),
        ),
      );
      const counts = tallyAnswers(await Promise.all(bodies.map((body) => postLogin(body, distinctIp()))));
      expect(counts.login_failed).toBe(1);
      expect(counts.human_verification_failed).toBe(BURST - 1);
    });
  });

  it('new-IP challenge: 50 wrong payee names at once spend at most 5 tries, then the right one is refused', async () => {
    await setCaptchaMode('off');
    const member = await newMember('Right-Password-8');
    await database.db
      .updateTable('members')
      .set({ payee_name: 'Meera Shah', country_dialing_code: null, mobile_num: null })
      .where('id', '=', member.id)
      .execute();
    await database.db
      .insertInto('member_known_ips')
      .values({
        member_id: member.id,
        ip: '198.51.100.9',
        first_seen_at: new Date(),
        last_seen_at: new Date(),
      })
      .execute();
    const ip = distinctIp();
    const [held] = await loginBurst([{ username: member.username, password: 'Right-Password-8', ip }]);
    if (!held) throw new Error('no answer');
    expect(held.json().message).toBe('login_verification_required');
    const { challengeId } = held.json().value as { challengeId: string };
    const verify = (payeeName: string) =>
      app.inject({
        method: 'POST',
        url: '/wps/session/login/verification',
        headers: { 'x-forwarded-for': ip },
        payload: { challengeId, method: 'payee_name', payeeName },
      });
    const counts = tallyAnswers(
      await Promise.all(Array.from({ length: BURST }, (_, index) => verify(`Someone Else ${index}`))),
    );
    expect(counts.login_verification_failed).toBe(BURST);
    const row = await database.db
      .selectFrom('login_challenges')
      .select('attempts')
      .where('id_hash', '=', hashToken(challengeId))
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(5);
    expect((await verify('Meera Shah')).json().message).toBe('login_verification_failed');
  });

  it('reset e-mail: 50 requests at once from one IP, at most 5 compared, then refused', async () => {
    const member = await newMember('Right-Password-9');
    await database.db
      .updateTable('members')
      .set({ email: `${member.username}@example.com` })
      .where('id', '=', member.id)
      .execute();
    const ip = distinctIp();
    const request = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { 'x-forwarded-for': ip },
        payload: { username: member.username, email },
      });
    const counts = tallyAnswers(
      await Promise.all(Array.from({ length: BURST }, (_, index) => request(`guess${index}@example.com`))),
    );
    expect(counts.username_email_not_found ?? 0).toBeLessThanOrEqual(5);
    expect((counts.username_email_not_found ?? 0) + (counts.too_many_requests ?? 0)).toBe(BURST);
    expect((await request(`${member.username}@example.com`)).statusCode).toBe(429);
  });

  it('SMS code: 50 wrong codes at once spend at most 5 tries, then the right code is refused', async () => {
    await setCaptchaMode('off');
    const member = await newMember('Right-Password-5');
    const destination = `+91${member.mobileNum}`;
    const now = new Date();
    const code = await database.db
      .insertInto('verification_codes')
      .values({
        brand_id: fx.brandId,
        purpose: 'login',
        channel: 'sms',
        destination,
        code_hash: hashToken('123456'),
        ip: '198.51.100.1',
        created_at: now,
        expires_at: new Date(now.getTime() + 5 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const smsBody = (verificationCode: string) =>
      sealFor(app, { type: 'sms', countryDialingCode: '+91', mobileNum: member.mobileNum, verificationCode });
    const bodies = await Promise.all(
      Array.from({ length: BURST }, (_, index) => smsBody(String(200_000 + index))),
    );
    const counts = tallyAnswers(await Promise.all(bodies.map((body) => postLogin(body, distinctIp()))));
    expect(counts.sms_code_invalid).toBe(BURST);
    const row = await database.db
      .selectFrom('verification_codes')
      .select('attempts')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    // Each compared guess is one try; more than 5 means guesses were compared past the limit.
    expect(row.attempts).toBeLessThanOrEqual(5);
    const after = await postLogin(await smsBody('123456'), distinctIp());
    expect(after.json().message).toBe('sms_code_invalid');
  });

  it('payment password: 50 wrong at once, at most 5 compared, then it is locked', async () => {
    const member = await fx.readyMember(0n);
    const bodies = Array.from({ length: BURST }, (_, index) => `Wrong${index}pin`);
    const responses = await Promise.all(
      bodies.map((withdrawPassword) =>
        fx.requestWithdrawal(member, { payoutAccountId: member.accountId, amount: '100', withdrawPassword }),
      ),
    );
    const counts = tallyAnswers(responses);
    // The 1st..4th wrong answers say withdraw_password_error; the 5th and every refusal say _locked.
    expect(counts.withdraw_password_error ?? 0).toBeLessThanOrEqual(4);
    expect((counts.withdraw_password_error ?? 0) + (counts.withdraw_password_locked ?? 0)).toBe(BURST);
    const after = await fx.requestWithdrawal(member, {
      payoutAccountId: member.accountId,
      amount: '100',
      withdrawPassword: PAY_PASSWORD,
    });
    expect(after.statusCode).toBe(423);
    expect(after.json().message).toBe('withdraw_password_locked');
  });

  it('change password: 50 wrong old passwords at once, at most 5 compared, then refused', async () => {
    const member = await fx.member();
    const change = async (oldPassword: string) =>
      sealFor(app, { oldPassword, newPassword: 'Fresh-Pass-99', confirmNewPassword: 'Fresh-Pass-99' });
    const bodies = await Promise.all(
      Array.from({ length: BURST }, (_, index) => change(`Wrong-Old-${index}`)),
    );
    const put = (payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: '/wps/member/password',
        headers: member.headers,
        payload: payload as Record<string, unknown>,
      });
    const counts = tallyAnswers(await Promise.all(bodies.map(put)));
    expect(counts.old_password_error ?? 0).toBeLessThanOrEqual(5);
    expect((counts.old_password_error ?? 0) + (counts.too_many_requests ?? 0)).toBe(BURST);
    const after = await put(await change(member.password));
    expect(after.statusCode).toBe(429);
  });

  it('operator login: 50 wrong passwords at once, at most 5 compared, then refused', async () => {
    const operator = await createTestOperator(database.db, 'admin');
    const brand = await database.db
      .selectFrom('brands')
      .select('code')
      .where('id', '=', operator.brandId)
      .executeTakeFirstOrThrow();
    const post = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/wps/ops/session',
        headers: { 'x-forwarded-for': '198.51.100.200' },
        payload: { brand: brand.code, username: operator.username, password },
      });
    const counts = tallyAnswers(
      await Promise.all(Array.from({ length: BURST }, (_, index) => post(`Wrong-Operator-${index}`))),
    );
    expect(counts.operator_login_failed ?? 0).toBeLessThanOrEqual(5);
    expect((counts.operator_login_failed ?? 0) + (counts.too_many_requests ?? 0)).toBe(BURST);
    expect((await post(operator.password)).statusCode).toBe(429);
  });
});
