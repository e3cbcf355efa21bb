import { loginResponse, memberInfoResponse } from '@lotus/shared/auth.schema';
import { errorEnvelope } from '@lotus/shared/envelope';
import { oauthProvidersResponse } from '@lotus/shared/oauth.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import {
  type IdentityStub,
  type StubProvider,
  startIdentityStub,
} from '../../../test/helpers/identity-stub.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';

const MINUTE = 60_000;
const FAILED = '/oauth/complete?error=oauth_failed';

describe.each(testBackends())('oauth routes [%s]', (backend) => {
  let stub: IdentityStub;
  let test: TestApp;
  // Starts at the real time when the app is built (not when the file is collected: the other backend's
  // tests run in between), because the stub stamps its ID tokens and Telegram data with Date.now().
  let clock: ReturnType<typeof manualClock>;
  const logLines: string[] = [];
  const secrets: string[] = [];
  let ipCounter = 0;
  const freshIp = () => {
    ipCounter += 1;
    return `198.51.100.${ipCounter}`;
  };

  beforeAll(async () => {
    stub = await startIdentityStub();
    clock = manualClock(new Date());
    test = await buildTestApp({
      backend,
      clock,
      config: { ...stub.appOptions(), logLevel: 'trace' },
      logStream: { write: (line) => logLines.push(line) },
    });
    secrets.push(
      stub.client('google').clientSecret,
      stub.client('facebook').clientSecret,
      stub.telegram.botToken,
    );
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await stub?.close();
  });

  const headers = (ip: string) => ({ 'x-forwarded-for': ip, 'user-agent': 'vitest' });

  /** GET start → the provider's authorization URL and the returnTo cookie. */
  const start = async (provider: StubProvider, ip: string, returnTo?: string) => {
    const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
    const response = await test.app.inject({
      method: 'GET',
      url: `/wps/oauth/${provider}/start${query}`,
      headers: headers(ip),
    });
    expect(response.statusCode).toBe(302);
    const authorizeUrl = new URL(String(response.headers.location));
    secrets.push(authorizeUrl.searchParams.get('state') ?? '', authorizeUrl.searchParams.get('nonce') ?? '');
    const cookie = response.cookies.find((entry) => entry.name === 'lotus_oauth_return');
    return { authorizeUrl, cookie: cookie?.value ? `lotus_oauth_return=${cookie.value}` : undefined };
  };

  /** The provider's redirect back, replayed against the app → where the app sends the browser. */
  const callback = async (back: string, ip: string, cookie?: string) => {
    const url = new URL(back);
    secrets.push(url.searchParams.get('code') ?? '');
    const response = await test.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...headers(ip), ...(cookie ? { cookie } : {}) },
    });
    expect(response.statusCode).toBe(302);
    return String(response.headers.location);
  };

  const loginCodeOf = (location: string) => {
    const fragment = new URLSearchParams(location.split('#')[1] ?? '');
    const code = fragment.get('code');
    if (!code) throw new Error(`no login code in ${location}`);
    secrets.push(code);
    return { code, returnTo: fragment.get('returnTo') };
  };

  const exchange = async (code: string, ip: string) =>
    test.app.inject({ method: 'POST', url: '/wps/oauth/exchange', headers: headers(ip), payload: { code } });

  const memberOf = async (token: string) => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return memberInfoResponse.parse(response.json()).value;
  };

  /** The whole browser trip: start → stub page → callback → exchange → a session. */
  const signIn = async (provider: StubProvider, ip = freshIp()) => {
    const { authorizeUrl, cookie } = await start(provider, ip, '/games');
    const location = await callback(await stub.approve(authorizeUrl.toString()), ip, cookie);
    const { code, returnTo } = loginCodeOf(location);
    const response = await exchange(code, ip);
    expect(response.statusCode).toBe(200);
    const result = loginResponse.parse(response.json()).value;
    secrets.push(result.token);
    return { result, returnTo, member: await memberOf(result.token) };
  };

  const telegramLogin = (payload: unknown, ip = freshIp()) =>
    test.app.inject({
      method: 'POST',
      url: '/wps/oauth/telegram',
      headers: headers(ip),
      payload: payload as object,
    });

  const expectError = (response: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    expect(errorEnvelope.parse(response.json()).message).toBe(code);
  };

  it('lists the configured providers with what the Telegram page needs', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/wps/oauth/providers' });
    expect(response.statusCode).toBe(200);
    expect(oauthProvidersResponse.parse(response.json()).value).toEqual({
      google: true,
      facebook: true,
      telegram: {
        botName: 'lotus_stub_bot',
        botId: stub.telegram.botToken.split(':')[0],
        authUrl: stub.telegram.authUrl,
      },
    });
  });

  it('starts with state, nonce and an S256 PKCE challenge, keeping only the hash of the state', async () => {
    const { authorizeUrl } = await start('google', freshIp());
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${stub.issuer('google')}/authorize`);
    const params = authorizeUrl.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(stub.client('google').clientId);
    expect(params.get('redirect_uri')).toBe('http://localhost:80/wps/oauth/google/callback');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('nonce')?.length).toBeGreaterThanOrEqual(16);
    const rows = await test.database.db
      .selectFrom('oauth_states')
      .select(['state_hash', 'provider'])
      .execute();
    expect(rows.some((row) => row.state_hash === params.get('state'))).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.state_hash))).toBe(true);
  });

  it('signs in with Google end to end, creating a member linked to the identity', async () => {
    const { result, returnTo, member } = await signIn('google');
    expect(result.firstTimeLogin).toBe(true);
    expect(result.passwordExpired).toBe(false);
    expect(returnTo).toBe('/games');
    expect(member.account).toBe('ashatest');
    expect(member.nickname).toBe('Asha Test');
    const row = await test.database.db
      .selectFrom('members')
      .select(['register_method', 'email', 'password_hash'])
      .where('id', '=', BigInt(member.id))
      .executeTakeFirstOrThrow();
    expect(row.register_method).toBe('google');
    expect(row.email).toBe('asha.test@example.test');
    const identities = await test.database.db
      .selectFrom('member_identities')
      .select(['provider', 'subject'])
      .where('member_id', '=', BigInt(member.id))
      .execute();
    expect(identities).toEqual([{ provider: 'google', subject: 'google-1000001' }]);
    const actions = await test.database.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('member_id', '=', BigInt(member.id))
      .orderBy('id')
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual([
      'register.success',
      'identity.linked',
      'login.success',
    ]);
    expect(actions[2]?.detail).toEqual({ method: 'google' });
  });

  it('signs the same identity in to the same member the second time, without linking again', async () => {
    const first = await signIn('google');
    const second = await signIn('google');
    expect(second.member.id).toBe(first.member.id);
    expect(second.result.firstTimeLogin).toBe(false);
    const identities = await test.database.db
      .selectFrom('member_identities')
      .select('id')
      .where('member_id', '=', BigInt(first.member.id))
      .execute();
    expect(identities).toHaveLength(1);
  });

  it('signs in with Facebook as its own identity, with a username made unique', async () => {
    const google = await signIn('google');
    const facebook = await signIn('facebook');
    expect(facebook.member.id).not.toBe(google.member.id);
    expect(facebook.member.account).toMatch(/^ashatest[0-9]{4}$/);
  });

  it('never re-links an identity: another person gets another member, and the database refuses a second link', async () => {
    const asha = await signIn('google');
    stub.setPerson({ sub: '2000002', name: 'Ravi Test', email: 'x@example.test' });
    try {
      const ravi = await signIn('google');
      expect(ravi.member.id).not.toBe(asha.member.id);
      expect(ravi.member.account).toMatch(/^g[0-9]{8}$/); // 'x' is too short for a username
    } finally {
      stub.setPerson({ sub: '1000001', name: 'Asha Test', email: 'asha.test@example.test' });
    }
    // A second Google identity for the same member, or the same identity for another member: both refused.
    await expect(
      test.database.db
        .insertInto('member_identities')
        .values({
          brand_id: 1n,
          member_id: BigInt(asha.member.id),
          provider: 'google',
          subject: 'google-other',
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
    const [identity] = await test.database.db
      .selectFrom('member_identities')
      .select(['brand_id', 'subject'])
      .where('member_id', '=', BigInt(asha.member.id))
      .execute();
    const seed = await test.database.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', 'demo_player')
      .executeTakeFirstOrThrow();
    if (!identity) throw new Error('the identity is missing');
    await expect(
      test.database.db
        .insertInto('member_identities')
        .values({
          brand_id: identity.brand_id,
          member_id: seed.id,
          provider: 'google',
          subject: identity.subject,
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
    // No endpoint removes or changes an identity.
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      const response = await test.app.inject({ method, url: '/wps/oauth/google' });
      expect(response.statusCode).toBe(404);
    }
  });

  it('fails the callback when the state is unknown or used twice', async () => {
    const ip = freshIp();
    const { authorizeUrl } = await start('google', ip);
    const back = new URL(await stub.approve(authorizeUrl.toString()));
    const forged = new URL(back);
    forged.searchParams.set('state', 'A'.repeat(43));
    expect(await callback(forged.toString(), ip)).toBe(FAILED);
    expect(await callback(back.toString(), ip)).toMatch(/^\/oauth\/complete#code=/);
    expect(await callback(back.toString(), ip)).toBe(FAILED);
    // A state of one provider is not accepted by the other's callback.
    const other = await start('google', ip);
    const wrongProvider = new URL(await stub.approve(other.authorizeUrl.toString()));
    wrongProvider.pathname = '/wps/oauth/facebook/callback';
    expect(await callback(wrongProvider.toString(), ip)).toBe(FAILED);
  });

  it('fails the callback when the provider reports an error or leaves out the code', async () => {
    const ip = freshIp();
    expect(await callback('http://localhost/wps/oauth/google/callback?error=access_denied&state=x', ip)).toBe(
      FAILED,
    );
    expect(await callback('http://localhost/wps/oauth/google/callback', ip)).toBe(FAILED);
  });

  it.each([
    ['nonce', { nonce: 'not-the-nonce-we-sent' }],
    ['issuer', { iss: 'https://evil.example' }],
    ['audience', { aud: 'another-client' }],
    ['expiry', { expiresIn: -120 }],
    ['signature', { foreignKey: true }],
  ])('refuses an ID token with a wrong %s', async (_name, tamper) => {
    const ip = freshIp();
    const { authorizeUrl } = await start('google', ip);
    stub.tamperNextIdToken(tamper);
    expect(await callback(await stub.approve(authorizeUrl.toString()), ip)).toBe(FAILED);
  });

  it('fails when the PKCE verifier does not match the challenge the provider saw', async () => {
    const ip = freshIp();
    const { authorizeUrl } = await start('google', ip);
    // As if the code had been injected into another sign-in: the verifier on file is not this challenge's.
    const stateHash = (
      await test.database.db
        .selectFrom('oauth_states')
        .select('state_hash')
        .where('used_at', 'is', null)
        .execute()
    ).map((row) => row.state_hash);
    await test.database.db
      .updateTable('oauth_states')
      .set({ code_verifier: 'x'.repeat(64) })
      .where('state_hash', 'in', stateHash)
      .execute();
    expect(await callback(await stub.approve(authorizeUrl.toString()), ip)).toBe(FAILED);
  });

  it('accepts a login code once only', async () => {
    const ip = freshIp();
    const { authorizeUrl } = await start('google', ip);
    const { code } = loginCodeOf(await callback(await stub.approve(authorizeUrl.toString()), ip));
    expect((await exchange(code, ip)).statusCode).toBe(200);
    expectError(await exchange(code, ip), 400, 'oauth_failed');
    expectError(await exchange('B'.repeat(43), ip), 400, 'oauth_failed');
    expectError(await exchange('short', ip), 400, 'invalid_request');
  });

  it('answers 404 oauth_provider_disabled for providers that are not offered', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/wps/oauth/twitter/start' });
    expectError(response, 404, 'oauth_provider_disabled');
    const off = await buildTestApp({ backend: 'offline' });
    try {
      const providers = await off.app.inject({ method: 'GET', url: '/wps/oauth/providers' });
      expect(oauthProvidersResponse.parse(providers.json()).value).toEqual({
        google: false,
        facebook: false,
        telegram: null,
      });
      for (const provider of ['google', 'facebook']) {
        expectError(
          await off.app.inject({ method: 'GET', url: `/wps/oauth/${provider}/start` }),
          404,
          'oauth_provider_disabled',
        );
      }
      const telegram = await off.app.inject({
        method: 'POST',
        url: '/wps/oauth/telegram',
        payload: stub.telegramAuthData(),
      });
      expectError(telegram, 404, 'oauth_provider_disabled');
    } finally {
      await off.close();
    }
  });

  it('signs in with Telegram, the same member each time', async () => {
    const first = await telegramLogin(stub.telegramAuthData());
    expect(first.statusCode).toBe(200);
    const result = loginResponse.parse(first.json()).value;
    secrets.push(result.token);
    const member = await memberOf(result.token);
    expect(member.account).toBe('asha_test');
    expect(member.nickname).toBe('Asha Test');
    const again = loginResponse.parse((await telegramLogin(stub.telegramAuthData())).json()).value;
    secrets.push(again.token);
    expect((await memberOf(again.token)).id).toBe(member.id);
    const row = await test.database.db
      .selectFrom('members')
      .select('register_method')
      .where('id', '=', BigInt(member.id))
      .executeTakeFirstOrThrow();
    expect(row.register_method).toBe('telegram');
  });

  it('refuses Telegram data whose hash does not match with telegram_auth_invalid', async () => {
    const signed = stub.telegramAuthData();
    expectError(await telegramLogin({ ...signed, first_name: 'Mallory' }), 400, 'telegram_auth_invalid');
    expectError(await telegramLogin({ ...signed, hash: '0'.repeat(64) }), 400, 'telegram_auth_invalid');
    expectError(await telegramLogin({ ...signed, extra: 'unsigned' }), 400, 'telegram_auth_invalid');
    expectError(await telegramLogin({ ...signed, hash: 'nothex' }), 400, 'invalid_request');
    expectError(await telegramLogin({ id: 'x' }), 400, 'invalid_request');
  });

  it('refuses stale or future Telegram data with telegram_auth_expired', async () => {
    const nowS = Math.floor(clock.now().getTime() / 1000);
    expectError(await telegramLogin(stub.telegramAuthData(nowS - 11 * 60)), 400, 'telegram_auth_expired');
    expectError(await telegramLogin(stub.telegramAuthData(nowS + 5 * 60)), 400, 'telegram_auth_expired');
    expect((await telegramLogin(stub.telegramAuthData(nowS - 9 * 60))).statusCode).toBe(200);
  });

  // Issue 17: the third-party way in ends in the same SessionsService.open, which refuses an excluded member.
  it('refuses a member on a break at the exchange, with the exclusion details', async () => {
    const { result } = await signIn('google');
    const taken = await test.app.inject({
      method: 'POST',
      url: '/wps/member/protection/exclusions',
      headers: { authorization: `Bearer ${result.token}` },
      payload: { kind: 'cool_off', duration: '7d', confirm: true },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const ip = freshIp();
    const { authorizeUrl, cookie } = await start('google', ip);
    const { code } = loginCodeOf(await callback(await stub.approve(authorizeUrl.toString()), ip, cookie));
    const refused = await exchange(code, ip);
    expectError(refused, 403, 'account_excluded');
    expect((refused.json() as { value: unknown }).value).toMatchObject({
      kind: 'cool_off',
      reopenAvailable: false,
    });
  });

  it('never writes a state, code, token or client secret to the log, the audit log or a response', async () => {
    const log = logLines.join('\n');
    const audit = JSON.stringify(await test.database.db.selectFrom('audit_log').select('detail').execute());
    expect(logLines.length).toBeGreaterThan(10);
    expect(log).toContain('third-party sign-in failed');
    const real = [...new Set(secrets)].filter((secret) => secret.length >= 16);
    expect(real.length).toBeGreaterThan(20);
    for (const secret of real) {
      expect(log).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
  });

  // Moves the clock on; kept last so the ID tokens of the tests above are still fresh.
  it('lets a login code live 60 seconds and a started sign-in 10 minutes', async () => {
    const ip = freshIp();
    const { authorizeUrl } = await start('google', ip);
    const { code } = loginCodeOf(await callback(await stub.approve(authorizeUrl.toString()), ip));
    clock.advance(61_000);
    expectError(await exchange(code, ip), 400, 'oauth_failed');
    const late = await start('google', ip);
    const back = await stub.approve(late.authorizeUrl.toString());
    clock.advance(10 * MINUTE);
    expect(await callback(back, ip)).toBe(FAILED);
  });
});
