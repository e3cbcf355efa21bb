import { rummyCard } from '@lotus/games/pvp/rummy-melds';
import type { RummyTable } from '@lotus/games/pvp/rummy-table';
import { roomListResponse } from '@lotus/shared/games.schema';
import { PVP_TURN_MS, type PvpEvent, type PvpTable } from '@lotus/shared/pvp.schema';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { decodeState, encodeState } from './pvp-codec.ts';
import { type PvpFixture, pvpFixture } from './pvp-rooms.fixture.ts';
import { PVP_BETWEEN_HANDS_MS } from './pvp-table-moves.ts';

/**
 * Points Rummy rooms end to end (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), on the demo brand's
 * seeded rooms (rm-bronze: a point 0.10, the hold 8.00, buy-in 8.00–200.00, 6 seats, rake 10 % of the
 * winnings capped at 16.00; rm-silver ten times that). Buy-ins and cash-outs go through the REAL
 * seamless-wallet routes as vendor PVP; the clock job runs by hand on an injected clock. Where a test needs
 * a known hand it swaps cards in the stored table (every one of the 106 stays in exactly one place).
 */

const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;
const expectRefused = (response: LightMyRequestResponse, status: number, message: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(messageOf(response)).toBe(message);
};

/** Card ids (rummy-melds.ts): suit ⌊id/13⌋ ♠♥♦♣, rank id mod 13 + 1; ids ≥ 52 are the second deck. */
const card = (suit: number, rank: number) => suit * 13 + rank - 1;
/** A winning 13: A-2-3-4♠ and 5-6-7♥ (pure), 9-10-J♦ (pure), K♠ K♥ K♦; 2♣ is discarded. Queens are wild. */
const WIN_GROUPS = [
  [card(0, 1), card(0, 2), card(0, 3), card(0, 4)],
  [card(1, 5), card(1, 6), card(1, 7)],
  [card(2, 9), card(2, 10), card(2, 11)],
  [card(0, 13), card(1, 13), card(2, 13)],
];
const WIN_DISCARD = card(3, 2);
const CUT_QUEEN = card(3, 12);

type Hand = NonNullable<RummyTable['hand']>;

/** Swaps two cards wherever they are (a hand, a pile, the cut card): the 106 stay one each. */
function swap(table: RummyTable, a: number, b: number): void {
  const hand = table.hand as Hand;
  const lists = [...hand.seats.flatMap((h) => (h ? [h.cards] : [])), hand.closed, hand.open];
  const at = (c: number) => lists.find((list) => list.includes(c));
  const la = at(a);
  const lb = at(b);
  if (la) la[la.indexOf(a)] = -1;
  if (lb) lb[lb.indexOf(b)] = a;
  if (la) la[la.indexOf(-1)] = b;
  if (hand.wildCard === a) hand.wildCard = b;
  else if (hand.wildCard === b) hand.wildCard = a;
}

/** Puts `wanted` into `seat`'s hand (and `cut` as the cut card), swapping each with a card it replaces. */
function rig(table: RummyTable, seat: number, wanted: number[], cut: number): void {
  const hand = table.hand as Hand;
  const me = hand.seats[seat];
  if (!me) throw new Error(`seat ${seat} not dealt in`);
  swap(table, hand.wildCard, cut);
  hand.wildRank = rummyCard(cut)?.rank ?? 1;
  for (const [i, c] of wanted.entries()) {
    const current = me.cards[i];
    if (current !== undefined && current !== c) swap(table, current, c);
  }
}

