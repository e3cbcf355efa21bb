import { randomUUID } from 'node:crypto';
import { loginResponse, memberInfoResponse } from '@lotus/shared/auth.schema';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../../test/helpers/demo-account.ts';
import { gameIdOf } from '../../../test/helpers/games-fixture.ts';
import { postUsernameLogin, sealFor } from '../../../test/helpers/login-helper.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type InhouseFixture, inhouseFixture } from '../inhouse-vendor/inhouse-vendor.fixture.ts';

/**
 * Issue 14, finding 5: a session that must change its password (demo_newbie logs in with
 * `passwordExpired: true`) is held to member info, the password change and logout ON THE SERVER; every
 * other call that needs a session answers 403 password_change_required, whatever the client does. After
 * the change the same session works everywhere.
 */

const NEW_PASSWORD = 'Fresh2026pass';
/** demo_newbie logs in from its own address, so the new-IP step stays out of the way. */
const IP = '198.51.100.77';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;

describe.each(testBackends())('forced password change on the server [%s]', (backend) => {
  let test: TestApp;
  let fx: InhouseFixture;
  let gameNodeId: string;
  const newbie = demoAccount('demo_newbie');

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await inhouseFixture(test.app, test.database);
    gameNodeId = String(await gameIdOf(test.database.db, fx.vendorId, 'lotus-fortune'));
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const login = async (password: string) => {
    const response = await postUsernameLogin(test.app, newbie.username, password, { ip: IP });
    expect(response.statusCode, response.body).toBe(200);
    return loginResponse.parse(response.json()).value;
  };
  const inject =
    (token: string, request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string }) =>
    (payload?: unknown, headers: Record<string, string> = {}) =>
      test.app.inject({
        ...request,
        headers: { ...bearer(token), 'x-forwarded-for': IP, ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

  /** The calls a session under a forced change must not make, each with a body that would otherwise pass. */
  const guarded = (token: string, loginPassword = newbie.password) => ({
    'set payment password': async () =>
      inject(token, { method: 'PUT', url: '/wps/member/withdraw-password' })(
        await sealFor(test.app, { loginPassword, newPassword: 'Pay12345' }),
      ),
    'add payout account': () =>
      inject(token, { method: 'POST', url: '/wps/member/payout-accounts' })({
        kind: 'bank',
        provider: 'State Bank of India',
        accountNumber: '123456789012',
        ifsc: 'SBIN0001234',
        payeeName: newbie.payeeName ?? '',
      }),
    deposit: () => {
      const form = multipartBody({ method: 'sim-upi', amount: '500' });
      return inject(token, { method: 'POST', url: '/wps/payments/deposits' })(form.payload, {
        ...form.headers,
        'idempotency-key': randomUUID(),
      });
    },
    'launch a real game': () =>
      inject(token, { method: 'GET', url: `/wps/game/launchGame?nodeId=${gameNodeId}&trial=0` })(),
    transfer: () =>
      inject(token, { method: 'POST', url: '/wps/relay/GCS_walletTransfer' })(
        { vendor: 'LOTUS', direction: 'in', amount: '10' },
        { 'idempotency-key': randomUUID() },
      ),
    balance: () => inject(token, { method: 'GET', url: '/wps/v2/wallets/balance' })(),
  });

  it('allows only member info, change password and logout until the password is changed', async () => {
    const first = await login(newbie.password);
    expect(first.passwordExpired).toBe(true);
    const token = first.token;

    for (const [name, call] of Object.entries(guarded(token))) {
      const response = await call();
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
      expect(messageOf(response), name).toBe('password_change_required');
    }
    // Nothing was stored by the refused calls.
    const member = await test.database.db
      .selectFrom('members')
      .select(['id', 'withdraw_password_hash'])
      .where('username', '=', newbie.username)
      .executeTakeFirstOrThrow();
    expect(member.withdraw_password_hash).toBeNull();
    const launches = await test.database.db
      .selectFrom('game_launch_sessions')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(launches).toHaveLength(0);

    // Public calls still answer (as a visitor).
    const list = await inject(token, { method: 'POST', url: '/wps/relay/GCSGAME_gameList' })({});
    expect(list.statusCode).toBe(200);

    // Member info is allowed and says why the rest is refused.
    const info = await inject(token, { method: 'GET', url: '/wps/member/info' })();
    expect(info.statusCode).toBe(200);
    expect(memberInfoResponse.parse(info.json()).value.passwordChangeRequired).toBe(true);

    // Logout is allowed (a second session of the same state).
    const other = await login(newbie.password);
    const logout = await inject(other.token, { method: 'DELETE', url: '/wps/session/logout' })();
    expect(logout.statusCode).toBe(200);

    // The change is allowed; afterwards the same session works everywhere.
    const change = await inject(token, { method: 'PUT', url: '/wps/member/password' })(
      await sealFor(test.app, {
        oldPassword: newbie.password,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      }),
    );
    expect(change.statusCode, change.body).toBe(200);
    const after = await inject(token, { method: 'GET', url: '/wps/member/info' })();
    expect(memberInfoResponse.parse(after.json()).value.passwordChangeRequired).toBe(false);
    const calls = guarded(token, NEW_PASSWORD);
    for (const name of [
      'set payment password',
      'add payout account',
      'launch a real game',
      'balance',
    ] as const) {
      const response = await calls[name]();
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    }
    // Past the session check: the deposit and the transfer now answer for their own reasons, not 403.
    for (const name of ['deposit', 'transfer'] as const) {
      const response = await calls[name]();
      expect(messageOf(response), `${name}: ${response.body}`).not.toBe('password_change_required');
      expect(response.statusCode, `${name}: ${response.body}`).not.toBe(403);
    }

    // A new login with the new password is not held either.
    const fresh = await login(NEW_PASSWORD);
    expect(fresh.passwordExpired).toBe(false);
    expect((await guarded(fresh.token, NEW_PASSWORD).balance()).statusCode).toBe(200);
  }, 60_000);
});
