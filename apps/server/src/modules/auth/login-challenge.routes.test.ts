import { loginChallenge, loginResponse, memberInfoResponse } from '@lotus/shared/auth.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../../test/helpers/demo-account.ts';
import { solvedHumanCheck } from '../../../test/helpers/human-check.ts';
import {
  containsSecret,
  type LoginAsOptions,
  lastCodeSentTo,
  postUsernameLogin,
  sealFor,
} from '../../../test/helpers/login-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { DEMO_ACCOUNTS, DEMO_DIALING_CODE } from '../../db/seed/demo-accounts.ts';
import { manualClock } from '../../lib/clock.ts';

const MINUTE = 60_000;

describe.each(testBackends())('new-IP login step [%s]', (backend) => {
  let test: TestApp;
  const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
  const logLines: string[] = [];
  const secrets: string[] = [];
  const responseBodies: string[] = [];
  let ipCounter = 0;
  const freshIp = () => {
    ipCounter += 1;
    return `203.0.113.${ipCounter}`;
  };
  const homeIp = (username: string) =>
    `198.51.100.${DEMO_ACCOUNTS.findIndex((entry) => entry.username === username) + 1}`;

  beforeAll(async () => {
    test = await buildTestApp({
      backend,
      clock,
      config: { logLevel: 'trace', devInbox: true },
      logStream: { write: (line) => logLines.push(line) },
    });
    // Every account's first login registers its home address; later logins from elsewhere are challenged.
    for (const account of DEMO_ACCOUNTS) {
      expect((await login(account.username, homeIp(account.username))).statusCode).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  const record = <T extends { body: string; statusCode: number; json(): unknown }>(response: T): T => {
    responseBodies.push(response.body);
    if (response.statusCode === 200) {
      const token = loginResponse.safeParse(response.json());
      if (token.success) secrets.push(token.data.value.token);
    }
    return response;
  };
  const login = async (username: string, ip: string, options: Omit<LoginAsOptions, 'ip'> = {}) => {
    const { password } = demoAccount(username);
    secrets.push(password);
    return record(await postUsernameLogin(test.app, username, password, { ...options, ip }));
  };
  /** A login from a new address: the challenge it gets. */
  const challenge = async (username: string, ip: string, options: Omit<LoginAsOptions, 'ip'> = {}) => {
    const response = await login(username, ip, options);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toBe('login_verification_required');
    const value = loginChallenge.parse(response.json().value);
    secrets.push(value.challengeId);
    return value;
  };
  const post = async (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
    record(
      await test.app.inject({
        method: 'POST',
        url,
        headers: { 'x-forwarded-for': ip, 'user-agent': 'vitest', ...headers },
        payload,
      }),
    );
  const send = (challengeId: string, method: string, ip: string) =>
    post('/wps/session/login/verification/send', { challengeId, method }, ip);
  const verify = (payload: Record<string, unknown>, ip: string) =>
    post('/wps/session/login/verification', payload, ip);
  const sentCode = async (destination: string) => {
    const code = await lastCodeSentTo(test.database.db, destination);
    secrets.push(code);
    return code;
  };
  const knownIps = async (username: string) =>
    (
      await test.database.db
        .selectFrom('member_known_ips')
        .innerJoin('members', 'members.id', 'member_known_ips.member_id')
        .select('ip')
        .where('members.username', '=', username)
        .orderBy('ip')
        .execute()
    ).map((row) => row.ip);
  const actionsFrom = async (ip: string) =>
    (
      await test.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('ip', '=', ip)
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  it('registers the IP of an account first login, and lets later logins from it through', async () => {
    expect(await knownIps('demo_player')).toEqual([homeIp('demo_player')]);
    expect((await login('demo_player', homeIp('demo_player'))).statusCode).toBe(200);
  }, 30_000);

  it('holds a login from a new IP with a challenge listing the masked methods, and opens no session', async () => {
    const ip = freshIp();
    const response = await login('demo_player', ip);
    expect(response.json()).toEqual({
      success: false,
      message: 'login_verification_required',
      value: {
        challengeId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        methods: [
          { method: 'sms', hint: '+91 ••••••0001' },
          { method: 'email', hint: 'p•••@demo.lotus.example' },
          { method: 'payee_name' },
        ],
      },
    });
    secrets.push(response.json().value.challengeId);
    const sessions = await test.database.db
      .selectFrom('sessions')
      .select('id')
      .where('ip', '=', ip)
      .execute();
    expect(sessions).toHaveLength(0);
    const stored = await test.database.db.selectFrom('login_challenges').select('id_hash').execute();
    expect(stored.map((row) => row.id_hash)).not.toContain(response.json().value.challengeId);
    expect(await actionsFrom(ip)).toEqual(['login.verification_required']);
  }, 30_000);

  it('completes with an SMS code; the IP is known afterwards', async () => {
    const ip = freshIp();
    const { challengeId } = await challenge('demo_player', ip);
    const sent = await send(challengeId, 'sms', ip);
    expect(sent.json()).toEqual({ success: true, message: 'ok', value: { expiredMinutes: 1 } });
    const code = await sentCode(`${DEMO_DIALING_CODE}9000000001`);
    const wrong = await verify(
      { challengeId, method: 'sms', code: code === '000000' ? '111111' : '000000' },
      ip,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('sms_code_invalid');
    const missing = await verify({ challengeId, method: 'sms' }, ip);
    expect(missing.json().message).toBe('sms_code_required');
    const done = await verify({ challengeId, method: 'sms', code }, ip);
    expect(done.statusCode, done.body).toBe(200);
    const { token } = loginResponse.parse(done.json()).value;
    const info = await test.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(memberInfoResponse.parse(info.json()).value.account).toBe('demo_player');
    expect(await knownIps('demo_player')).toContain(ip);
    expect((await login('demo_player', ip)).statusCode).toBe(200);
    expect(await actionsFrom(ip)).toEqual([
      'login.verification_required',
      'login.verification_sent',
      'login.verification_failed',
      'login.verified',
      'login.success',
      'login.success',
    ]);
  }, 30_000);

  it('completes with an e-mail code', async () => {
    const ip = freshIp();
    const { challengeId } = await challenge('demo_agent', ip);
    expect((await send(challengeId, 'email', ip)).statusCode).toBe(200);
    const code = await sentCode('agent@demo.lotus.example');
    const done = await verify({ challengeId, method: 'email', code }, ip);
    expect(done.statusCode, done.body).toBe(200);
  }, 30_000);

  it('completes with the payee name, whatever its case and spacing', async () => {
    const ip = freshIp();
    const { challengeId } = await challenge('demo_player', ip);
    secrets.push('Asha Verma');
    const done = await verify({ challengeId, method: 'payee_name', payeeName: '  asha   VERMA ' }, ip);
    expect(done.statusCode, done.body).toBe(200);
  }, 30_000);

  it('kills a challenge after 5 wrong tries, so even the right answer then fails', async () => {
    const ip = freshIp();
    const { challengeId } = await challenge('demo_sub_agent', ip);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await verify(
        { challengeId, method: 'payee_name', payeeName: `Someone Else ${attempt}` },
        ip,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('login_verification_failed');
    }
    const right = await verify({ challengeId, method: 'payee_name', payeeName: 'Meera Shah' }, ip);
    expect(right.json().message).toBe('login_verification_failed');
    // Wrong SMS codes spend the same tries: the 5th wrong code ends the challenge.
    const other = freshIp();
    const second = await challenge('demo_sub_agent', other);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await verify({ challengeId: second.challengeId, method: 'sms', code: '99999' }, other);
      expect(wrong.json().message).toBe(attempt < 4 ? 'sms_code_invalid' : 'login_verification_failed');
    }
    expect(await knownIps('demo_sub_agent')).not.toContain(ip);
  }, 30_000);

  it('expires a challenge after 10 minutes', async () => {
    const ip = freshIp();
    const { challengeId } = await challenge('demo_player2', ip);
    clock.advance(10 * MINUTE + 1_000);
    const late = await verify({ challengeId, method: 'payee_name', payeeName: 'Kabir Singh' }, ip);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('login_verification_failed');
    expect((await send(challengeId, 'sms', ip)).json().message).toBe('login_verification_failed');
  }, 30_000);

  it('binds a challenge to the IP it was made for and to one use', async () => {
    const ip = freshIp();
    const { challengeId } = await challenge('demo_player2', ip);
    const elsewhere = await verify(
      { challengeId, method: 'payee_name', payeeName: 'Kabir Singh' },
      freshIp(),
    );
    expect(elsewhere.json().message).toBe('login_verification_failed');
    expect((await send(challengeId, 'sms', freshIp())).json().message).toBe('login_verification_failed');
    const done = await verify({ challengeId, method: 'payee_name', payeeName: 'Kabir Singh' }, ip);
    expect(done.statusCode).toBe(200);
    const again = await verify({ challengeId, method: 'payee_name', payeeName: 'Kabir Singh' }, ip);
    expect(again.json().message).toBe('login_verification_failed');
    const unknown = await verify({ challengeId: 'A'.repeat(43), method: 'payee_name', payeeName: 'x' }, ip);
    expect(unknown.json().message).toBe('login_verification_failed');
  }, 30_000);

  it('offers only the methods the account has data for, and refuses others', async () => {
    await test.database.db
      .updateTable('members')
      .set({ email: null })
      .where('username', '=', 'demo_player2')
      .execute();
    const ip = freshIp();
    const { challengeId, methods } = await challenge('demo_player2', ip);
    expect(methods.map((entry) => entry.method)).toEqual(['sms', 'payee_name']);
    expect((await send(challengeId, 'email', ip)).json().message).toBe('invalid_request');
    expect((await send(challengeId, 'payee_name', ip)).json().message).toBe('invalid_request');
    expect((await verify({ challengeId, method: 'email', code: '123456' }, ip)).json().message).toBe(
      'invalid_request',
    );
  }, 30_000);

  it('lets an account with nothing to verify against through, and audits it', async () => {
    await test.database.db
      .updateTable('members')
      .set({ email: null, payee_name: null, mobile_num: null, country_dialing_code: null })
      .where('username', '=', 'demo_newbie')
      .execute();
    const ip = freshIp();
    expect((await login('demo_newbie', ip)).statusCode).toBe(200);
    expect(await actionsFrom(ip)).toEqual(['login.new_ip_unverifiable', 'login.success']);
  }, 30_000);

  it('challenges SMS logins from a new IP too', async () => {
    const ip = freshIp();
    clock.advance(61_000);
    const sent = await test.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: { 'x-forwarded-for': ip },
      payload: {
        countryDialingCode: DEMO_DIALING_CODE,
        mobileNum: '9000000001',
        purpose: 'login',
        humanVerification: await solvedHumanCheck(test.app),
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await sentCode(`${DEMO_DIALING_CODE}9000000001`);
    const response = record(
      await test.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { 'x-forwarded-for': ip },
        payload: await sealFor(test.app, {
          type: 'sms',
          countryDialingCode: DEMO_DIALING_CODE,
          mobileNum: '9000000001',
          verificationCode: code,
          remember: true,
        }),
      }),
    );
    expect(response.statusCode).toBe(403);
    const { challengeId } = loginChallenge.parse(response.json().value);
    secrets.push(challengeId);
    // Asked to remember: the verified login sets the cookie, which remembers an SMS login.
    const done = await verify({ challengeId, method: 'payee_name', payeeName: 'asha verma' }, ip);
    expect(done.statusCode).toBe(200);
    const cookie = done.cookies.find((entry) => entry.name === 'lotus_remember');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    secrets.push(cookie?.value ?? 'missing');
    const rows = await test.database.db.selectFrom('remember_tokens').select('login_type').execute();
    expect(rows.map((row) => row.login_type)).toEqual(['sms']);
  }, 30_000);

  it('re-checks the account when the challenge is answered', async () => {
    const ip = freshIp();
    const { challengeId } = await challenge('demo_agent', ip);
    await test.database.db
      .updateTable('members')
      .set({ status: 'disabled' })
      .where('username', '=', 'demo_agent')
      .execute();
    try {
      const refused = await verify({ challengeId, method: 'payee_name', payeeName: 'Ravi Kumar' }, ip);
      expect(refused.json().message).toBe('member_no_enter');
    } finally {
      await test.database.db
        .updateTable('members')
        .set({ status: 'active' })
        .where('username', '=', 'demo_agent')
        .execute();
    }
  }, 30_000);

  it('answers malformed bodies with 400 invalid_request', async () => {
    const ip = freshIp();
    const bodies = [
      {},
      { challengeId: '', method: 'sms' },
      { challengeId: 'x', method: 'fax' },
      { challengeId: 'x'.repeat(65), method: 'sms' },
    ];
    for (const payload of bodies) {
      const response = await post('/wps/session/login/verification/send', payload, ip);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('invalid_request');
    }
    const extra = await verify({ challengeId: 'x', method: 'payee_name', payeeName: 'x', extra: 1 }, ip);
    expect(extra.json().message).toBe('invalid_request');
  });

  // Runs last.
  it('never writes a password, code, challenge id or token to the log, the audit log or an answer', async () => {
    const log = logLines.join('\n');
    const audit = JSON.stringify(await test.database.db.selectFrom('audit_log').select('detail').execute());
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of new Set(secrets)) {
      expect(containsSecret(log, secret), secret).toBe(false);
      expect(containsSecret(audit, secret), secret).toBe(false);
    }
    const answers = responseBodies.join('\n');
    for (const account of DEMO_ACCOUNTS) {
      expect(answers).not.toContain(account.password);
      expect(answers).not.toContain(account.payeeName);
      expect(answers).not.toContain(account.email);
    }
  });
});
