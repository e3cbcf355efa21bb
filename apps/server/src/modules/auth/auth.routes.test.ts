import { loginResponse, memberInfoResponse, publicKeyResponse } from '@lotus/shared/auth.schema';
import { errorEnvelope } from '@lotus/shared/envelope';
import { sealPayload } from '@lotus/shared/sealed-payload';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../../test/helpers/demo-account.ts';
import { solvedHumanCheck } from '../../../test/helpers/human-check.ts';
import {
  containsSecret,
  type LoginAsOptions,
  lastCodeSentTo,
  sealFor,
  solvedCaptcha,
  usernameLoginBody,
} from '../../../test/helpers/login-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import type { LoginCaptchaMode } from '../../db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_DIALING_CODE } from '../../db/seed/demo-accounts.ts';
import { manualClock } from '../../lib/clock.ts';

const passwordOf = (username: string) => demoAccount(username).password;
/** Every demo account logs in successfully from its own address, so the new-IP step stays out of the way. */
const homeIp = (username: string) =>
  `198.51.100.${DEMO_ACCOUNTS.findIndex((entry) => entry.username === username.toLowerCase()) + 1}`;

const MINUTE = 60_000;

describe.each(testBackends())('auth routes [%s]', (backend) => {
  let test: TestApp;
  let spki: string;
  const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
  const logLines: string[] = [];
  const secrets: string[] = [];
  const passwords: string[] = [];
  const responseBodies: string[] = [];
  let ipCounter = 0;
  /** Each test logs in from its own address, so the per-IP limit of one test never touches another. */
  const freshIp = () => {
    ipCounter += 1;
    return `203.0.113.${ipCounter}`;
  };

  beforeAll(async () => {
    test = await buildTestApp({
      backend,
      clock,
      config: { logLevel: 'trace', devInbox: true },
      logStream: { write: (line) => logLines.push(line) },
    });
    const key = await test.app.inject({ method: 'GET', url: '/wps/system/publicKey' });
    expect(key.statusCode).toBe(200);
    spki = publicKeyResponse.parse(key.json()).value.spki;
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const post = async (payload: unknown, ip: string, headers: Record<string, string> = {}) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'x-forwarded-for': ip, 'user-agent': 'vitest', ...headers },
      payload: payload as object,
    });
    responseBodies.push(response.body);
    secrets.push(...(response.statusCode === 200 ? [loginResponse.parse(response.json()).value.token] : []));
    return response;
  };
  const login = async (
    username: string,
    password: string,
    ip: string,
    options: Omit<LoginAsOptions, 'ip'> = {},
  ) => {
    secrets.push(password);
    passwords.push(password);
    const body = await usernameLoginBody(test.app, username, password, { ...options, ip });
    return post(body, ip, options.headers);
  };
  /** A login that passes the captcha too (the brand asks for one after 2 failures). */
  const loginWithCaptcha = async (username: string, password: string, ip: string) => {
    clock.advance(1_100); // one captcha a second per IP
    const { cookie, answer } = await solvedCaptcha(test.app, ip);
    secrets.push(answer);
    return login(username, password, ip, { captcha: answer, headers: { cookie } });
  };
  const tokenOf = async (username: string) => {
    const response = await login(username, passwordOf(username), homeIp(username));
    expect(response.statusCode, response.body).toBe(200);
    return loginResponse.parse(response.json()).value;
  };
  const setCaptchaMode = (mode: LoginCaptchaMode) =>
    test.database.db.updateTable('brands').set({ login_captcha: mode }).execute();
  const auditActions = async (ip: string) =>
    (
      await test.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('ip', '=', ip)
        .orderBy('id')
        .execute()
    ).map((row) => row.action);
  const memberInfo = (token: string) =>
    test.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${token}` },
    });

  it('keeps one key pair: the published key is the same on every call and survives a new app', async () => {
    const again = await test.app.inject({ method: 'GET', url: '/wps/system/publicKey' });
    expect(publicKeyResponse.parse(again.json()).value.spki).toBe(spki);
    const rows = await test.database.db.selectFrom('server_keys').select('key_id').execute();
    expect(rows).toHaveLength(1);
  });

  it('logs a player in and answers member info with the token', async () => {
    const result = await tokenOf('demo_player');
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.passwordExpired).toBe(false);
    const info = await memberInfo(result.token);
    expect(info.statusCode).toBe(200);
    expect(memberInfoResponse.parse(info.json()).value).toMatchObject({
      account: 'demo_player',
      nickname: 'Demo Player',
      type: 0,
      toUpline: false,
      clubLabel: { labelName: 'Silver', rankLevel: 2 },
      memberLabel: [{ labelName: 'Verified' }],
      isAgent: false,
      isTrial: false,
    });
    // The database holds only the token's hash.
    const stored = await test.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(result.token);
  });

  it('issues a new token per login and reports the first login once', async () => {
    const first = await tokenOf('demo_player2');
    const second = await tokenOf('demo_player2');
    expect(first.token).not.toBe(second.token);
    expect(first.firstTimeLogin).toBe(true);
    expect(second.firstTimeLogin).toBe(false);
    const firstInfo = memberInfoResponse.parse((await memberInfo(first.token)).json()).value;
    expect(firstInfo).toMatchObject({ account: 'demo_player2', toUpline: true, firstTimeLogin: true });
    const info = memberInfoResponse.parse((await memberInfo(second.token)).json()).value;
    expect(info).toMatchObject({ account: 'demo_player2', toUpline: true, firstTimeLogin: false });
  });

  it('marks agents and accounts that must change their password', async () => {
    const agent = await tokenOf('demo_agent');
    expect(memberInfoResponse.parse((await memberInfo(agent.token)).json()).value).toMatchObject({
      type: 1,
      isAgent: true,
    });
    expect((await tokenOf('demo_newbie')).passwordExpired).toBe(true);
  });

  it('accepts the username in any case', async () => {
    const response = await login('DEMO_Sub_Agent', passwordOf('demo_sub_agent'), homeIp('demo_sub_agent'));
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown user exactly like a wrong password, captcha hint included', async () => {
    const wrongIp = freshIp();
    const unknownIp = freshIp();
    for (const expectedValue of [null, { captcha: true }]) {
      const wrong = await login('demo_agent', 'Not-The-Password-1', wrongIp);
      const unknown = await login('nobody_here', 'Not-The-Password-1', unknownIp);
      expect(wrong.statusCode).toBe(401);
      expect(errorEnvelope.parse(wrong.json()).message).toBe('login_failed');
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().value).toEqual(expectedValue);
    }
    // Later tests start with clean failure counts.
    clock.advance(16 * MINUTE);
  });

  it('locks an account after 5 failures in 15 minutes, then lets it in after 15 minutes', async () => {
    await setCaptchaMode('off');
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login('demo_sub_agent', `Wrong-${attempt}-Password`, ip)).statusCode).toBe(401);
    }
    const locked = await login('demo_sub_agent', passwordOf('demo_sub_agent'), homeIp('demo_sub_agent'));
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toBe('account_locked');
    const actions = await test.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('ip', '=', ip)
      .execute();
    expect(actions.map((row) => row.action)).toContain('account.locked');

    clock.advance(16 * MINUTE);
    expect(
      (await login('demo_sub_agent', passwordOf('demo_sub_agent'), homeIp('demo_sub_agent'))).statusCode,
    ).toBe(200);
    await setCaptchaMode('after_failures');
  }, 60_000);

  it('refuses an IP with 20 failures in 15 minutes with 429, whatever the account', async () => {
    await setCaptchaMode('off');
    const ip = freshIp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await login(`ghost_${attempt}`, 'Whatever-Password-1', ip)).statusCode).toBe(401);
    }
    const throttled = await login('demo_player', passwordOf('demo_player'), ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe('too_many_requests');
    // Refused before the human check and the password: nothing is spent on a throttled IP.
    const unsolved = await post(
      await sealFor(test.app, { type: 'username', username: 'demo_player', password: 'x' }),
      ip,
    );
    expect(unsolved.json().message).toBe('too_many_requests');
    expect((await auditActions(ip)).slice(-2)).toEqual(['login.throttled', 'login.throttled']);
    expect((await login('demo_player', passwordOf('demo_player'), homeIp('demo_player'))).statusCode).toBe(
      200,
    );
    await setCaptchaMode('after_failures');
    clock.advance(16 * MINUTE);
  }, 120_000);

  it('logs out: the token is refused afterwards and the revocation is audited', async () => {
    const { token } = await tokenOf('demo_agent');
    const logout = await test.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true, message: 'ok', value: null });
    const after = await memberInfo(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('not_logged_in');
    const revoked = await test.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'session.revoked')
      .execute();
    expect(revoked.length).toBeGreaterThan(0);
  });

  it('ends a session after 30 idle minutes, and renews the idle timer on use', async () => {
    const { token } = await tokenOf('demo_player');
    clock.advance(29 * MINUTE);
    expect((await memberInfo(token)).statusCode).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await memberInfo(token)).statusCode).toBe(200);
    clock.advance(31 * MINUTE);
    expect((await memberInfo(token)).statusCode).toBe(401);
  });

  it('ends a session 12 hours after login however active', async () => {
    const { token } = await tokenOf('demo_player');
    // Used every 25 minutes (inside the idle limit) for 11 h 40 min: still alive.
    for (let step = 0; step < 28; step += 1) {
      clock.advance(25 * MINUTE);
      expect((await memberInfo(token)).statusCode).toBe(200);
    }
    clock.advance(25 * MINUTE);
    const expired = await memberInfo(token);
    expect(expired.statusCode).toBe(401);
  });

  it('refuses requests without a usable token with 401 not_logged_in', async () => {
    for (const authorization of [undefined, 'Bearer ', 'Bearer not-a-real-token', 'Basic abc']) {
      const response = await test.app.inject({
        method: 'GET',
        url: '/wps/member/info',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('not_logged_in');
    }
  });

  it('answers malformed, unsealed and tampered bodies with 400, never 500', async () => {
    const sealed = await sealPayload(spki, { username: 'demo_player', password: 'x', type: 'username' });
    const bodies: [unknown, string][] = [
      [{ username: 'demo_player', password: passwordOf('demo_player'), type: 'username' }, 'invalid_request'],
      [{ key: 'a', iv: 'b' }, 'invalid_request'],
      [{ ...sealed, data: `${sealed.data.slice(0, -4)}AAAA` }, 'sealed_payload_invalid'],
      [{ ...sealed, key: sealed.key.replace(/^.{4}/, 'AAAA') }, 'sealed_payload_invalid'],
      [{ ...sealed, iv: 'AAAAAAAAAAAAAAAA' }, 'sealed_payload_invalid'],
      [await sealPayload(spki, 'just a string'), 'invalid_request'],
      [await sealPayload(spki, { username: 'demo_player', password: 'x', type: 'sms' }), 'invalid_request'],
      [
        await sealPayload(spki, { username: 'demo_player', password: 'x', type: 'username', extra: 1 }),
        'invalid_request',
      ],
    ];
    for (const [payload, code] of bodies) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toBe(code);
    }
    const notJson = await test.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('writes an audit row for every login attempt with who, what, when and from where', async () => {
    const ip = freshIp();
    await login('demo_player', 'Wrong-Password-9', ip);
    const rows = await test.database.db.selectFrom('audit_log').selectAll().where('ip', '=', ip).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'login.failure', user_agent: 'vitest' });
    expect(rows[0]?.member_id).not.toBeNull();
    expect(rows[0]?.created_at.getTime()).toBe(clock.now().getTime());
  });

  describe('human check and captcha', () => {
    it('refuses a missing, malformed or reused human check before looking at the password', async () => {
      const ip = freshIp();
      const missing = await post(
        await sealFor(test.app, { type: 'username', username: 'demo_player', password: 'Wrong-Password-1' }),
        ip,
      );
      const malformed = await post(
        await sealFor(test.app, {
          type: 'username',
          username: 'demo_player',
          password: 'Wrong-Password-1',
          humanVerification: { challenge: 'x', nonce: 'not-a-number' },
        }),
        ip,
      );
      const solution = await solvedHumanCheck(test.app);
      const payload = { type: 'username', username: 'demo_player', password: passwordOf('demo_player') };
      const first = await post(
        await sealFor(test.app, { ...payload, humanVerification: solution }),
        homeIp('demo_player'),
      );
      expect(first.statusCode).toBe(200);
      const reused = await post(
        await sealFor(test.app, { ...payload, humanVerification: solution }),
        homeIp('demo_player'),
      );
      for (const response of [missing, malformed, reused]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('human_verification_failed');
      }
      // No password was checked, so nothing counts as a failed login.
      expect(await auditActions(ip)).toEqual(['login.human_check_failed', 'login.human_check_failed']);
    });

    it('asks for a captcha after 2 failures of a username and checks it', async () => {
      const user = 'demo_player2';
      const first = await login(user, 'Wrong-Password-1', freshIp());
      expect(first.json()).toEqual({ success: false, message: 'login_failed', value: null });
      const second = await login(user, 'Wrong-Password-2', freshIp());
      expect(second.json()).toEqual({ success: false, message: 'login_failed', value: { captcha: true } });

      // From the member's usual address and with the right password, the captcha is still needed.
      const home = homeIp(user);
      const missing = await login(user, passwordOf(user), home);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        success: false,
        message: 'captcha_required',
        value: { captcha: true },
      });
      clock.advance(1_100);
      const { cookie, answer } = await solvedCaptcha(test.app, home);
      const wrongAnswer = answer === 'AAAA' ? 'BBBB' : 'AAAA';
      const wrong = await login(user, passwordOf(user), home, { captcha: wrongAnswer, headers: { cookie } });
      expect(wrong.json()).toEqual({ success: false, message: 'captcha_error', value: { captcha: true } });
      // A wrong answer burns the captcha: its right answer no longer works.
      const burnt = await login(user, passwordOf(user), home, { captcha: answer, headers: { cookie } });
      expect(burnt.json().message).toBe('captcha_error');
      const noCookie = await login(user, passwordOf(user), home, { captcha: 'ABCD' });
      expect(noCookie.json().message).toBe('captcha_error');
      // Answers are case-insensitive.
      clock.advance(1_100);
      const fresh = await solvedCaptcha(test.app, home);
      secrets.push(fresh.answer, answer);
      const passed = await login(user, passwordOf(user), home, {
        captcha: fresh.answer.toLowerCase(),
        headers: { cookie: fresh.cookie },
      });
      expect(passed.statusCode, passed.body).toBe(200);
      const actions = await auditActions(home);
      expect(actions.filter((action) => action === 'login.captcha_failed')).toHaveLength(4);
      expect(actions).not.toContain('login.failure');
      clock.advance(16 * MINUTE);
    }, 60_000);

    it('asks for a captcha after 2 failures from one IP, whatever the username', async () => {
      const ip = freshIp();
      await login('ghost_one', 'Whatever-Password-1', ip);
      const second = await login('ghost_two', 'Whatever-Password-1', ip);
      expect(second.json().value).toEqual({ captcha: true });
      const third = await login('demo_player', passwordOf('demo_player'), ip);
      expect(third.json().message).toBe('captcha_required');
      clock.advance(16 * MINUTE);
    }, 30_000);

    it("follows the brand's login_captcha: always asks, or never asks", async () => {
      await setCaptchaMode('always');
      const ip = homeIp('demo_player');
      expect((await login('demo_player', passwordOf('demo_player'), ip)).json().message).toBe(
        'captcha_required',
      );
      const failed = await loginWithCaptcha('demo_player', 'Wrong-Password-1', ip);
      expect(failed.json()).toEqual({ success: false, message: 'login_failed', value: { captcha: true } });
      expect((await loginWithCaptcha('demo_player', passwordOf('demo_player'), ip)).statusCode).toBe(200);

      await setCaptchaMode('off');
      const other = freshIp();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await login(`ghost_off_${attempt}`, 'Whatever-Password-1', other);
        expect(response.json()).toEqual({ success: false, message: 'login_failed', value: null });
      }
      await setCaptchaMode('after_failures');
      clock.advance(16 * MINUTE);
    }, 60_000);

    it('stops brute force against one account from many IPs: captcha after 2, lock after 5', async () => {
      const user = 'demo_agent';
      const guess = (attempt: number) => `Guess-${attempt}-Password`;
      expect((await login(user, guess(1), freshIp())).json().value).toBeNull();
      expect((await login(user, guess(2), freshIp())).json().value).toEqual({ captcha: true });
      // Without solving captchas, fresh addresses get nowhere and do not even count as tries.
      for (let attempt = 3; attempt < 8; attempt += 1) {
        expect((await login(user, guess(attempt), freshIp())).json().message).toBe('captcha_required');
      }
      const member = await test.database.db
        .selectFrom('members')
        .select(['failed_logins', 'locked_until'])
        .where('username', '=', user)
        .executeTakeFirstOrThrow();
      expect(member).toEqual({ failed_logins: 2, locked_until: null });
      // Solving each captcha, the 5th failure locks the account; then even the password is refused.
      for (let attempt = 3; attempt <= 5; attempt += 1) {
        expect((await loginWithCaptcha(user, guess(attempt), freshIp())).json().message).toBe('login_failed');
      }
      const locked = await loginWithCaptcha(user, passwordOf(user), homeIp(user));
      expect(locked.statusCode).toBe(423);
      expect(locked.json().message).toBe('account_locked');
      clock.advance(16 * MINUTE);
      expect((await login(user, passwordOf(user), homeIp(user))).statusCode).toBe(200);
    }, 90_000);
  });

  describe('who may enter', () => {
    it('answers member_no_enter for a disabled account, but only with the right password', async () => {
      const user = 'demo_newbie';
      const setStatus = (status: 'active' | 'disabled') =>
        test.database.db.updateTable('members').set({ status }).where('username', '=', user).execute();
      await setStatus('disabled');
      try {
        const refused = await login(user, passwordOf(user), homeIp(user));
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('member_no_enter');
        const wrong = await login(user, 'Wrong-Password-1', freshIp());
        expect(wrong.json().message).toBe('login_failed');
      } finally {
        await setStatus('active');
      }
      expect(await auditActions(homeIp(user))).toContain('login.refused');
      clock.advance(16 * MINUTE);
    }, 30_000);

    it('lets only agent types in on the agent side', async () => {
      const player = await login('demo_player', passwordOf('demo_player'), homeIp('demo_player'), {
        side: 'agent',
      });
      expect(player.statusCode).toBe(403);
      expect(player.json().message).toBe('error_not_agent');
      for (const agent of ['demo_agent', 'demo_sub_agent']) {
        const response = await login(agent, passwordOf(agent), homeIp(agent), { side: 'agent' });
        expect(response.statusCode, response.body).toBe(200);
      }
      const member = await login('demo_player', passwordOf('demo_player'), homeIp('demo_player'), {
        side: 'member',
      });
      expect(member.statusCode).toBe(200);
    }, 30_000);
  });

  describe('SMS login', () => {
    const account = demoAccount('demo_player2');
    const destination = `${DEMO_DIALING_CODE}${account.mobileNum}`;
    const smsLogin = (
      verificationCode: string,
      overrides: Record<string, unknown> = {},
      ip = homeIp(account.username),
    ) => {
      // Only codes the server sent are secrets (sendCode records them); made-up wrong codes are not.
      return sealFor(test.app, {
        type: 'sms',
        countryDialingCode: DEMO_DIALING_CODE,
        mobileNum: account.mobileNum,
        verificationCode,
        ...overrides,
      }).then((body) => post(body, ip));
    };
    const sendCode = async () => {
      clock.advance(61_000); // the resend cooldown
      const ip = freshIp();
      const response = await test.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        headers: { 'x-forwarded-for': ip },
        payload: {
          countryDialingCode: DEMO_DIALING_CODE,
          mobileNum: account.mobileNum,
          purpose: 'login',
          humanVerification: await solvedHumanCheck(test.app),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const code = await lastCodeSentTo(test.database.db, destination);
      secrets.push(code);
      return code;
    };

    it('logs in with a code sent to the number, once', async () => {
      const code = await sendCode();
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await smsLogin(wrongCode);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('sms_code_invalid');
      const ok = await smsLogin(code);
      expect(ok.statusCode, ok.body).toBe(200);
      const info = await memberInfo(loginResponse.parse(ok.json()).value.token);
      expect(memberInfoResponse.parse(info.json()).value.account).toBe(account.username);
      const again = await smsLogin(code);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toMatch(/^sms_code_(invalid|expired)$/);
      expect(await auditActions(homeIp(account.username))).toContain('login.success');
    }, 30_000);

    it('answers each malformed field with its own error', async () => {
      expect((await smsLogin('')).json().message).toBe('sms_code_required');
      expect((await smsLogin('123456', { mobileNum: '' })).json().message).toBe('mobile_required');
      expect((await smsLogin('123456', { mobileNum: '12ab' })).json().message).toBe('mobile_format_error');
      expect((await smsLogin('123456', { countryDialingCode: '91' })).json().message).toBe(
        'mobile_format_error',
      );
      const extra = await smsLogin('123456', { password: 'x' });
      expect(extra.json().message).toBe('invalid_request');
    });

    it('refuses a code after 10 minutes', async () => {
      const code = await sendCode();
      clock.advance(11 * MINUTE);
      const late = await smsLogin(code);
      expect(late.json().message).toBe('sms_code_expired');
    });

    it('applies the agent side to SMS logins too', async () => {
      const code = await sendCode();
      const refused = await smsLogin(code, { side: 'agent' });
      expect(refused.json().message).toBe('error_not_agent');
    });

    it('is forbidden while the brand switches MOBILEVERCODELOGIN3 off', async () => {
      const setFlag = (enabled: boolean) =>
        test.database.db
          .updateTable('whitelabel_nodes')
          .set({ enabled })
          .where('mod_id', '=', 'MOBILEVERCODELOGIN3')
          .execute();
      const code = await sendCode();
      await setFlag(false);
      try {
        const refused = await smsLogin(code);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('forbidden');
      } finally {
        await setFlag(true);
      }
      // The code was not spent by the refused attempt.
      expect((await smsLogin(code)).statusCode).toBe(200);
    });
  });

  it('keeps failures per username in the audit log in lower case, never the password', async () => {
    const ip = freshIp();
    await login('Demo_Player', 'Secret-Wrong-Password-7', ip);
    const rows = await test.database.db
      .selectFrom('audit_log')
      .select([sql<string>`detail->>'username'`.as('username'), 'detail'])
      .where('ip', '=', ip)
      .execute();
    expect(rows.map((row) => row.username)).toEqual(['demo_player']);
    expect(JSON.stringify(rows)).not.toContain('Secret-Wrong');
  });

  // Runs last: every password and token used above must be absent from the log and the audit details.
  it('never writes a password or a token to the log or the audit log', async () => {
    expect(logLines.length).toBeGreaterThan(10);
    const log = logLines.join('\n');
    const audit = JSON.stringify(await test.database.db.selectFrom('audit_log').select('detail').execute());
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of new Set(secrets)) {
      expect(containsSecret(log, secret), secret).toBe(false);
      expect(containsSecret(audit, secret), secret).toBe(false);
    }
    const responses = responseBodies.join('\n');
    for (const password of new Set(passwords)) expect(responses).not.toContain(password);
  });
});
