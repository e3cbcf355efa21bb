import { REALTIME_CLOSE_UNAUTHORIZED } from '@lotus/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { connectWs, listenForSockets } from '../../../test/helpers/ws-client.ts';
import { manualClock } from '../../lib/clock.ts';
import { type PvpFixture, pvpFixture } from './pvp-rooms.fixture.ts';
import { PVP_BETWEEN_HANDS_MS } from './pvp-table-moves.ts';

/**
 * `pvp.subscribe` on the live socket (docs/pvp.md "Server"): only an authenticated socket may follow a room,
 * and each follower gets the table as its own member sees it, so a player's cards reach that player alone.
 */
describe.each(testBackends())('PVP pushes [%s]', (backend) => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let fx: PvpFixture;
  let url: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    fx = await pvpFixture(test.app, test.database);
    url = await listenForSockets(test.app);
  }, 60_000);
  afterAll(() => test?.close());

  it('refuses a visitor’s socket and an unknown room', async () => {
    const visitor = await connectWs(url);
    visitor.send({ type: 'pvp.subscribe', roomCode: 'tp-bronze' });
    expect(await visitor.closed).toBe(REALTIME_CLOSE_UNAUTHORIZED);
    const member = await fx.wallet.member();
    const socket = await connectWs(url);
    socket.send({ type: 'auth', token: member.token });
    await socket.next('ready');
    socket.send({ type: 'pvp.subscribe', roomCode: 'no-such-room' });
    await expect(socket.next('pvp.subscribed', undefined, 300)).rejects.toThrow();
    socket.close();
  });

  it('pushes each follower its own view: a player’s cards reach that player only', async () => {
    const room = 'tp-gold';
    const a = await fx.wallet.member({ fundMinor: 1_000_000n });
    const b = await fx.wallet.member({ fundMinor: 1_000_000n });
    const sockets = [await connectWs(url), await connectWs(url)] as const;
    const [sa, sb] = sockets;
    sa.send({ type: 'auth', token: a.token });
    sb.send({ type: 'auth', token: b.token });
    await sa.next('ready');
    await sb.next('ready');
    for (const socket of sockets) socket.send({ type: 'pvp.subscribe', roomCode: room });
    expect(await sa.next('pvp.subscribed')).toEqual({ type: 'pvp.subscribed', roomCode: room });
    expect((await sa.next('pvp.table')).table).toMatchObject({ roomCode: room, mySeat: null, hand: null });
    await sb.next('pvp.table');

    await fx.ok(a.token, room, { type: 'sit', seat: 0, buyInMinor: '200000' });
    expect((await sb.next('pvp.table', (m) => m.table.seats[0] !== null)).table.seats[0]).toMatchObject({
      me: false,
      stackMinor: '200000',
    });
    await fx.ok(b.token, room, { type: 'sit', seat: 1, buyInMinor: '200000' });
    clock.advance(PVP_BETWEEN_HANDS_MS);
    await fx.tick();
    await sa.next('pvp.table', (m) => m.table.hand !== null);
    await fx.ok(a.token, room, { type: 'see' });
    const seen = await sa.next('pvp.table', (m) => m.table.seats[0]?.cards != null);
    const cards = seen.table.seats[0]?.cards ?? [];
    expect(cards).toHaveLength(3);
    // B hears that A has seen, with no card of A's anywhere in the push.
    const told = await sb.next('pvp.table', (m) => m.table.seats[0]?.status === 'seen');
    expect(told.table.seats[0]?.cards).toBeNull();
    expect(told.table.lastEvents.some((event) => event.type === 'cards')).toBe(false);
    expect(told.table.mySeat).toBe(1);

    // Unfollowing stops the pushes.
    sb.send({ type: 'pvp.subscribe', roomCode: null });
    await sb.next('pvp.subscribed', (m) => m.roomCode === null);
    await fx.ok(a.token, room, { type: 'pack' });
    await expect(sb.next('pvp.table', undefined, 400)).rejects.toThrow();
    await fx.ok(a.token, room, { type: 'leave' });
    await fx.ok(b.token, room, { type: 'leave' });
    for (const socket of sockets) socket.close();
  });
});
