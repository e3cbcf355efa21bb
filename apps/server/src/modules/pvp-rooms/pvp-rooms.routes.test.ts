import { roomListResponse } from '@lotus/shared/games.schema';
import { PVP_TURN_MS, type PvpTable } from '@lotus/shared/pvp.schema';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { type PvpFixture, pvpFixture } from './pvp-rooms.fixture.ts';
import { PVP_BETWEEN_HANDS_MS } from './pvp-table-moves.ts';

/**
 * The PVP rooms end to end (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), on the demo brand's
 * seeded rooms (tp-bronze: boot 1.00, buy-in 20.00–500.00, 5 seats, rake 5 % capped at 20.00). Every buy-in
 * and cash-out goes through the REAL seamless-wallet routes as vendor PVP; the clock job runs by hand on an
 * injected clock.
 */

const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;
const expectRefused = (response: LightMyRequestResponse, status: number, message: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(messageOf(response)).toBe(message);
};

describe.each(testBackends())('PVP rooms [%s]', (backend) => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let fx: PvpFixture;

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    fx = await pvpFixture(test.app, test.database);
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  /** Deals the next hand: the pause after a sit or a hand, then the clock job. */
  const deal = async () => {
    clock.advance(PVP_BETWEEN_HANDS_MS);
    await fx.tick();
  };
  const seatOf = (table: PvpTable, seat: number) => {
    const found = table.seats[seat];
    if (!found) throw new Error(`seat ${seat} is empty`);
    return found;
  };

  it('lists the brand’s rooms as GLS2_roomList', async () => {
    const member = await fx.wallet.member();
    const get = (query: string, token: string | null = member.token) =>
      test.app.inject({
        method: 'GET',
        url: `/wps/relay/GLS2_roomList${query}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expectRefused(await get('', null), 401, 'not_logged_in');
    const list = roomListResponse.parse((await get('')).json()).value.list;
    expect(list.map((room) => room.roomCode)).toEqual([
      'tp-bronze',
      'tp-silver',
      'tp-gold',
      'rm-bronze',
      'rm-silver',
      'rm-gold',
    ]);
    expect(list[0]).toMatchObject({
      gameKind: 'teen-patti',
      gameCode: 'teen-patti',
      roomName: 'Teen Patti · Bronze',
      vassalage: 'PVP',
      currency: 'INR',
      stakes: {
        kind: 'teen-patti',
        bootMinor: '100',
        minBuyInMinor: '2000',
        maxBuyInMinor: '50000',
        rakeBps: 500,
      },
      minBetMinor: '100',
      seatsTotal: 5,
      state: 'waiting',
    });
    const hindi = roomListResponse.parse((await get('?language=HI')).json()).value.list;
    expect(hindi[2]?.name).toBe('तीन पत्ती · स्वर्ण');
    expect(roomListResponse.parse((await get('?vassalage=LOTUS')).json()).value.list).toEqual([]);
  });

  it('sits with a buy-in from the wallet, replays a repeated key, refuses bad sits', async () => {
    const room = 'tp-gold';
    const member = await fx.wallet.member({ fundMinor: 1_000_000n });
    const other = await fx.wallet.member({ fundMinor: 1_000_000n });
    const sit = { type: 'sit' as const, seat: 2, buyInMinor: '300000' };
    expectRefused(await fx.act(member.token, room, sit, null), 400, 'idempotency_key_required');
    expectRefused(
      await fx.act(member.token, room, { ...sit, buyInMinor: '100' }),
      400,
      'pvp_buy_in_out_of_range',
    );
    expectRefused(await fx.act(member.token, room, { ...sit, seat: 5 }), 400, 'pvp_seat_invalid');
    expectRefused(await fx.act(member.token, 'no-such-room', sit), 404, 'pvp_room_not_found');
    expectRefused(
      await fx.act(member.token, room, { ...sit, buyInMinor: '6000000' }),
      400,
      'pvp_buy_in_out_of_range',
    );
    const table = await fx.ok(member.token, room, sit, 'sit-key-1');
    expect(table.mySeat).toBe(2);
    expect(seatOf(table, 2)).toMatchObject({
      me: true,
      stackMinor: '300000',
      status: 'waiting',
      cards: null,
    });
    expect(await fx.wallet.main(member.id)).toBe(700_000n);
    // The same key and body: the same answer, no second debit; another body under it: refused.
    expect((await fx.ok(member.token, room, sit, 'sit-key-1')).mySeat).toBe(2);
    expect(await fx.wallet.main(member.id)).toBe(700_000n);
    expectRefused(
      await fx.act(member.token, room, { ...sit, seat: 3 }, 'sit-key-1'),
      409,
      'idempotency_key_reused',
    );
    expectRefused(await fx.act(member.token, room, { ...sit, seat: 3 }), 409, 'pvp_already_seated');
    expectRefused(await fx.act(other.token, room, sit), 409, 'pvp_seat_taken');
    // More than the wallet holds: the platform refuses the debit, nothing is held.
    const poor = await fx.wallet.member({ fundMinor: 250_000n });
    expectRefused(await fx.act(poor.token, room, { ...sit, seat: 0 }), 409, 'insufficient_funds');
    expect((await fx.table(poor.token, room)).seats[0]).toBeNull();
    // The other player sees the seat, not as theirs, and the name starred (the owner sees it in full).
    const seen = seatOf(await fx.table(other.token, room), 2);
    expect(seen).toMatchObject({ me: false, stackMinor: '300000' });
    expect(seatOf(table, 2).nick).toBe(member.username);
    expect(seen.nick).toBe(`${member.username.slice(0, 2)}***${member.username.slice(-1)}`);
    // Leave between hands: the whole stack goes back.
    const left = await fx.ok(member.token, room, { type: 'leave' });
    expect(left.mySeat).toBeNull();
    expect(await fx.wallet.main(member.id)).toBe(1_000_000n);
    expectRefused(await fx.act(member.token, room, { type: 'leave' }), 409, 'pvp_not_seated');
  });

  it('deals a hand, shows a player only their own cards once seen, plays to a show with the rake', async () => {
    const room = 'tp-bronze';
    const a = await fx.wallet.member({ fundMinor: 100_000n });
    const b = await fx.wallet.member({ fundMinor: 100_000n });
    /** The brand's house money (every house account row of the brand, in its currency). */
    const houseMinor = async () =>
      (
        await fx.db
          .selectFrom('ledger_accounts')
          .select((eb) => eb.fn.sum<string>('balance_minor').as('total'))
          .where('brand_id', '=', fx.wallet.brandId)
          .where('kind', '=', 'house')
          .where('currency', '=', 'INR')
          .executeTakeFirstOrThrow()
      ).total;
    const houseBefore = await houseMinor();
    await fx.ok(a.token, room, { type: 'sit', seat: 0, buyInMinor: '10000' });
    await fx.ok(b.token, room, { type: 'sit', seat: 1, buyInMinor: '10000' });
    // Not before the pause is over.
    await fx.tick();
    expect((await fx.table(a.token, room)).hand).toBeNull();
    await deal();
    let viewA = await fx.table(a.token, room);
    expect(viewA.state).toBe('playing');
    const hand = viewA.hand;
    if (!hand) throw new Error('no hand');
    expect(hand.potMinor).toBe('200');
    expect(hand.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(hand.turnDeadline).getTime()).toBe(clock.now().getTime() + PVP_TURN_MS);
    // Blind: nobody's cards, not even one's own; the record's deal goes out without cards or seed.
    expect(viewA.seats.map((seat) => seat?.cards ?? null)).toEqual([null, null, null, null, null]);
    expect(JSON.stringify(viewA)).not.toContain('serverSeed"');
    expect(viewA.lastEvents.some((event) => event.type === 'cards')).toBe(false);

    viewA = await fx.ok(a.token, room, { type: 'see' });
    const myCards = seatOf(viewA, 0).cards;
    expect(myCards).toHaveLength(3);
    expect(viewA.lastEvents.filter((event) => event.type === 'cards')).toEqual([
      { type: 'cards', seat: 0, cards: myCards },
    ]);
    // B sees that A has seen, never A's cards.
    const viewB = await fx.table(b.token, room);
    expect(seatOf(viewB, 0)).toMatchObject({ status: 'seen', cards: null });
    expect(viewB.lastEvents.some((event) => event.type === 'cards')).toBe(false);
    for (const card of myCards ?? []) {
      expect(JSON.stringify(viewB)).not.toContain(JSON.stringify(card));
    }

    // The dealer's left acts first; with two players the dealer is seat 0, so seat 1 is to act.
    const toAct = hand.turnSeat;
    const [actor, waiter] = toAct === 0 ? [a, b] : [b, a];
    expectRefused(
      await fx.act(waiter.token, room, { type: 'chaal', amountMinor: '200' }),
      409,
      'pvp_not_your_turn',
    );
    const onTurn = await fx.table(actor.token, room);
    expect(onTurn.choices.myTurn).toBe(true);
    const [call] = onTurn.choices.chaalMinor ?? ['0'];
    const wrong = await fx.act(actor.token, room, { type: 'chaal', amountMinor: '7' });
    expectRefused(wrong, 400, 'pvp_bet_invalid');
    expect((wrong.json() as { value: { allowedMinor: string[] } }).value.allowedMinor).toEqual(
      onTurn.choices.chaalMinor,
    );
    await fx.ok(actor.token, room, { type: 'chaal', amountMinor: call });
    // Two players: the next to act may show.
    const next = await fx.table(waiter.token, room);
    expect(next.choices.canShow).toBe(true);
    const shown = await fx.ok(waiter.token, room, { type: 'show' });
    expect(shown.hand).toBeNull();
    const show = shown.lastEvents.find((event) => event.type === 'show');
    expect(show?.type === 'show' && show.hands.map((h) => h.seat).sort()).toEqual([0, 1]);
    const rake = shown.lastEvents.find((event) => event.type === 'rake');
    const ended = shown.lastEvents.find((event) => event.type === 'hand-ended');
    expect(ended?.type === 'hand-ended' && ended.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const money = await fx.money(room);
    expect(rake?.type === 'rake' && BigInt(rake.amountMinor)).toBe(money.rakeTakenMinor);
    // Every chip of the two buy-ins is on a seat or was raked.
    expect(money.chipsMinor + money.potMinor + money.rakeTakenMinor).toBe(20_000n);

    // Both leave: the house kept exactly the rake.
    await fx.ok(a.token, room, { type: 'leave' });
    await fx.ok(b.token, room, { type: 'leave' });
    expect((await fx.wallet.main(a.id)) + (await fx.wallet.main(b.id))).toBe(200_000n - money.rakeTakenMinor);
    // The rake is the house's: it holds exactly that more than before the two sat down.
    expect(money.rakeTakenMinor).toBeGreaterThan(0n);
    expect(BigInt(await houseMinor()) - BigInt(houseBefore)).toBe(money.rakeTakenMinor);
    // No money left in flight.
    const open = await fx.db
      .selectFrom('pvp_seatings')
      .select('status')
      .where('status', 'in', ['joining', 'voiding', 'leaving', 'seated'])
      .execute();
    expect(open).toEqual([]);
  });

  it('packs a player whose turn runs out (the clock job), and a leave mid-hand packs first', async () => {
    const room = 'tp-silver';
    const players = [
      await fx.wallet.member({ fundMinor: 500_000n }),
      await fx.wallet.member({ fundMinor: 500_000n }),
      await fx.wallet.member({ fundMinor: 500_000n }),
    ];
    for (const [seat, player] of players.entries()) {
      await fx.ok(player.token, room, { type: 'sit', seat, buyInMinor: '100000' });
    }
    await deal();
    const first = await fx.table(players[0]?.token ?? '', room);
    const turn = first.hand?.turnSeat ?? -1;
    // Not yet: the deadline has not passed.
    clock.advance(PVP_TURN_MS - 1_000);
    await fx.tick();
    expect((await fx.table(players[0]?.token ?? '', room)).hand?.turnSeat).toBe(turn);
    clock.advance(1_000);
    await fx.tick();
    const after = await fx.table(players[0]?.token ?? '', room);
    expect(after.lastEvents).toContainEqual({ type: 'packed', seat: turn, reason: 'timeout' });
    expect(after.seats[turn]?.status).toBe('packed');
    // A second run at the same moment changes nothing more (the deadline moved with the turn).
    const version = after.version;
    await fx.tick();
    expect((await fx.table(players[0]?.token ?? '', room)).version).toBe(version);

    // A player still in the hand leaves: packed, what they put in stays in the pot, the rest goes home.
    const stillIn = [0, 1, 2].find((seat) => seat !== turn) ?? 0;
    const leaver = players[stillIn];
    if (!leaver) throw new Error('no player');
    const left = await fx.ok(leaver.token, room, { type: 'leave' });
    expect(left.lastEvents).toContainEqual({ type: 'packed', seat: stillIn, reason: 'leave' });
    // One player left in the hand: they win the pot.
    expect(left.hand).toBeNull();
    expect(left.lastEvents.some((event) => event.type === 'won')).toBe(true);
    expect(await fx.wallet.main(leaver.id)).toBe(500_000n - 1_000n);
    const money = await fx.money(room);
    const wallets = await Promise.all(players.map((p) => fx.wallet.main(p.id)));
    const inWallets = wallets.reduce((sum, value) => sum + value, 0n);
    expect(inWallets + money.chipsMinor + money.potMinor + money.rakeTakenMinor).toBe(1_500_000n);
  });
});
