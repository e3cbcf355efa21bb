import type { PvpRoomListItem, PvpSeat, PvpStakes, PvpTable } from '@lotus/shared/pvp.schema';

export const STAKES: PvpStakes = {
  kind: 'teen-patti',
  bootMinor: '1000',
  minBuyInMinor: '50000',
  maxBuyInMinor: '500000',
  maxStakeMinor: '128000',
  potLimitMinor: '1024000',
  rakeBps: 500,
  rakeCapMinor: '50000',
};

export function makeRoom(overrides: Partial<PvpRoomListItem> = {}): PvpRoomListItem {
  return {
    roomCode: 'tp-low',
    gameKind: 'teen-patti',
    name: 'Teen Patti ₹10',
    currency: 'INR',
    stakes: STAKES,
    seatsTotal: 6,
    seatsTaken: 2,
    state: 'playing',
    ...overrides,
  };
}

export function makeSeat(seat: number, overrides: Partial<PvpSeat> = {}): PvpSeat {
  return {
    seat,
    nick: `player${seat}`,
    me: false,
    stackMinor: '99000',
    status: 'blind',
    inPotMinor: '1000',
    cards: null,
    ...overrides,
  };
}

const NO_CHOICES: PvpTable['choices'] = {
  myTurn: false,
  chaalMinor: null,
  canSee: false,
  canShow: false,
  canSideShow: false,
  mustReplySideShow: false,
};

/**
 * A six-seat room with the viewer ("asha", seat 2) and "ravi" (seat 4) in hand 7, the viewer to act, seen
 * (their three cards known), the other blind.
 */
export function makeTable(overrides: Partial<PvpTable> = {}): PvpTable {
  return {
    roomCode: 'tp-low',
    gameKind: 'teen-patti',
    name: 'Teen Patti ₹10',
    currency: 'INR',
    stakes: STAKES,
    state: 'playing',
    version: 10,
    seats: [
      null,
      null,
      makeSeat(2, {
        nick: 'asha',
        me: true,
        status: 'seen',
        cards: [
          { rank: 1, suit: 0 },
          { rank: 13, suit: 1 },
          { rank: 12, suit: 2 },
        ],
      }),
      null,
      makeSeat(4, { nick: 'ravi' }),
      null,
    ],
    mySeat: 2,
    hand: {
      number: 7,
      dealer: 4,
      potMinor: '2000',
      stakeMinor: '1000',
      turnSeat: 2,
      turnDeadline: new Date(Date.now() + 20_000).toISOString(),
      sideShow: null,
      serverSeedHash: 'ab'.repeat(32),
    },
    choices: { ...NO_CHOICES, myTurn: true, chaalMinor: ['2000', '4000'], canShow: true },
    rummy: null,
    lastEvents: [
      { type: 'dealt', hand: 7, dealer: 4, seats: [2, 4] },
      {
        type: 'bet',
        seat: 2,
        reason: 'boot',
        amountMinor: '1000',
        blind: true,
        stakeMinor: '1000',
        potMinor: '1000',
      },
      { type: 'seen', seat: 2 },
      { type: 'turn', seat: 2 },
    ],
    botPolicy: 'none',
    ...overrides,
  };
}

/** The same room watched by someone without a seat between hands. */
export function makeWatchedTable(overrides: Partial<PvpTable> = {}): PvpTable {
  return makeTable({
    state: 'waiting',
    seats: [null, null, null, null, makeSeat(4, { nick: 'ravi', status: 'waiting', inPotMinor: '0' }), null],
    mySeat: null,
    hand: null,
    choices: NO_CHOICES,
    lastEvents: [],
    ...overrides,
  });
}

/** Card ids of the Rummy deck (suit ⌊id/13⌋ ♠♥♦♣, rank id mod 13 + 1). */
export const rummyId = (suit: number, rank: number) => suit * 13 + rank - 1;

/** A winning 13 with queens wild: A-2-3-4♠, 5-6-7♥, 9-10-J♦ (pure) and K♠ K♥ K♦; 2♣ drawn, to put down. */
export const RUMMY_MELDS = [
  [rummyId(0, 1), rummyId(0, 2), rummyId(0, 3), rummyId(0, 4)],
  [rummyId(1, 5), rummyId(1, 6), rummyId(1, 7)],
  [rummyId(2, 9), rummyId(2, 10), rummyId(2, 11)],
  [rummyId(0, 13), rummyId(1, 13), rummyId(2, 13)],
];
export const RUMMY_SPARE = rummyId(3, 2);

/**
 * A six-seat Rummy room (a point ₹1, the hold ₹80): the viewer ("asha", seat 2) has drawn and holds 14 cards
 * (`RUMMY_MELDS` and `RUMMY_SPARE`, dealt mixed), "ravi" (seat 4) holds 13; queens are wild.
 */
export function makeRummyTable(overrides: Partial<PvpTable> = {}): PvpTable {
  const cards = [RUMMY_SPARE, ...RUMMY_MELDS.flat()].reverse();
  return makeTable({
    roomCode: 'tp-low',
    gameKind: 'rummy',
    name: 'Rummy ₹1',
    stakes: {
      kind: 'rummy',
      pointValueMinor: '100',
      holdMinor: '8000',
      minBuyInMinor: '8000',
      maxBuyInMinor: '200000',
      rakeBps: 1000,
      rakeCapMinor: '16000',
      maxMissedTurns: 3,
    },
    seats: [
      null,
      null,
      makeSeat(2, { nick: 'asha', me: true, status: 'playing', inPotMinor: '8000' }),
      null,
      makeSeat(4, { nick: 'ravi', status: 'playing', inPotMinor: '8000' }),
      null,
    ],
    hand: {
      number: 3,
      dealer: 4,
      potMinor: '16000',
      stakeMinor: '8000',
      turnSeat: 2,
      turnDeadline: new Date(Date.now() + 20_000).toISOString(),
      sideShow: null,
      serverSeedHash: 'cd'.repeat(32),
    },
    choices: { ...NO_CHOICES, myTurn: true },
    rummy: {
      wildCard: rummyId(3, 12),
      wildRank: 12,
      openTop: rummyId(1, 9),
      openCount: 3,
      closedCount: 70,
      phase: 'discard',
      myCards: cards,
      cardCounts: [null, null, 14, null, 13, null],
      choices: {
        canDrawClosed: false,
        canDrawOpen: false,
        canDiscard: true,
        canDeclare: true,
        canDrop: false,
        dropPoints: null,
      },
    },
    lastEvents: [
      { type: 'dealt', hand: 3, dealer: 4, seats: [2, 4] },
      { type: 'cut', wildCard: rummyId(3, 12), wildRank: 12, openCard: rummyId(1, 9) },
      { type: 'turn', seat: 2 },
      { type: 'drew', seat: 2, from: 'closed', card: RUMMY_SPARE },
    ],
    ...overrides,
  });
}
