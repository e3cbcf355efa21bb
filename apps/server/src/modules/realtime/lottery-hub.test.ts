import { createHash, randomBytes } from 'node:crypto';
import { REALTIME_CLOSE_UNAUTHORIZED } from '@lotus/shared/realtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { connectWs, listenForSockets } from '../../../test/helpers/ws-client.ts';
import { LotteryHub } from './lottery-hub.ts';
import type { LotteryGameSnapshot } from './lottery-snapshot.repository.ts';

const silentLog = { warn: () => undefined } as never;

describe('LotteryHub throttle', () => {
  it('answers a burst of announcements with one read now and one after the interval', async () => {
    let reads = 0;
    const gameOf = async (): Promise<LotteryGameSnapshot> => {
      reads += 1;
      return { brandId: 1n, gameCode: 'lott-5d', nextDraw: null, lastResult: null };
    };
    const hub = new LotteryHub(gameOf, silentLog, 200);
    const sent: string[] = [];
    const other: string[] = [];
    hub.follow({ readyState: 1, send: (text) => sent.push(text) }, 1n, ['lott-5d']);
    hub.follow({ readyState: 1, send: (text) => other.push(text) }, 1n, ['sea-6d']);
    // The same code in another brand is another game.
    hub.follow({ readyState: 1, send: (text) => other.push(text) }, 2n, ['lott-5d']);
    hub.changed('7');
    // The first read teaches the hub that game 7 is lott-5d.
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    for (let i = 0; i < 5; i += 1) hub.changed('7');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(reads).toBe(2);
    expect(JSON.parse(sent[1] as string)).toEqual({
      type: 'lottery',
      gameCode: 'lott-5d',
      nextDraw: null,
      lastResult: null,
    });
    expect(other).toEqual([]);
    // Junk payloads are ignored.
    hub.changed('not-an-id');
    hub.stop();
    expect(reads).toBe(2);
  });

  it('stops reading a game nobody follows once it knows its code', async () => {
    let reads = 0;
    const hub = new LotteryHub(
      async () => {
        reads += 1;
        return { brandId: 1n, gameCode: 'vn-north', nextDraw: null, lastResult: null };
      },
      silentLog,
      0,
    );
    const socket = { readyState: 1, send: () => undefined };
    hub.follow(socket, 1n, ['lott-dice']);
    hub.changed('3');
    await vi.waitFor(() => expect(reads).toBe(1));
    hub.changed('3');
    hub.changed('3');
    hub.remove(socket);
    hub.changed('3');
    expect(reads).toBe(1);
    hub.stop();
  });
});

describe.each(testBackends())('lottery pushes on the socket [%s]', (backend) => {
  let test: TestApp;
  let fx: WalletFixture;
  let url: string;
  let lotteryGameId: bigint;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await walletFixture(test.app, test.database);
    url = await listenForSockets(test.app);
    const db = test.database.db;
    const vendor = await db.selectFrom('vendors').select('id').orderBy('id').executeTakeFirstOrThrow();
    const game = await db
      .insertInto('games')
      .values({
        brand_id: fx.brandId,
        vendor_id: vendor.id,
        game_type: 'LOTT',
        game_code: 'hub-test-5d',
        names: JSON.stringify({ EN: 'Hub test 5D' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lottery = await db
      .insertInto('lottery_games')
      .values({
        brand_id: fx.brandId,
        game_id: game.id,
        game_code: 'hub-test-5d',
        family: 'lott5d',
        region: 'LOTT',
        source: 'inhouse',
        schedule: JSON.stringify({ kind: 'interval', everySeconds: 60, closeBeforeSeconds: 5 }),
        margin_bp: 500,
        min_stake_minor: 100n,
        max_stake_minor: 1_000_000n,
        max_payout_minor: 50_000_000n,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lotteryGameId = lottery.id;
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  it('pushes a followed game to a visitor and to a member, and not to other games', async () => {
    const visitor = await connectWs(url);
    visitor.send({ type: 'lottery.subscribe', gameCodes: ['hub-test-5d'] });
    await visitor.next('ready');
    const elsewhere = await connectWs(url);
    elsewhere.send({ type: 'lottery.subscribe', gameCodes: ['vn-north'] });
    await elsewhere.next('ready');
    // A member's socket keeps its balance and may follow games after auth.
    const member = await fx.member({ fundMinor: 1_000n });
    const memberSocket = await connectWs(url);
    memberSocket.send({ type: 'auth', token: member.token });
    await memberSocket.next('ready');
    await memberSocket.next('balance');
    memberSocket.send({ type: 'lottery.subscribe', gameCodes: ['hub-test-5d', 'sea-6d'] });
    expect(await memberSocket.next('lottery.subscribed')).toEqual({
      type: 'lottery.subscribed',
      gameCodes: ['hub-test-5d', 'sea-6d'],
    });

    const now = Date.now();
    const seed = randomBytes(32).toString('hex');
    await test.database.db
      .insertInto('lottery_draws')
      .values({
        game_id: lotteryGameId,
        draw_no: '20261127-0001',
        opens_at: new Date(now - 60_000),
        closes_at: new Date(now + 60_000),
        draws_at: new Date(now + 65_000),
        seed,
        seed_hash: createHash('sha256').update(seed).digest('hex'),
      })
      .execute();

    const pushed = await visitor.next('lottery');
    expect(pushed).toMatchObject({
      type: 'lottery',
      gameCode: 'hub-test-5d',
      lastResult: null,
      nextDraw: { drawId: 'hub-test-5d-20261127-0001', status: 'open', source: 'inhouse', seed: null },
    });
    expect(await memberSocket.next('lottery')).toEqual(pushed);
    await expect(elsewhere.next('lottery', undefined, 300)).rejects.toThrow(/no lottery/);
    for (const socket of [visitor, elsewhere, memberSocket]) socket.close();
  });

  it('refuses a malformed subscription as a first message, as any message that is not auth', async () => {
    const tooMany = await connectWs(url);
    tooMany.send({ type: 'lottery.subscribe', gameCodes: Array.from({ length: 51 }, (_, i) => `g-${i}`) });
    expect(await tooMany.closed).toBe(REALTIME_CLOSE_UNAUTHORIZED);
    const bad = await connectWs(url);
    bad.send({ type: 'lottery.subscribe', gameCodes: ['NOT A CODE'] });
    expect(await bad.closed).toBe(REALTIME_CLOSE_UNAUTHORIZED);
  });
});
