import { randomUUID } from 'node:crypto';
import { INHOUSE_GAMES } from '@lotus/games/play';
import { loginResponse } from '@lotus/shared/auth.schema';
import { launchGameResponse } from '@lotus/shared/games.schema';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onceAnnounced } from '../../../test/helpers/announced.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { gameIdOf } from '../../../test/helpers/games-fixture.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { loginAs, postUsernameLogin, sealFor } from '../../../test/helpers/login-helper.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { MEMBER_PASSWORD } from '../../../test/helpers/wallet-fixture.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { createOpsDeps, runOpsCommand } from '../../ops/commands.ts';
import {
  type InhouseFixture,
  inhouseFixture,
  TEST_WALLET_SECRET,
} from '../inhouse-vendor/inhouse-vendor.fixture.ts';
import { INHOUSE_VENDOR_CODE } from '../inhouse-vendor/inhouse-vendor.service.ts';
import { createSeamlessWalletClient, injectTransport } from '../vendor-protocol/protocol-client.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';

/**
 * Issue 14, findings 4 and 7: every way a member's access ends (logout, a password change from another
 * session, a reset, an operator's lock or disable) goes through the one revocation path, which ends the
 * login session(s), remember-me tokens, the game launch sessions and the in-house studio's sessions
 * together. Each case starts from a member who is playing: logged in with "remember me", a game launched
 * through GET /wps/game/launchGame and authenticated by the vendor, a round staked, a studio session open.
 */

const GAME = 'lotus-fortune';
const NEW_PASSWORD = 'Fresh2026pass';
const STAKE = 500n;
const WIN = 1_200n;
const minBet = String((INHOUSE_GAMES as Record<string, { minBetMinor: unknown }>)[GAME]?.minBetMinor);

