import { loginResponse, memberInfoResponse, publicKeyResponse } from '@lotus/shared/auth.schema';
import { errorEnvelope } from '@lotus/shared/envelope';
import { sealPayload } from '@lotus/shared/sealed-payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { manualClock } from '../../lib/clock.ts';

const passwordOf = (username: string) => {
  const account = DEMO_ACCOUNTS.find((entry) => entry.username === username);
  if (!account) throw new Error(`no demo account ${username}`);
  return account.password;
};

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
      config: { logLevel: 'trace' },
      logStream: { write: (line) => logLines.push(line) },
    });
    const key = await test.app.inject({ method: 'GET', url: '/wps/system/publicKey' });
    expect(key.statusCode).toBe(200);
    spki = publicKeyResponse.parse(key.json()).value.spki;
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const login = async (username: string, password: string, ip: string) => {
    secrets.push(password);
    passwords.push(password);
    const body = await sealPayload(spki, { username, password, type: 'username' });
    const response = await test.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'x-forwarded-for': ip, 'user-agent': 'vitest' },
      payload: body,
    });
    responseBodies.push(response.body);
    secrets.push(...(response.statusCode === 200 ? [loginResponse.parse(response.json()).value.token] : []));
    return response;
  };
  const tokenOf = async (username: string) => {
    const response = await login(username, passwordOf(username), freshIp());
    expect(response.statusCode).toBe(200);
    return loginResponse.parse(response.json()).value;
  };
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
    const response = await login('DEMO_Sub_Agent', passwordOf('demo_sub_agent'), freshIp());
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const ip = freshIp();
    const wrong = await login('demo_agent', 'Not-The-Password-1', ip);
    const unknown = await login('nobody_here', 'Not-The-Password-1', ip);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (body: unknown) => ({ ...(body as object), value: null });
    expect(errorEnvelope.parse(wrong.json()).message).toBe('login_failed');
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(Object.keys(wrong.json().value ?? {})).toEqual(Object.keys(unknown.json().value ?? {}));
  });

  it('locks an account after 5 failures in 15 minutes, then lets it in after 15 minutes', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login('demo_sub_agent', `Wrong-${attempt}-Password`, ip)).statusCode).toBe(401);
    }
    const locked = await login('demo_sub_agent', passwordOf('demo_sub_agent'), freshIp());
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toBe('account_locked');
    const actions = await test.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('ip', '=', ip)
      .execute();
    expect(actions.map((row) => row.action)).toContain('account.locked');

    clock.advance(16 * MINUTE);
    expect((await login('demo_sub_agent', passwordOf('demo_sub_agent'), freshIp())).statusCode).toBe(200);
  }, 60_000);

  it('refuses an IP with 20 failures in 15 minutes with 429, whatever the account', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await login(`ghost_${attempt}`, 'Whatever-Password-1', ip)).statusCode).toBe(401);
    }
    const throttled = await login('demo_player', passwordOf('demo_player'), ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe('too_many_requests');
    expect((await login('demo_player', passwordOf('demo_player'), freshIp())).statusCode).toBe(200);
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

  // Runs last: every password and token used above must be absent from the log and the audit details.
  it('never writes a password or a token to the log or the audit log', async () => {
    expect(logLines.length).toBeGreaterThan(10);
    const log = logLines.join('\n');
    const audit = JSON.stringify(await test.database.db.selectFrom('audit_log').select('detail').execute());
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of new Set(secrets)) {
      expect(log).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
    const responses = responseBodies.join('\n');
    for (const password of new Set(passwords)) expect(responses).not.toContain(password);
  });
});