describe.each(testBackends())('PVP Rummy rooms [%s]', (backend) => {
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

  const deal = async () => {
    clock.advance(PVP_BETWEEN_HANDS_MS);
    await fx.tick();
  };
  const stateOf = async (room: string) =>
    decodeState<RummyTable>(
      (
        await fx.db
          .selectFrom('pvp_rooms')
          .select('state')
          .where('code', '=', room)
          .where('brand_id', '=', fx.wallet.brandId)
          .executeTakeFirstOrThrow()
      ).state,
    );
  const saveState = async (room: string, table: RummyTable) => {
    await fx.db
      .updateTable('pvp_rooms')
      .set({ state: encodeState(table) })
      .where('code', '=', room)
      .where('brand_id', '=', fx.wallet.brandId)
      .execute();
  };
  const houseMinor = async () =>
    BigInt(
      (
        await fx.db
          .selectFrom('ledger_accounts')
          .select((eb) => eb.fn.sum<string>('balance_minor').as('total'))
          .where('brand_id', '=', fx.wallet.brandId)
          .where('kind', '=', 'house')
          .where('currency', '=', 'INR')
          .executeTakeFirstOrThrow()
      ).total ?? '0',
    );
  /** Two players sit (`buyIn` each from wallets of ten times that) and a hand is dealt; the one to act first. */
  const twoPlayersDealt = async (room: string, buyIn: bigint) => {
    const a = await fx.wallet.member({ fundMinor: buyIn * 10n });
    const b = await fx.wallet.member({ fundMinor: buyIn * 10n });
    // The brand's house money once the wallets are funded (funding comes from the house too).
    const houseBefore = await houseMinor();
    await fx.ok(a.token, room, { type: 'sit', seat: 0, buyInMinor: String(buyIn) });
    await fx.ok(b.token, room, { type: 'sit', seat: 3, buyInMinor: String(buyIn) });
    await deal();
    const view = await fx.table(a.token, room);
    const turn = view.hand?.turnSeat;
    return turn === 0
      ? { first: a, second: b, firstSeat: 0, secondSeat: 3, houseBefore }
      : { first: b, second: a, firstSeat: 3, secondSeat: 0, houseBefore };
  };
  const eventsOf = <T extends PvpEvent['type']>(table: PvpTable, type: T) =>
    table.lastEvents.filter((e): e is Extract<PvpEvent, { type: T }> => e.type === type);

  it('lists the Rummy rooms next to the Teen Patti ones, with Rummy stakes', async () => {
    const member = await fx.wallet.member();
    const response = await test.app.inject({
      method: 'GET',
      url: '/wps/relay/GLS2_roomList',
      headers: { authorization: `Bearer ${member.token}` },
    });
    const list = roomListResponse.parse(response.json()).value.list;
    expect(list.map((room) => room.roomCode)).toEqual([
      'tp-bronze',
      'tp-silver',
      'tp-gold',
      'rm-bronze',
      'rm-silver',
      'rm-gold',
    ]);
    expect(list[3]).toMatchObject({
      gameKind: 'rummy',
      gameCode: 'rummy',
      roomName: 'Rummy · Bronze',
      stakes: {
        kind: 'rummy',
        pointValueMinor: '10',
        holdMinor: '800',
        minBuyInMinor: '800',
        maxBuyInMinor: '20000',
        rakeBps: 1000,
        rakeCapMinor: '1600',
        maxMissedTurns: 3,
      },
      minBetMinor: '10',
      maxBetMinor: '800',
      seatsTotal: 6,
      state: 'waiting',
    });
  });

  it('deals 13 cards each, shows a player only their own, refuses wrong turns and wrong moves, settles a valid declaration with the rake', async () => {
    const room = 'rm-bronze';
    const { first, second, firstSeat, secondSeat, houseBefore } = await twoPlayersDealt(room, 5_000n);
    const mine = await fx.table(first.token, room);
    expect(mine.state).toBe('playing');
    expect(mine.hand?.potMinor).toBe('1600');
    expect(mine.hand?.stakeMinor).toBe('800');
    const rummy = mine.rummy;
    if (!rummy) throw new Error('no Rummy view');
    expect(rummy.myCards).toHaveLength(13);
    expect(rummy.cardCounts[firstSeat]).toBe(13);
    expect(rummy.cardCounts[secondSeat]).toBe(13);
    expect(rummy.openCount).toBe(1);
    expect(rummy.closedCount).toBe(106 - 26 - 2);
    expect(rummy.choices).toMatchObject({
      canDrawClosed: true,
      canDrop: true,
      dropPoints: 20,
      canDiscard: false,
    });
    expect(mine.choices.myTurn).toBe(true);
    expect(eventsOf(mine, 'cut')).toHaveLength(1);
    // The other player's cards never reach this viewer, nor theirs the other.
    const theirs = await fx.table(second.token, room);
    expect(theirs.rummy?.myCards).toHaveLength(13);
    expect(theirs.rummy?.choices.canDrawClosed).toBe(false);
    const state = await stateOf(room);
    expect(state.hand?.seats[firstSeat]?.cards).toEqual(rummy.myCards);
    expect(JSON.stringify(theirs)).not.toContain(JSON.stringify(rummy.myCards));

    // Wrong turn, wrong half of the turn, another game's move, a card not held.
    expectRefused(
      await fx.act(second.token, room, { type: 'draw', from: 'closed' }),
      409,
      'pvp_not_your_turn',
    );
    const notHeld = (theirs.rummy?.myCards ?? [])[0] ?? 0;
    expectRefused(
      await fx.act(first.token, room, { type: 'discard', card: notHeld }),
      409,
      'pvp_wrong_phase',
    );
    expectRefused(await fx.act(first.token, room, { type: 'see' }), 409, 'pvp_action_invalid');
    expectRefused(
      await fx.act(first.token, room, { type: 'draw', from: 'sideways' } as never),
      400,
      'invalid_request',
    );

    // A closed draw: its card reaches the drawer alone.
    const drawn = await fx.ok(first.token, room, { type: 'draw', from: 'closed' });
    expect(drawn.rummy?.myCards).toHaveLength(14);
    const drewCard = eventsOf(drawn, 'drew').at(-1)?.card;
    expect(drewCard).toBe(drawn.rummy?.myCards?.at(-1));
    expect(eventsOf(await fx.table(second.token, room), 'drew').at(-1)).toEqual({
      type: 'drew',
      seat: firstSeat,
      from: 'closed',
      card: null,
    });
    expectRefused(await fx.act(first.token, room, { type: 'draw', from: 'open' }), 409, 'pvp_wrong_phase');
    expectRefused(await fx.act(first.token, room, { type: 'drop' }), 409, 'pvp_wrong_phase');
    expectRefused(
      await fx.act(first.token, room, { type: 'discard', card: notHeld }),
      409,
      'pvp_card_not_held',
    );
    const myCards = drawn.rummy?.myCards ?? [];
    const [put = 0, ...rest] = myCards;
    expectRefused(
      await fx.act(first.token, room, { type: 'declare', card: put, groups: [rest.slice(1)] }),
      400,
      'pvp_declaration_malformed',
    );
    const discarded = await fx.ok(first.token, room, { type: 'discard', card: put });
    expect(discarded.rummy?.openTop).toBe(put);
    expect(discarded.hand?.turnSeat).toBe(secondSeat);

    // The second player is given a winning hand, draws and declares it.
    await fx.ok(second.token, room, { type: 'draw', from: 'closed' });
    const table = await stateOf(room);
    rig(table, secondSeat, [...WIN_GROUPS.flat(), WIN_DISCARD], CUT_QUEEN);
    await saveState(room, table);
    const declared = await fx.ok(second.token, room, {
      type: 'declare',
      card: WIN_DISCARD,
      groups: WIN_GROUPS,
    });
    expect(declared.hand).toBeNull();
    expect(eventsOf(declared, 'declared')).toEqual([
      {
        type: 'declared',
        seat: secondSeat,
        card: WIN_DISCARD,
        groups: WIN_GROUPS,
        valid: true,
        reason: null,
      },
    ]);
    const [lost] = eventsOf(declared, 'lost');
    expect(lost).toMatchObject({ seat: firstSeat, reason: 'count' });
    const points = lost?.points ?? -1;
    expect(points).toBeGreaterThanOrEqual(0);
    expect(points).toBeLessThanOrEqual(80);
    expect(lost?.amountMinor).toBe(String(points * 10));
    const rake = BigInt(eventsOf(declared, 'rake')[0]?.amountMinor ?? '-1');
    expect(rake).toBe(BigInt(points * 10) / 10n);
    expect(eventsOf(declared, 'won')[0]?.amountMinor).toBe(String(BigInt(points * 10) - rake));
    const money = await fx.money(room);
    expect(money.rakeTakenMinor).toBe(rake);
    expect(money.chipsMinor + money.potMinor + money.rakeTakenMinor).toBe(10_000n);

    // Both leave: the wallets hold everything but the rake, which the house keeps.
    await fx.ok(first.token, room, { type: 'leave' });
    await fx.ok(second.token, room, { type: 'leave' });
    expect(await fx.wallet.main(first.id)).toBe(50_000n - BigInt(points * 10));
    expect((await fx.wallet.main(first.id)) + (await fx.wallet.main(second.id))).toBe(100_000n - rake);
    expect((await houseMinor()) - houseBefore).toBe(rake);
  });

  it('a discarded joker stays down; a first drop costs 20 points, won by the other less the rake', async () => {
    const room = 'rm-silver';
    const { first, second, firstSeat, secondSeat, houseBefore } = await twoPlayersDealt(room, 10_000n);
    // The open pile's top made a printed joker that was discarded (not the dealt open card).
    const table = await stateOf(room);
    const hand = table.hand as Hand;
    const top = hand.open.at(-1) ?? -1;
    if (top !== 104) swap(table, top, 104);
    hand.firstOpen = false;
    await saveState(room, table);
    const view = await fx.table(first.token, room);
    expect(view.rummy?.openTop).toBe(104);
    expect(view.rummy?.choices.canDrawOpen).toBe(false);
    expectRefused(
      await fx.act(first.token, room, { type: 'draw', from: 'open' }),
      409,
      'pvp_joker_not_drawable',
    );

    const dropped = await fx.ok(first.token, room, { type: 'drop' });
    expect(dropped.hand).toBeNull();
    expect(eventsOf(dropped, 'dropped')).toEqual([
      { type: 'dropped', seat: firstSeat, reason: 'drop', points: 20 },
    ]);
    expect(eventsOf(dropped, 'lost')[0]).toMatchObject({
      seat: firstSeat,
      reason: 'first-drop',
      points: 20,
      amountMinor: '2000',
      melds: null,
    });
    expect(eventsOf(dropped, 'rake')).toEqual([{ type: 'rake', amountMinor: '200' }]);
    expect(eventsOf(dropped, 'won')[0]).toMatchObject({ seat: secondSeat, amountMinor: '1800' });
    expect(dropped.seats[firstSeat]?.stackMinor).toBe('8000');
    expect(dropped.seats[secondSeat]?.stackMinor).toBe('11800');
    await fx.ok(first.token, room, { type: 'leave' });
    await fx.ok(second.token, room, { type: 'leave' });
    expect(await fx.wallet.main(first.id)).toBe(98_000n);
    expect(await fx.wallet.main(second.id)).toBe(101_800n);
    expect((await houseMinor()) - houseBefore).toBe(200n);
  });

  it('the clock plays a missed turn; a wrong declaration costs 80 points and ends a two-player hand', async () => {
    const room = 'rm-bronze';
    const { first, second, firstSeat, secondSeat } = await twoPlayersDealt(room, 2_000n);
    const before = await fx.table(first.token, room);
    const held = before.rummy?.myCards ?? [];
    clock.advance(PVP_TURN_MS);
    await fx.tick();
    const after = await fx.table(first.token, room);
    // The clock drew from the closed pile and discarded a card for them; the turn passed.
    expect(eventsOf(after, 'missed')).toEqual([{ type: 'missed', seat: firstSeat, count: 1 }]);
    expect(eventsOf(after, 'drew').at(-1)).toMatchObject({ seat: firstSeat, from: 'closed' });
    expect(after.rummy?.myCards).toHaveLength(13);
    expect(after.hand?.turnSeat).toBe(secondSeat);
    expect(after.rummy?.openTop).toBe(eventsOf(after, 'discarded').at(-1)?.card);
    expect(held).toHaveLength(13);

    // The second player draws and declares their cards as one group: wrong, out with 80 points.
    const drawn = await fx.ok(second.token, room, { type: 'draw', from: 'open' });
    const [put = 0, ...rest] = drawn.rummy?.myCards ?? [];
    const wrong = await fx.ok(second.token, room, { type: 'declare', card: put, groups: [rest, []] });
    expect(eventsOf(wrong, 'declared').at(-1)).toMatchObject({
      seat: secondSeat,
      valid: false,
      groups: [rest],
    });
    expect(eventsOf(wrong, 'lost').at(-1)).toMatchObject({
      seat: secondSeat,
      reason: 'wrong-declaration',
      points: 80,
      amountMinor: '800',
    });
    expect(eventsOf(wrong, 'won').at(-1)).toMatchObject({ seat: firstSeat, amountMinor: '720' });
    const money = await fx.money(room);
    expect(money.chipsMinor + money.potMinor).toBe(4_000n - 80n);
    await fx.ok(first.token, room, { type: 'leave' });
    await fx.ok(second.token, room, { type: 'leave' });
    expect((await fx.wallet.main(first.id)) + (await fx.wallet.main(second.id))).toBe(40_000n - 80n);
  });
});
