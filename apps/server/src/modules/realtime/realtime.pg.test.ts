import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppOptions } from '../../../test/helpers/build-test-app.ts';
import { creditFromHouse } from '../../../test/helpers/house-credit.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import {
  connectAgain,
  createPreparedTestDatabase,
  type TestDatabase,
} from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { connectWs, listenForSockets } from '../../../test/helpers/ws-client.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { transact } from '../../db/unit-of-work.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { ledgerIn } from '../ledger/ledger.ts';

/**
 * Two server processes on one PostgreSQL database (each its own pool and LISTEN connection): a change made
 * through one, or by a third party such as the ops CLI, reaches a socket held by the other, because the
 * ledger's NOTIFY travels through the database, not through process memory.
 */
usePostgresConnections(24);

describe('live balance across processes [postgres]', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let third: DatabaseHandle;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  let fx: WalletFixture;
  let urlB: string;

  beforeAll(async () => {
    database = await createPreparedTestDatabase('postgres');
    second = await connectAgain(database, 4);
    third = await connectAgain(database, 2);
    appA = await buildApp({ config: testAppOptions(), database });
    appB = await buildApp({ config: testAppOptions(), database: second });
    await appA.ready();
    urlB = await listenForSockets(appB);
    fx = await walletFixture(appA, database);
  }, 60_000);
  afterAll(async () => {
    await appB?.close();
    await appA?.close();
    await third?.close();
    await second?.close();
    if (database) await assertLedgerInvariants(database.db);
    await database?.close();
  });

  it('pushes to a socket on app B the transfer made through app A', async () => {
    const member = await fx.member({ fundMinor: 30_000n });
    const socket = await connectWs(urlB);
    socket.send({ type: 'auth', token: member.token });
    await socket.next('ready');
    expect(await socket.next('balance')).toMatchObject({ balanceMinor: '30000' });

    const moved = await appA.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': randomUUID() },
      payload: { vendor: 'LOTUS', direction: 'in', amount: '120' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await socket.next('balance')).toMatchObject({ balanceMinor: '18000', sumBalance: '180.00' });

    // A third connection that serves no sockets at all (like `npm run ops -- wallet:adjust`).
    await creditFromHouse(new LedgerService(third.db), {
      brandId: fx.brandId,
      memberId: member.id,
      amountMinor: 500n,
      idempotencyKey: `test:cli:${randomUUID()}`,
    });
    expect(await socket.next('balance')).toMatchObject({ balanceMinor: '18500' });
    socket.close();
    await socket.closed;
  });

  it('announces nothing for a change that rolls back', async () => {
    const member = await fx.member({ fundMinor: 1_000n });
    const socket = await connectWs(urlB);
    socket.send({ type: 'auth', token: member.token });
    await socket.next('ready');
    await socket.next('balance');
    // A credit written, announced and then rolled back with its transaction: the NOTIFY never leaves.
    await expect(
      transact(database.db, async (trx) => {
        await creditFromHouse(ledgerIn(trx), {
          brandId: fx.brandId,
          memberId: member.id,
          amountMinor: 700n,
          idempotencyKey: `test:rollback:${randomUUID()}`,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await expect(socket.next('balance', undefined, 500)).rejects.toThrow(/no balance/);
    // The next committed change is announced as usual.
    await fx.fund(member.id, 300n);
    expect(await socket.next('balance')).toMatchObject({ balanceMinor: '1300' });
    socket.close();
  });
});