type Playing = {
  id: bigint;
  username: string;
  /** The remembered login's session (the one the tests end). */
  token: string;
  rememberCookie: string;
  launchToken: string;
  playerId: string;
  /** The round staked before the end, owed its win. */
  roundId: string;
  studioToken: string;
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;

describe.each(testBackends())('session revocation [%s]', (backend) => {
  let test: TestApp;
  let fx: InhouseFixture;
  let vendor: SeamlessWalletClient;
  let gameNodeId: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await inhouseFixture(test.app, test.database);
    vendor = createSeamlessWalletClient({
      vendorCode: INHOUSE_VENDOR_CODE,
      secret: TEST_WALLET_SECRET,
      transport: injectTransport(test.app),
    });
    gameNodeId = String(await gameIdOf(test.database.db, fx.vendorId, GAME));
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const memberInfo = (token: string) =>
    test.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) });
  const launch = (token: string) =>
    test.app.inject({
      method: 'GET',
      url: `/wps/game/launchGame?nodeId=${gameNodeId}&trial=0`,
      headers: bearer(token),
    });
  const rememberedLogin = (cookie: string) =>
    test.app.inject({
      method: 'POST',
      url: '/wps/session/login/remembered',
      headers: { cookie: `lotus_remember=${cookie}`, 'user-agent': 'vitest' },
      payload: {},
    });
  const playRound = (studioToken: string) =>
    fx.post('/originals/api/rounds', studioToken, {
      requestId: randomUUID(),
      bet: { game: 'slot', betMinor: minBet },
    });

  async function playing(): Promise<Playing> {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const login = await postUsernameLogin(test.app, member.username, MEMBER_PASSWORD, { remember: true });
    expect(login.statusCode).toBe(200);
    const token = loginResponse.parse(login.json()).value.token;
    const rememberCookie = login.cookies.find((cookie) => cookie.name === 'lotus_remember')?.value ?? '';
    expect(rememberCookie).not.toBe('');

    const launched = await launch(token);
    expect(launched.statusCode).toBe(200);
    const content = launchGameResponse.parse(launched.json()).value.content;
    const launchToken = new URL(content, 'https://lotus.test').searchParams.get('token') ?? '';
    const auth = await vendor.authenticate(launchToken);
    if (auth.status !== 'OK') throw new Error(`authenticate: ${auth.status}`);
    const roundId = `rev-${randomUUID()}`;
    const debit = await vendor.debit({
      playerId: auth.playerId,
      sessionToken: auth.sessionToken,
      txnId: `${roundId}:bet`,
      roundId,
      gameCode: GAME,
      amountMinor: STAKE,
    });
    expect(debit.status).toBe('OK');
    const studio = await fx.open(member.id, GAME);
    expect((await playRound(studio.token)).statusCode).toBe(200);
    return {
      id: member.id,
      username: member.username,
      token,
      rememberCookie,
      launchToken,
      playerId: auth.playerId,
      roundId,
      studioToken: studio.token,
    };
  }

  const refusedOnceAnnounced = (token: string) =>
    onceAnnounced(
      () => memberInfo(token),
      (info) => info.statusCode === 401,
    );

  /**
   * What an ended access looks like from every side, including the remember-me token of the device whose
   * access ended (every cause ends it, logout included).
   */
  async function expectEnded(
    player: Playing,
    options: {
      debitRefusal?: 'SESSION_EXPIRED' | 'PLAYER_NOT_FOUND';
      /**
       * The change was made outside the app (the ops CLI, SQL typed by hand): the app's session cache hears
       * of it through the database's `lotus_access` announcement, so wait for that. The app's own
       * revocations are refused at the very next request (they drop the cache when they commit).
       */
      announced?: true;
    } = {},
  ) {
    if (options.announced) await refusedOnceAnnounced(player.token);
    const info = await memberInfo(player.token);
    expect(info.statusCode).toBe(401);
    expect(messageOf(info)).toBe('not_logged_in');
    // The old session cannot open a new game either.
    expect((await launch(player.token)).statusCode).toBe(401);

    // The vendor: the launch token no longer authenticates, and the session takes no balance or debit.
    expect((await vendor.authenticate(player.launchToken)).status).toBe('SESSION_EXPIRED');
    expect(
      (await vendor.balance({ playerId: player.playerId, sessionToken: player.launchToken })).status,
    ).toBe('SESSION_EXPIRED');
    const before = await fx.wallet.main(player.id);
    const roundId = `rev-${randomUUID()}`;
    const debit = await vendor.debit({
      playerId: player.playerId,
      sessionToken: player.launchToken,
      txnId: `${roundId}:bet`,
      roundId,
      gameCode: GAME,
      amountMinor: STAKE,
    });
    // A locked or disabled player "may not play now": the protocol says PLAYER_NOT_FOUND before it looks
    // at the session (docs/vendor-protocol.md); either way the debit is refused.
    expect(debit.status).toBe(options.debitRefusal ?? 'SESSION_EXPIRED');
    expect(await fx.wallet.main(player.id)).toBe(before);

    // The studio's game screen: a clear 401 session_expired, never a 5xx, and no money moved.
    const round = await playRound(player.studioToken);
    expect(round.statusCode).toBe(401);
    expect(messageOf(round)).toBe('session_expired');
    expect(await fx.wallet.main(player.id)).toBe(before);

    // A win on the round staked before the end is still owed, and lands.
    const credit = await vendor.credit({
      playerId: player.playerId,
      sessionToken: player.launchToken,
      txnId: `${player.roundId}:win`,
      roundId: player.roundId,
      gameCode: GAME,
      amountMinor: WIN,
      roundClosed: true,
    });
    expect(credit.status).toBe('OK');
    expect(await fx.wallet.main(player.id)).toBe(before + WIN);

    const remembered = await rememberedLogin(player.rememberCookie);
    expect(remembered.statusCode).toBe(401);
    expect(messageOf(remembered)).toBe('not_logged_in');
  }

  it("logout ends the session, this device's remember-me token and the games; other devices stay", async () => {
    const player = await playing();
    const otherLogin = await postUsernameLogin(test.app, player.username, MEMBER_PASSWORD, {
      remember: true,
    });
    const otherDevice = loginResponse.parse(otherLogin.json()).value.token;
    const otherCookie = otherLogin.cookies.find((cookie) => cookie.name === 'lotus_remember')?.value ?? '';
    const logout = await test.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { ...bearer(player.token), cookie: `lotus_remember=${player.rememberCookie}` },
    });
    expect(logout.statusCode).toBe(200);
    // The browser is told to drop the cookie as well.
    const cleared = logout.cookies.find((cookie) => cookie.name === 'lotus_remember');
    expect(cleared?.value).toBe('');
    await expectEnded(player);
    expect((await memberInfo(otherDevice)).statusCode).toBe(200);
    expect((await rememberedLogin(otherCookie)).statusCode).toBe(200);
  }, 60_000);

  it('a password change from another session ends this one, its games and every remember token', async () => {
    const player = await playing();
    const changer = await loginAs(test.app, player.username, MEMBER_PASSWORD);
    const change = await test.app.inject({
      method: 'PUT',
      url: '/wps/member/password',
      headers: bearer(changer),
      payload: await sealFor(test.app, {
        oldPassword: MEMBER_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      }),
    });
    expect(change.statusCode).toBe(200);
    await expectEnded(player);
    // The session that made the change stays, and may launch again.
    expect((await memberInfo(changer)).statusCode).toBe(200);
    expect((await launch(changer)).statusCode).toBe(200);
  }, 60_000);

  it('a reset by e-mail link ends every session, remember token and game', async () => {
    const player = await playing();
    const resetToken = randomUUID();
    await test.database.db
      .insertInto('password_resets')
      .values({
        token_hash: hashToken(resetToken),
        member_id: player.id,
        ip: '127.0.0.1',
        created_at: new Date(),
        expires_at: new Date(Date.now() + 30 * 60_000),
      })
      .execute();
    const reset = await test.app.inject({
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: await sealFor(test.app, {
        token: resetToken,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      }),
    });
    expect(reset.statusCode).toBe(200);
    await expectEnded(player);
  }, 60_000);

  it('a reset by SMS code ends every session, remember token and game, and logs in afresh', async () => {
    const player = await playing();
    const mobileNum = `9${String(player.id).padStart(9, '0')}`.slice(0, 10);
    await test.database.db
      .updateTable('members')
      .set({ country_dialing_code: '+91', mobile_num: mobileNum })
      .where('id', '=', player.id)
      .execute();
    const code = '482913';
    await test.database.db
      .insertInto('verification_codes')
      .values({
        brand_id: fx.wallet.brandId,
        purpose: 'reset_password',
        channel: 'sms',
        destination: `+91${mobileNum}`,
        code_hash: hashToken(code),
        ip: '198.51.100.251',
        created_at: new Date(),
        expires_at: new Date(Date.now() + 10 * 60_000),
      })
      .execute();
    const reset = await test.app.inject({
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: await sealFor(test.app, {
        countryDialingCode: '+91',
        mobileNum,
        verificationCode: code,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      }),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectEnded(player);
    // The session the reset opened is the member's only one.
    const fresh = loginResponse.parse(reset.json()).value.token;
    expect((await memberInfo(fresh)).statusCode).toBe(200);
  }, 60_000);

  it.each([
    ['locked', 423, 'account_locked'],
    ['disabled', 403, 'member_no_enter'],
  ] as const)(
    'an operator setting the status %s ends everything at once',
    async (status, code, message) => {
      const player = await playing();
      const out: string[] = [];
      const exit = await runOpsCommand(
        ['member:status', player.username, status, 'review', 'of', 'play'],
        createOpsDeps(test.database.db),
        { out: (line) => out.push(line), err: (line) => out.push(line) },
      );
      expect(exit, out.join('\n')).toBe(0);
      expect(JSON.parse(out.join('\n'))).toMatchObject({ status, changed: true, revoked: { sessions: 2 } });
      await expectEnded(player, { debitRefusal: 'PLAYER_NOT_FOUND', announced: true });
      const login = await postUsernameLogin(test.app, player.username, MEMBER_PASSWORD);
      expect(login.statusCode).toBe(code);
      expect(messageOf(login)).toBe(message);
      const audit = await test.database.db
        .selectFrom('audit_log')
        .select('detail')
        .where('member_id', '=', player.id)
        .where('action', '=', 'member.status_changed')
        .executeTakeFirstOrThrow();
      expect(audit.detail).toMatchObject({
        from: 'active',
        to: status,
        reason: 'review of play',
        via: 'cli',
      });

      // Re-activated, the member logs in again (nothing of the old access comes back).
      const back = await runOpsCommand(
        ['member:status', player.username, 'active'],
        createOpsDeps(test.database.db),
        {
          out: () => {},
          err: () => {},
        },
      );
      expect(back).toBe(0);
      expect((await postUsernameLogin(test.app, player.username, MEMBER_PASSWORD)).statusCode).toBe(200);
      expect((await memberInfo(player.token)).statusCode).toBe(401);
    },
    60_000,
  );

  it('the back office locks a member (support) through the same path; finance may not', async () => {
    const player = await playing();
    const lock = (token: string) =>
      test.app.inject({
        method: 'POST',
        url: `/wps/ops/members/${player.username}/status`,
        headers: bearer(token),
        payload: { status: 'locked', reason: 'chargeback' },
      });
    const finance = await lock(await operatorTokenFor(test.app, test.database.db, 'finance'));
    expect(finance.statusCode).toBe(403);
    expect(messageOf(finance)).toBe('operator_forbidden');
    expect((await memberInfo(player.token)).statusCode).toBe(200);

    const support = await lock(await operatorTokenFor(test.app, test.database.db, 'support'));
    expect(support.statusCode, support.body).toBe(200);
    expect(support.json()).toMatchObject({
      value: {
        status: 'locked',
        changed: true,
        revoked: { sessions: 2, launchSessions: 2, studioSessions: 1 },
      },
    });
    await expectEnded(player, { debitRefusal: 'PLAYER_NOT_FOUND' });
  }, 60_000);

  it('refuses the session of a member whose status changed outside the revocation path', async () => {
    const player = await playing();
    await test.database.db
      .updateTable('members')
      .set({ status: 'locked' })
      .where('id', '=', player.id)
      .execute();
    // Typed by hand, the change reaches the session cache through the members trigger (migration 0020).
    await refusedOnceAnnounced(player.token);
    const info = await memberInfo(player.token);
    expect(info.statusCode).toBe(401);
    expect(messageOf(info)).toBe('not_logged_in');
  }, 60_000);
});
