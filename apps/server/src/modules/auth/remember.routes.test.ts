import { loginChallenge, loginResponse, rememberedResponse } from '@lotus/shared/auth.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../../test/helpers/demo-account.ts';
import {
  containsSecret,
  type LoginAsOptions,
  postUsernameLogin,
} from '../../../test/helpers/login-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { manualClock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { SessionRevocationService } from './session-revocation.service.ts';

const HOUR = 3_600_000;

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

describe.each(testBackends())('remember me [%s]', (backend) => {
  let test: TestApp;
  const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
  const logLines: string[] = [];
  const secrets: string[] = [];
  const responseBodies: string[] = [];
  const homeIp = (username: string) =>
    `198.51.100.${DEMO_ACCOUNTS.findIndex((entry) => entry.username === username) + 1}`;

  beforeAll(async () => {
    test = await buildTestApp({
      backend,
      clock,
      config: { logLevel: 'trace' },
      logStream: { write: (line) => logLines.push(line) },
    });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const record = (response: Injected): Injected => {
    responseBodies.push(response.body);
    const token = response.statusCode === 200 ? loginResponse.safeParse(response.json()) : undefined;
    if (token?.success) secrets.push(token.data.value.token);
    const cookie = rememberCookie(response);
    if (cookie?.value) secrets.push(cookie.value);
    return response;
  };
  const rememberCookie = (response: Injected) =>
    response.cookies.find((entry) => entry.name === 'lotus_remember');
  /** A username login with "remember me"; returns the cookie's token. */
  const rememberedLogin = async (username: string, options: Omit<LoginAsOptions, 'remember'> = {}) => {
    const { password } = demoAccount(username);
    secrets.push(password);
    const response = record(
      await postUsernameLogin(test.app, username, password, {
        ip: homeIp(username),
        ...options,
        remember: true,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const cookie = rememberCookie(response);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { token: cookie?.value ?? '', response };
  };
  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string | null,
    options: { ip?: string; payload?: object; headers?: Record<string, string> } = {},
  ) =>
    record(
      await test.app.inject({
        method,
        url,
        headers: {
          'user-agent': 'vitest',
          ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
          ...(token === null ? {} : { cookie: `lotus_remember=${token}` }),
          ...options.headers,
        },
        ...(options.payload ? { payload: options.payload } : method === 'POST' ? { payload: {} } : {}),
      }),
    );
  const peek = async (token: string | null) =>
    rememberedResponse.parse((await call('GET', '/wps/session/remembered', token)).json()).value;
  const loginWith = (token: string | null, username: string, payload: object = {}) =>
    call('POST', '/wps/session/login/remembered', token, { ip: homeIp(username), payload });
  const memberInfo = (token: string) =>
    test.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${token}` },
    });

  it('sets an HttpOnly, SameSite=Strict cookie on /wps/session for 24 hours, Secure over https', async () => {
    const { response } = await rememberedLogin('demo_player');
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(
      /^lotus_remember=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/wps\/session; HttpOnly; SameSite=Strict$/,
    );
    const https = await rememberedLogin('demo_player', { headers: { 'x-forwarded-proto': 'https' } });
    expect(String(https.response.headers['set-cookie'])).toMatch(/; Secure(;|$)/);
    // Without "remember me" no cookie is set; the database keeps only hashes.
    const plain = record(
      await postUsernameLogin(test.app, 'demo_player', demoAccount('demo_player').password, {
        ip: homeIp('demo_player'),
      }),
    );
    expect(rememberCookie(plain)).toBeUndefined();
    const stored = await test.database.db.selectFrom('remember_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).toContain(hashToken(https.token));
    expect(stored.map((row) => row.token_hash)).not.toContain(https.token);
  }, 60_000);

  it('tells the form who the cookie remembers, and nothing for a missing, malformed or unknown one', async () => {
    const { token } = await rememberedLogin('demo_agent');
    expect(await peek(token)).toEqual({
      loginType: 'username',
      username: 'demo_agent',
      countryDialingCode: '+91',
      // Masked like member info (issue 14, 7c): the cookie's browser may be a shared one.
      mobileNum: '••••••0002',
    });
    expect(await peek(null)).toBeNull();
    expect(await peek('not a token')).toBeNull();
    expect(await peek('A'.repeat(43))).toBeNull();
  }, 30_000);

  it('logs in from the cookie and rotates it: the old token is dead, the new one works once', async () => {
    const { token } = await rememberedLogin('demo_player2');
    const first = await loginWith(token, 'demo_player2');
    expect(first.statusCode, first.body).toBe(200);
    const session = loginResponse.parse(first.json()).value;
    expect((await memberInfo(session.token)).statusCode).toBe(200);
    const rotated = rememberCookie(first)?.value ?? '';
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(token);
    expect(String(first.headers['set-cookie'])).toContain(
      'Max-Age=86400; Path=/wps/session; HttpOnly; SameSite=Strict',
    );

    // The spent token is refused, and the refusal clears the cookie.
    const replay = await loginWith(token, 'demo_player2');
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('not_logged_in');
    expect(String(replay.headers['set-cookie'])).toMatch(
      /^lotus_remember=; Max-Age=0; Path=\/wps\/session;.*Expires=Thu, 01 Jan 1970/,
    );
    expect(await peek(token)).toBeNull();
    expect((await loginWith(rotated, 'demo_player2')).statusCode).toBe(200);
    const noCookie = await loginWith(null, 'demo_player2');
    expect(noCookie.json().message).toBe('not_logged_in');

    const actions = await test.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'remember.%')
      .execute();
    expect(new Set(actions.map((row) => row.action))).toEqual(
      new Set(['remember.issued', 'remember.used', 'remember.rejected']),
    );
  }, 30_000);

  it('expires after 24 hours', async () => {
    const { token } = await rememberedLogin('demo_sub_agent');
    clock.advance(24 * HOUR + 1_000);
    expect(await peek(token)).toBeNull();
    expect((await loginWith(token, 'demo_sub_agent')).json().message).toBe('not_logged_in');
  }, 30_000);

  it('applies the agent side, the lock and the disabled status', async () => {
    const { token } = await rememberedLogin('demo_player');
    const agentSide = await loginWith(token, 'demo_player', { side: 'agent' });
    expect(agentSide.statusCode).toBe(403);
    expect(agentSide.json().message).toBe('error_not_agent');
    const setMember = (values: { status?: 'active' | 'disabled'; locked_until?: Date | null }) =>
      test.database.db.updateTable('members').set(values).where('username', '=', 'demo_player').execute();
    await setMember({ locked_until: new Date(clock.now().getTime() + HOUR) });
    try {
      expect((await loginWith(token, 'demo_player')).json().message).toBe('account_locked');
    } finally {
      await setMember({ locked_until: null });
    }
    await setMember({ status: 'disabled' });
    try {
      expect(await peek(token)).toBeNull();
      expect((await loginWith(token, 'demo_player')).json().message).toBe('member_no_enter');
    } finally {
      await setMember({ status: 'active' });
    }
    // Refusals do not spend the token.
    expect((await loginWith(token, 'demo_player', { side: 'member' })).statusCode).toBe(200);
    const agent = await rememberedLogin('demo_agent');
    expect((await loginWith(agent.token, 'demo_agent', { side: 'agent' })).statusCode).toBe(200);
    expect((await loginWith(null, 'demo_agent', { side: 'boss' })).json().message).toBe('invalid_request');
  }, 30_000);

  it('asks for the new-IP step from a new address, and rotates the cookie when it is passed', async () => {
    const { token } = await rememberedLogin('demo_player');
    const ip = '203.0.113.77';
    const held = await call('POST', '/wps/session/login/remembered', token, { ip, payload: {} });
    expect(held.statusCode).toBe(403);
    const { challengeId } = loginChallenge.parse(held.json().value);
    secrets.push(challengeId);
    // Not spent while the step is pending.
    expect(await peek(token)).not.toBeNull();
    const done = await call('POST', '/wps/session/login/verification', token, {
      ip,
      payload: { challengeId, method: 'payee_name', payeeName: 'Asha Verma' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const rotated = rememberCookie(done)?.value;
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await peek(token)).toBeNull();
    expect((await peek(rotated ?? null))?.username).toBe('demo_player');
  }, 30_000);

  it('"not you?" revokes the token and clears the cookie', async () => {
    const { token } = await rememberedLogin('demo_player2');
    const forgot = await call('DELETE', '/wps/session/remembered', token);
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ success: true, message: 'ok', value: null });
    expect(String(forgot.headers['set-cookie'])).toMatch(
      /^lotus_remember=; Max-Age=0; Path=\/wps\/session; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/,
    );
    expect(await peek(token)).toBeNull();
    expect((await loginWith(token, 'demo_player2')).json().message).toBe('not_logged_in');
    // Without a cookie it still answers ok (idempotent).
    expect((await call('DELETE', '/wps/session/remembered', null)).statusCode).toBe(200);
    const revoked = await test.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'remember.revoked')
      .execute();
    expect(revoked).toHaveLength(1);
  }, 30_000);

  it('a password change (revokeMemberAccess) ends the other sessions and every remember token of the member', async () => {
    const revocation = new SessionRevocationService(test.database.db, clock);
    const keep = await rememberedLogin('demo_newbie');
    const other = await rememberedLogin('demo_newbie');
    const keepToken = loginResponse.parse(keep.response.json()).value.token;
    const otherToken = loginResponse.parse(other.response.json()).value.token;
    const agent = await rememberedLogin('demo_agent');
    const keepSession = await test.database.db
      .selectFrom('sessions')
      .select(['id', 'member_id'])
      .where('token_hash', '=', hashToken(keepToken))
      .executeTakeFirstOrThrow();

    const revoked = await revocation.revokeMemberAccess(keepSession.member_id, 'password_changed', {
      sessionId: keepSession.id,
    });
    expect(revoked).toEqual({ sessions: 1, rememberTokens: 2, launchSessions: 0, studioSessions: 0 });
    expect((await memberInfo(keepToken)).statusCode).toBe(200);
    // This revocation runs outside the app, like another process: the app drops its cached session when
    // the commit's NOTIFY reaches it, so the test waits for that, not for a time.
    await expect.poll(async () => (await memberInfo(otherToken)).statusCode).toBe(401);
    expect(await peek(keep.token)).toBeNull();
    expect(await peek(other.token)).toBeNull();
    // Another member is untouched.
    expect((await peek(agent.token))?.username).toBe('demo_agent');
    // A reset has no session to keep.
    expect(await revocation.revokeMemberAccess(keepSession.member_id, 'password_reset')).toEqual({
      sessions: 1,
      rememberTokens: 0,
      launchSessions: 0,
      studioSessions: 0,
    });
    await expect.poll(async () => (await memberInfo(keepToken)).statusCode).toBe(401);
  }, 60_000);

  // Runs last.
  it('never writes a password or token to the log, the audit log or an answer', async () => {
    const log = logLines.join('\n');
    const audit = JSON.stringify(await test.database.db.selectFrom('audit_log').select('detail').execute());
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of new Set(secrets)) {
      expect(containsSecret(log, secret), secret).toBe(false);
      expect(containsSecret(audit, secret), secret).toBe(false);
    }
    const answers = responseBodies.join('\n');
    for (const account of DEMO_ACCOUNTS) expect(answers).not.toContain(account.password);
  });
});
