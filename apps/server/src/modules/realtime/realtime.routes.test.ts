import { randomUUID } from 'node:crypto';
import { minorToDecimal } from '@lotus/shared/money';
import { REALTIME_CLOSE_UNAUTHORIZED } from '@lotus/shared/realtime';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { connectWs, listenForSockets } from '../../../test/helpers/ws-client.ts';
import { actorFrom } from '../../lib/actor.ts';
import { ChangeFeed } from '../../lib/process-cache.ts';
import { ACCESS_CHANNEL } from '../auth/access-changes.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { createLedgerModule } from '../ledger/ledger-module.ts';
import { realtimeRoutes } from './realtime.routes.ts';

describe.each(testBackends())('live balance socket [%s]', (backend) => {
  let test: TestApp;
  let fx: WalletFixture;
  let url: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await walletFixture(test.app, test.database);
    url = await listenForSockets(test.app);
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  it('authenticates by the first message and pushes the balance when it changes', async () => {
    const member = await fx.member({ fundMinor: 20_000n });
    const bystander = await fx.member({ fundMinor: 1_000n });
    const socket = await connectWs(url);
    const watcher = await connectWs(url);
    socket.send({ type: 'auth', token: member.token });
    watcher.send({ type: 'auth', token: bystander.token });
    await socket.next('ready');
    await watcher.next('ready');
    // The current balance comes right after ready.
    expect(await socket.next('balance')).toEqual({
      type: 'balance',
      balanceMinor: '20000',
      sumBalance: '200.00',
      currency: 'INR',
    });
    await watcher.next('balance');

    const moved = await test.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': randomUUID() },
      payload: { vendor: 'LOTUS', direction: 'in', amount: '50' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await socket.next('balance')).toMatchObject({ balanceMinor: '15000', sumBalance: '150.00' });

    // A change made outside any request (an operator's adjustment) is pushed too; holds count.
    await fx.fund(member.id, 2_500n);
    expect(await socket.next('balance')).toMatchObject({ balanceMinor: '17500' });
    const main = await fx.ledger.memberMainAccount(member.id);
    await fx.ledger.reserve({
      brandId: fx.brandId,
      accountId: main.id,
      amountMinor: 7_500n,
      idempotencyKey: `test:hold:${randomUUID()}`,
    });
    expect(await socket.next('balance')).toMatchObject({ balanceMinor: '10000' });

    // Only the member's own sockets hear about it.
    await expect(watcher.next('balance', undefined, 300)).rejects.toThrow(/no balance/);
    socket.close();
    watcher.close();
    await socket.closed;
  });

  it('closes with 4401 for a bad token or a first message that is not auth', async () => {
    const bad = await connectWs(url);
    bad.send({ type: 'auth', token: 'not-a-session' });
    expect(await bad.closed).toBe(REALTIME_CLOSE_UNAUTHORIZED);

    const wrong = await connectWs(url);
    wrong.send({ type: 'hello' });
    expect(await wrong.closed).toBe(REALTIME_CLOSE_UNAUTHORIZED);

    const garbage = await connectWs(url);
    garbage.send('{not json');
    expect(await garbage.closed).toBe(REALTIME_CLOSE_UNAUTHORIZED);
  });

  it('pings, and closes with 4401 once the session ends or when no auth message comes', async () => {
    // The same routes on a second app with short timers (the app's own ping every 25 s is too slow here).
    const member = await fx.member({ fundMinor: 4_200n });
    const quick = Fastify({ logger: false });
    const ledger = new LedgerService(test.database.db);
    const balanceChanges = new ChangeFeed(
      test.database.listen,
      createLedgerModule({ db: test.database.db }).balanceChannel,
    );
    const accessChanges = new ChangeFeed(test.database.listen, ACCESS_CHANNEL);
    quick.addHook('onReady', async () => {
      await balanceChanges.start();
      await accessChanges.start();
    });
    quick.addHook('onClose', async () => {
      await balanceChanges.stop();
      await accessChanges.stop();
    });
    await quick.register(
      realtimeRoutes({
        db: test.database.db,
        balanceChanges,
        accessChanges,
        // The token check itself is covered above; here the session row behind the token is what matters.
        authenticate: async (token) => {
          if (token !== member.token) throw new Error('unknown token');
          const session = await test.database.db
            .selectFrom('sessions')
            .selectAll()
            .where('member_id', '=', member.id)
            .executeTakeFirstOrThrow();
          const row = await test.database.db
            .selectFrom('members')
            .selectAll()
            .where('id', '=', member.id)
            .executeTakeFirstOrThrow();
          return actorFrom({ session, member: row });
        },
        balanceOf: async (memberId) => {
          const balance = await ledger.balanceOf(memberId);
          return {
            balanceMinor: balance.availableMinor.toString(),
            sumBalance: minorToDecimal(balance.availableMinor),
            currency: balance.currency,
          };
        },
        sessionIdleMs: 30 * 60_000,
        pingIntervalMs: 100,
        authTimeoutMs: 300,
      }),
    );
    try {
      const quickUrl = await listenForSockets(quick);
      const silent = await connectWs(quickUrl);
      expect(await silent.closed).toBe(REALTIME_CLOSE_UNAUTHORIZED);

      const socket = await connectWs(quickUrl);
      socket.send({ type: 'auth', token: member.token });
      await socket.next('ready');
      expect(await socket.next('balance')).toMatchObject({ balanceMinor: '4200' });
      await socket.next('ping');
      await socket.next('ping');
      await test.database.db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('member_id', '=', member.id)
        .execute();
      expect(await socket.closed).toBe(REALTIME_CLOSE_UNAUTHORIZED);

      // Closing the app closes its sockets (going away) instead of hanging.
      const other = await fx.member();
      const open = await connectWs(url);
      open.send({ type: 'auth', token: other.token });
      await open.next('ready');
      const lingering = await connectWs(quickUrl);
      await quick.close();
      expect(await lingering.closed).toBe(1001);
      // ...and stops only its own listener: the main app still pushes.
      await fx.fund(other.id, 100n);
      expect(await open.next('balance', (message) => message.balanceMinor === '100')).toMatchObject({
        sumBalance: '1.00',
      });
      open.close();
    } finally {
      await quick.close();
    }
  });
});
