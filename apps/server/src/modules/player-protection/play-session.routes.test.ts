import { launchGameResponse } from '@lotus/shared/games.schema';
import { playSessionResponse } from '@lotus/shared/player-protection.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { gameIdOf } from '../../../test/helpers/games-fixture.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import {
  type InhouseFixture,
  inhouseFixture,
  TEST_WALLET_SECRET,
} from '../inhouse-vendor/inhouse-vendor.fixture.ts';
import { INHOUSE_VENDOR_CODE } from '../inhouse-vendor/inhouse-vendor.service.ts';
import { createSeamlessWalletClient, injectTransport } from '../vendor-protocol/protocol-client.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';

/**
 * Issue 17 "In-game overlay" and "Reality check": the login session's stakes, wins and net come from the
 * rounds it played (a debit, a credit, a rolled-back debit, through the seamless-wallet protocol); the
 * browser journeys' DEV_INBOX hook makes the reality check due at once, and the ack clears it.
 */

const GAME = 'lotus-fortune';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(testBackends())('player protection: the play session [%s]', (backend) => {
  let test: TestApp;
  let fx: InhouseFixture;
  let vendor: SeamlessWalletClient;
  let gameNodeId: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend, config: { devInbox: true } });
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

  const session = async (token: string) => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/wps/member/protection/session',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return playSessionResponse.parse(response.json()).value;
  };

  it('counts the stakes and wins of the rounds played since the login', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const launched = await test.app.inject({
      method: 'GET',
      url: `/wps/game/launchGame?nodeId=${gameNodeId}&trial=0`,
      headers: bearer(member.token),
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const content = launchGameResponse.parse(launched.json()).value.content;
    const launchToken = new URL(content, 'https://lotus.test').searchParams.get('token') ?? '';
    const auth = await vendor.authenticate(launchToken);
    if (auth.status !== 'OK') throw new Error(`authenticate: ${auth.status}`);
    const call = { playerId: auth.playerId, sessionToken: auth.sessionToken, gameCode: GAME };

    expect(
      (await vendor.debit({ ...call, txnId: 'ps-1:bet', roundId: 'ps-1', amountMinor: 500n })).status,
    ).toBe('OK');
    expect(
      (
        await vendor.credit({
          ...call,
          txnId: 'ps-1:win',
          roundId: 'ps-1',
          amountMinor: 1_200n,
          roundClosed: true,
        })
      ).status,
    ).toBe('OK');
    expect(
      (await vendor.debit({ ...call, txnId: 'ps-2:bet', roundId: 'ps-2', amountMinor: 300n })).status,
    ).toBe('OK');
    const rolledBack = await vendor.rollback({
      ...call,
      txnId: 'ps-2:rb',
      roundId: 'ps-2',
      targetTxnId: 'ps-2:bet',
    });
    expect(rolledBack.status).toBe('OK');

    expect(await session(member.token)).toMatchObject({
      stakedMinor: '500',
      wonMinor: '1200',
      netMinor: '700',
      net: '7.00',
      realityCheckDue: false,
      sessionEndsAt: null,
    });
  });

  it('the DEV_INBOX hook makes the reality check due; the ack clears it', async () => {
    const member = await fx.wallet.member();
    const due = await test.app.inject({
      method: 'POST',
      url: '/dev/protection/reality-check-due',
      headers: bearer(member.token),
    });
    expect(due.statusCode, due.body).toBe(200);
    expect(playSessionResponse.parse(due.json()).value.realityCheckDue).toBe(true);
    expect((await session(member.token)).realityCheckDue).toBe(true);
    const ack = await test.app.inject({
      method: 'POST',
      url: '/wps/member/protection/reality-check/ack',
      headers: bearer(member.token),
    });
    expect(playSessionResponse.parse(ack.json()).value.realityCheckDue).toBe(false);
    const visitor = await test.app.inject({ method: 'POST', url: '/dev/protection/reality-check-due' });
    expect(visitor.statusCode).toBe(401);
  });
});
