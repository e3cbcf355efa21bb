import { createDraws, type Draws, type Hmac, hmacSha256 } from '../fair.ts';
import type { FairInputs } from '../types.ts';
import {
  bestGrouping,
  cardPoints,
  checkDeclaration,
  type DeclarationCheck,
  isJoker,
  MAX_POINTS,
  RUMMY_DECK_SIZE,
  wildRankOf,
} from './rummy-melds.ts';
import {
  dealOrder,
  emptyTable,
  isSeatIndex,
  rakeOf,
  refuse,
  sitDown,
  TableRuleError,
  type TableSeat,
  validFair,
} from './table-rules.ts';

/**
 * One 13-card Points Rummy table as a pure reducer: `reduceRummy(table, action) → { table, events }` or a
 * `TableRuleError` (docs/pvp.md "Rummy"), shaped as the Teen Patti table is: the server keeps the table,
 * feeds it the players' actions, the hand's fair inputs and the turn clock's time-outs, pushes and records
 * the events; this file holds every rule and no I/O. The table given is never changed.
 *
 * Money, in points × `pointValueMinor`:
 * - at the deal each player puts the most they can lose (80 points' worth, the hold) into the pot;
 * - a player who drops (20 points before their first draw, 40 after), leaves mid-hand (as a drop) or
 *   declares wrongly (80) is out: the hold less the penalty goes back to their chips at once;
 * - on a valid declaration every other player still in loses the count of their best grouping (at most
 *   80) and gets the rest of their hold back; the winner gets their hold back and Σ losers' penalties −
 *   rake (⌊Σ × rakeBps / 10,000⌋, at most the cap). The last player left after drops wins the same way.
 * So chips + pot + rake taken = buy-ins − cash-outs at every step.
 */

export type RummyConfig = {
  /** Seats at the table, 2..6. */
  seats: number;
  /** What one point is worth. */
  pointValueMinor: bigint;
  /** At least the hold (80 points' worth). */
  minBuyInMinor: bigint;
  maxBuyInMinor: bigint;
  /** Rake in basis points of the winnings (500 = 5 %). */
  rakeBps: number;
  rakeCapMinor: bigint;
  /** Missed turns in a row (time-outs) after which the clock drops the player, 1..10. */
  maxMissedTurns: number;
};

export const FIRST_DROP_POINTS = 20;
export const MIDDLE_DROP_POINTS = 40;
export const WRONG_DECLARATION_POINTS = MAX_POINTS;

/** Why a player lost: dropped before / after their first draw, a wrong declaration, or the count. */
export type RummyLossReason = 'first-drop' | 'middle-drop' | 'wrong-declaration' | 'count';
export type RummyOutReason = 'drop' | 'timeout' | 'leave' | 'wrong-declaration';

/** A dealt player's part of the hand. */
export type RummyHandSeat = {
  playerId: string;
  /** Card ids (rummy-melds.ts); 13, or 14 between drawing and discarding. Kept when out, for the record. */
  cards: number[];
  /** Null while in the hand; once out, why and the penalty fixed then. */
  out: { reason: RummyOutReason; loss: RummyLossReason; points: number } | null;
  /** Has drawn a card this hand (a drop then costs 40, not 20). */
  drawn: boolean;
  /** Time-outs in a row. */
  missed: number;
  inPotMinor: bigint;
};

export type RummyHandState = {
  number: number;
  dealer: number;
  fair: FairInputs;
  seats: (RummyHandSeat | null)[];
  potMinor: bigint;
  /** The cut card, set aside face up; its rank is wild (a printed joker makes aces wild). */
  wildCard: number;
  wildRank: number;
  /** Face down; index 0 is the top. */
  closed: number[];
  /** Face up; the last is the top. */
  open: number[];
  /** Sizes of the reshuffles so far, to replay the hand's one draw stream for the next. */
  reshuffles: number[];
  /** No discard yet: the open card is still the dealt one (which may be taken even if a joker). */
  firstOpen: boolean;
  turn: number;
  /** Half of the turn: draw a card, then discard (or declare). */
  phase: 'draw' | 'discard';
};

export type RummyTable = {
  config: RummyConfig;
  seats: (TableSeat | null)[];
  dealer: number;
  handsPlayed: number;
  hand: RummyHandState | null;
  rakeTakenMinor: bigint;
};

export type RummyAction =
  | { type: 'sit'; seat: number; playerId: string; buyInMinor: bigint }
  | { type: 'leave'; seat: number }
  | { type: 'start'; fair: FairInputs }
  | { type: 'draw'; seat: number; from: 'closed' | 'open' }
  | { type: 'discard'; seat: number; card: number }
  /** Discard `card` to finish and show the other 13 as `groups`. */
  | { type: 'declare'; seat: number; card: number; groups: number[][] }
  | { type: 'drop'; seat: number }
  | { type: 'timeout'; seat: number };

/**
 * What happened, in order. `dealt` carries every hand and `drew` every card drawn, for the record: the
 * server sends each player only their own cards, a closed draw's card only to its drawer, and the hands
 * at the end.
 */
export type RummyEvent =
  | { type: 'sat'; seat: number; playerId: string; buyInMinor: bigint }
  | { type: 'left'; seat: number; playerId: string; chipsMinor: bigint }
  | {
      type: 'dealt';
      hand: number;
      dealer: number;
      fair: FairInputs;
      wildCard: number;
      wildRank: number;
      openCard: number;
      cards: { seat: number; playerId: string; cards: number[] }[];
    }
  | { type: 'held'; seat: number; amountMinor: bigint; potMinor: bigint }
  | { type: 'turn'; seat: number }
  | { type: 'reshuffled'; cards: number }
  | { type: 'drew'; seat: number; from: 'closed' | 'open'; card: number }
  | { type: 'discarded'; seat: number; card: number }
  | { type: 'missed'; seat: number; count: number }
  | { type: 'dropped'; seat: number; reason: 'drop' | 'timeout' | 'leave'; points: number }
  | {
      type: 'declared';
      seat: number;
      card: number;
      groups: number[][];
      valid: boolean;
      reason: Exclude<DeclarationCheck, { valid: true }>['reason'] | null;
    }
  /** Part of a hold going back to the player's chips. */
  | { type: 'released'; seat: number; amountMinor: bigint }
  | {
      type: 'lost';
      seat: number;
      playerId: string;
      reason: RummyLossReason;
      points: number;
      amountMinor: bigint;
      /** For a count: the melds it was counted with (the best grouping of the hand). */
      melds: number[][] | null;
    }
  | { type: 'rake'; amountMinor: bigint }
  | { type: 'won'; seat: number; playerId: string; amountMinor: bigint };

export type RummyResult = { table: RummyTable; events: RummyEvent[] };

export function createRummyTable(config: RummyConfig): RummyTable {
  const c = config;
  const ok =
    Number.isInteger(c.seats) &&
    c.seats >= 2 &&
    c.seats <= 6 &&
    c.pointValueMinor > 0n &&
    c.minBuyInMinor >= holdOf(c) &&
    c.maxBuyInMinor >= c.minBuyInMinor &&
    Number.isInteger(c.rakeBps) &&
    c.rakeBps >= 0 &&
    c.rakeBps <= 10_000 &&
    c.rakeCapMinor >= 0n &&
    Number.isInteger(c.maxMissedTurns) &&
    c.maxMissedTurns >= 1 &&
    c.maxMissedTurns <= 10;
  if (!ok) throw new RangeError('invalid Rummy table config');
  return { config, ...emptyTable(c.seats) };
}

/** The most a player can lose in a hand, held from their chips while it is played. */
export function holdOf(config: Pick<RummyConfig, 'pointValueMinor'>): bigint {
  return BigInt(MAX_POINTS) * config.pointValueMinor;
}

/** The seat the turn clock runs for, or null between hands. */
export function rummySeatToAct(table: RummyTable): number | null {
  return table.hand ? table.hand.turn : null;
}

/** The players still in the hand (dealt, not out), clockwise from seat 0. */
export function rummyActiveSeats(hand: RummyHandState): number[] {
  const out: number[] = [];
  hand.seats.forEach((h, seat) => {
    if (h && !h.out) out.push(seat);
  });
  return out;
}

function cloneTable(t: RummyTable): RummyTable {
  const h = t.hand;
  return {
    ...t,
    seats: t.seats.map((s) => s && { ...s }),
    hand: h && {
      ...h,
      fair: { ...h.fair },
      seats: h.seats.map((x) => x && { ...x, cards: [...x.cards], out: x.out && { ...x.out } }),
      closed: [...h.closed],
      open: [...h.open],
      reshuffles: [...h.reshuffles],
    },
  };
}

type Draft = { t: RummyTable; events: RummyEvent[]; hmac: Hmac };

function nextActive(hand: RummyHandState, from: number): number {
  const n = hand.seats.length;
  for (let k = 1; k <= n; k++) {
    const seat = (from + k) % n;
    const h = hand.seats[seat];
    if (h && !h.out) return seat;
  }
  return from;
}

/** The player at `seat` is in the live hand and it is their turn, in `phase`. */
function onTurn(
  t: RummyTable,
  seat: number,
  phase: 'draw' | 'discard' | null,
): TableRuleError | { hand: RummyHandState; me: RummyHandSeat } {
  const hand = t.hand;
  if (!hand) return refuse('no_hand', 'no hand is being played');
  const me = hand.seats[seat];
  if (!me || me.out || t.seats[seat]?.playerId !== me.playerId)
    return refuse('not_in_hand', `seat ${seat} is not in this hand`);
  if (hand.turn !== seat) return refuse('not_your_turn', `not seat ${seat}'s turn`);
  if (phase && hand.phase !== phase)
    return refuse('wrong_phase', phase === 'draw' ? 'the card is drawn: discard' : 'draw a card first');
  return { hand, me };
}

function passTurn(d: Draft, hand: RummyHandState, from: number): void {
  hand.turn = nextActive(hand, from);
  hand.phase = 'draw';
  d.events.push({ type: 'turn', seat: hand.turn });
}

/** A hold's part going back to the player's chips (a player out of the hand by leaving has it already). */
function release(d: Draft, hand: RummyHandState, seat: number, amount: bigint): void {
  const me = hand.seats[seat];
  const player = d.t.seats[seat];
  if (!me || amount === 0n) return;
  me.inPotMinor -= amount;
  hand.potMinor -= amount;
  if (player) player.chipsMinor += amount;
  d.events.push({ type: 'released', seat, amountMinor: amount });
}

const amountOf = (d: Draft, points: number) => BigInt(points) * d.t.config.pointValueMinor;

/**
 * Ends the hand for `winner`: every other dealt player loses their penalty (fixed when they went out) or
 * their count; the winner takes their hold back and the penalties less the rake.
 */
function settle(d: Draft, hand: RummyHandState, winner: number): void {
  let winnings = 0n;
  hand.seats.forEach((me, seat) => {
    if (!me || seat === winner) return;
    // A player still in is counted now and gets the rest of their hold back; one out has paid already.
    const best = me.out ? null : bestGrouping(me.cards, hand.wildRank);
    const points = best ? best.points : (me.out?.points ?? 0);
    if (best) release(d, hand, seat, me.inPotMinor - amountOf(d, points));
    winnings += me.inPotMinor;
    d.events.push({
      type: 'lost',
      seat,
      playerId: me.playerId,
      reason: me.out?.loss ?? 'count',
      points,
      amountMinor: me.inPotMinor,
      melds: best?.melds ?? null,
    });
  });
  const me = hand.seats[winner];
  if (me) release(d, hand, winner, me.inPotMinor);
  const rake = rakeOf(winnings, d.t.config);
  d.t.rakeTakenMinor += rake;
  d.events.push({ type: 'rake', amountMinor: rake });
  const player = d.t.seats[winner];
  if (player) player.chipsMinor += winnings - rake;
  d.events.push({ type: 'won', seat: winner, playerId: me?.playerId ?? '', amountMinor: winnings - rake });
  hand.potMinor = 0n;
  d.t.hand = null;
  d.t.handsPlayed = hand.number;
}

/** A player goes out with a penalty; the last one in wins, else the turn moves on if it was theirs. */
function goOut(
  d: Draft,
  hand: RummyHandState,
  seat: number,
  reason: RummyOutReason,
  loss: RummyLossReason,
  points: number,
): void {
  const me = hand.seats[seat];
  if (!me) return;
  me.out = { reason, loss, points };
  if (reason !== 'wrong-declaration') d.events.push({ type: 'dropped', seat, reason, points });
  release(d, hand, seat, me.inPotMinor - amountOf(d, points));
  const left = rummyActiveSeats(hand);
  if (left.length === 1 && left[0] !== undefined) settle(d, hand, left[0]);
  else if (hand.turn === seat) passTurn(d, hand, seat);
}

function dropOut(d: Draft, hand: RummyHandState, seat: number, reason: 'drop' | 'timeout' | 'leave'): void {
  const drawn = hand.seats[seat]?.drawn ?? false;
  goOut(
    d,
    hand,
    seat,
    reason,
    drawn ? 'middle-drop' : 'first-drop',
    drawn ? MIDDLE_DROP_POINTS : FIRST_DROP_POINTS,
  );
}

function sit(d: Draft, a: Extract<RummyAction, { type: 'sit' }>): TableRuleError | null {
  const sat = sitDown(d.t.seats, d.t.config, a);
  if (sat instanceof TableRuleError) return sat;
  d.events.push(sat);
  return null;
}

function leave(d: Draft, seat: number): TableRuleError | null {
  const { t } = d;
  const player = t.seats[seat];
  if (!player) return refuse('seat_empty', `seat ${seat} is empty`);
  const me = t.hand?.seats[seat];
  // Mid-hand a player drops and leaves: the penalty stays in the pot, the rest of the hold goes with them.
  if (t.hand && me && !me.out && me.playerId === player.playerId) dropOut(d, t.hand, seat, 'leave');
  t.seats[seat] = null;
  d.events.push({ type: 'left', seat, playerId: player.playerId, chipsMinor: player.chipsMinor });
  return null;
}

/** `cards` ordered by the hand's draw stream: each next card taken at int(cards left), the rest in order. */
function shuffled(cards: number[], draws: Draws): number[] {
  const left = [...cards];
  const out: number[] = [];
  while (left.length > 0) out.push(left.splice(draws.int(left.length), 1)[0] ?? -1);
  return out;
}

/**
 * Deals a hand: seats with chips ≥ the hold play; the dealer button moves to the next of them clockwise;
 * each puts the hold in the pot. The 106 cards 0..105 are shuffled with the hand's draws (card k taken
 * from what is left at int(106 − k)); thirteen rounds of one card each from the dealer's left; the next
 * card is the cut (wild) card, the next the open card, the rest the closed pile, top first.
 */
function start(d: Draft, fair: FairInputs): TableRuleError | null {
  const { t } = d;
  const { config } = t;
  if (t.hand) return refuse('hand_in_progress', 'a hand is being played');
  if (!validFair(fair)) return refuse('fair_invalid', 'the hand needs fair inputs');
  const n = config.seats;
  const hold = holdOf(config);
  const { dealer, order } = dealOrder(n, t.dealer, (seat) => (t.seats[seat]?.chipsMinor ?? -1n) >= hold);
  if (order.length < 2) return refuse('not_enough_players', 'a hand needs two players with the hold');
  const deck = shuffled(
    Array.from({ length: RUMMY_DECK_SIZE }, (_, i) => i),
    createDraws(fair, d.hmac),
  );
  const seats: (RummyHandSeat | null)[] = Array.from({ length: n }, () => null);
  for (const seat of order)
    seats[seat] = {
      playerId: t.seats[seat]?.playerId ?? '',
      cards: [],
      out: null,
      drawn: false,
      missed: 0,
      inPotMinor: 0n,
    };
  let next = 0;
  for (let round = 0; round < 13; round++)
    for (const seat of order) seats[seat]?.cards.push(deck[next++] ?? -1);
  const wildCard = deck[next++] ?? -1;
  const openCard = deck[next++] ?? -1;
  const hand: RummyHandState = {
    number: t.handsPlayed + 1,
    dealer,
    fair: { ...fair },
    seats,
    potMinor: 0n,
    wildCard,
    wildRank: wildRankOf(wildCard),
    closed: deck.slice(next),
    open: [openCard],
    reshuffles: [],
    firstOpen: true,
    turn: order[0] ?? 0,
    phase: 'draw',
  };
  t.hand = hand;
  t.dealer = dealer;
  d.events.push({
    type: 'dealt',
    hand: hand.number,
    dealer,
    fair: { ...fair },
    wildCard,
    wildRank: hand.wildRank,
    openCard,
    cards: order.map((seat) => ({
      seat,
      playerId: seats[seat]?.playerId ?? '',
      cards: [...(seats[seat]?.cards ?? [])],
    })),
  });
  for (const seat of order) {
    const player = t.seats[seat];
    const me = seats[seat];
    if (!player || !me) continue;
    player.chipsMinor -= hold;
    me.inPotMinor = hold;
    hand.potMinor += hold;
    d.events.push({ type: 'held', seat, amountMinor: hold, potMinor: hand.potMinor });
  }
  d.events.push({ type: 'turn', seat: hand.turn });
  return null;
}

/**
 * The closed pile ran out: the open pile but its top card becomes the closed pile, shuffled by the same
 * hand's draw stream, continued (the deal's draws and earlier reshuffles' are replayed to reach it).
 */
function reshuffle(d: Draft, hand: RummyHandState): boolean {
  const cards = hand.open.slice(0, -1);
  if (cards.length === 0) return false;
  const draws = createDraws(hand.fair, d.hmac);
  for (const size of [RUMMY_DECK_SIZE, ...hand.reshuffles]) for (let k = size; k >= 1; k--) draws.int(k);
  hand.closed = shuffled(cards, draws);
  hand.open = hand.open.slice(-1);
  hand.reshuffles.push(cards.length);
  d.events.push({ type: 'reshuffled', cards: cards.length });
  return true;
}

function takeCard(
  d: Draft,
  hand: RummyHandState,
  seat: number,
  from: 'closed' | 'open',
): TableRuleError | null {
  const me = hand.seats[seat];
  if (!me) return refuse('not_in_hand', `seat ${seat} is not in this hand`);
  let card: number | undefined;
  if (from === 'open') {
    card = hand.open.at(-1);
    if (card === undefined) return refuse('action_invalid', 'the open pile is empty');
    // A discarded joker stays down (the usual rule); the dealt open card may be taken whatever it is.
    if (!hand.firstOpen && isJoker(card, hand.wildRank))
      return refuse('joker_not_drawable', 'a discarded joker cannot be picked up');
    hand.open.pop();
  } else {
    if (hand.closed.length === 0 && !reshuffle(d, hand))
      return refuse('action_invalid', 'no cards left to draw');
    card = hand.closed.shift();
    if (card === undefined) return refuse('action_invalid', 'no cards left to draw');
  }
  me.cards.push(card);
  me.drawn = true;
  hand.phase = 'discard';
  d.events.push({ type: 'drew', seat, from, card });
  return null;
}

function putDown(d: Draft, hand: RummyHandState, seat: number, card: number): TableRuleError | null {
  const me = hand.seats[seat];
  const at = me ? me.cards.indexOf(card) : -1;
  if (!me || at < 0) return refuse('card_not_held', `seat ${seat} does not hold card ${String(card)}`);
  me.cards.splice(at, 1);
  hand.open.push(card);
  hand.firstOpen = false;
  d.events.push({ type: 'discarded', seat, card });
  return null;
}

function draw(d: Draft, seat: number, from: unknown): TableRuleError | null {
  const found = onTurn(d.t, seat, 'draw');
  if (found instanceof TableRuleError) return found;
  if (from !== 'closed' && from !== 'open') return refuse('action_invalid', 'draw from closed or open');
  found.me.missed = 0;
  return takeCard(d, found.hand, seat, from);
}

function discard(d: Draft, seat: number, card: number): TableRuleError | null {
  const found = onTurn(d.t, seat, 'discard');
  if (found instanceof TableRuleError) return found;
  const error = putDown(d, found.hand, seat, card);
  if (error) return error;
  passTurn(d, found.hand, seat);
  return null;
}

/** `groups` are exactly the player's cards but `card`, each once. */
function isPartition(cards: number[], card: number, groups: unknown): groups is number[][] {
  if (!Array.isArray(groups) || !groups.every((g) => Array.isArray(g))) return false;
  const flat = (groups as unknown[][]).flat();
  const rest = cards.filter((c) => c !== card);
  if (flat.length !== rest.length || new Set(flat).size !== flat.length) return false;
  const held = new Set(rest);
  return flat.every((c) => typeof c === 'number' && held.has(c));
}

function declare(d: Draft, seat: number, card: number, groups: unknown): TableRuleError | null {
  const found = onTurn(d.t, seat, 'discard');
  if (found instanceof TableRuleError) return found;
  const { hand, me } = found;
  if (!me.cards.includes(card))
    return refuse('card_not_held', `seat ${seat} does not hold card ${String(card)}`);
  if (!isPartition(me.cards, card, groups))
    return refuse('declaration_malformed', 'the groups must hold each of your other 13 cards once');
  // Empty groups are dropped (a UI's empty slot), not counted as a wrong meld.
  const shown = groups.filter((g) => g.length > 0).map((g) => [...g]);
  const check = checkDeclaration(shown, hand.wildRank);
  if (check.valid) {
    me.cards.splice(me.cards.indexOf(card), 1);
    d.events.push({ type: 'declared', seat, card, groups: shown, valid: true, reason: null });
    settle(d, hand, seat);
    return null;
  }
  // A wrong declaration: the card is discarded and the player is out with the full 80 points.
  putDown(d, hand, seat, card);
  d.events.push({ type: 'declared', seat, card, groups: shown, valid: false, reason: check.reason });
  goOut(d, hand, seat, 'wrong-declaration', 'wrong-declaration', WRONG_DECLARATION_POINTS);
  return null;
}

function drop(d: Draft, seat: number): TableRuleError | null {
  const found = onTurn(d.t, seat, 'draw');
  if (found instanceof TableRuleError) return found;
  dropOut(d, found.hand, seat, 'drop');
  return null;
}

/**
 * The card the clock discards for a player: of the cards outside the best grouping of the 14, the one
 * worth most (the latest drawn among equals); if every card is grouped or a joker, the card just drawn.
 */
export function timeoutDiscard(cards: readonly number[], wildRank: number): number {
  const loose = new Set(bestGrouping(cards, wildRank).ungrouped.filter((c) => !isJoker(c, wildRank)));
  let pick = cards.at(-1) ?? -1;
  let worth = -1;
  for (const c of cards)
    if (loose.has(c) && cardPoints(c, wildRank) >= worth) {
      pick = c;
      worth = cardPoints(c, wildRank);
    }
  return pick;
}

/**
 * The turn clock ran out: a missed turn. The `maxMissedTurns`-th in a row drops the player (20 or 40);
 * before that the clock plays for them: draws from the closed pile (if they had not drawn) and discards
 * `timeoutDiscard`'s card.
 */
function timeout(d: Draft, seat: number): TableRuleError | null {
  const found = onTurn(d.t, seat, null);
  if (found instanceof TableRuleError) return found;
  const { hand, me } = found;
  me.missed += 1;
  d.events.push({ type: 'missed', seat, count: me.missed });
  if (me.missed >= d.t.config.maxMissedTurns) {
    dropOut(d, hand, seat, 'timeout');
    return null;
  }
  if (hand.phase === 'draw') {
    const error = takeCard(d, hand, seat, 'closed');
    if (error) return error;
  }
  putDown(d, hand, seat, timeoutDiscard(me.cards, hand.wildRank));
  passTurn(d, hand, seat);
  return null;
}

function apply(d: Draft, action: RummyAction): TableRuleError | null {
  if (!action || typeof action !== 'object') return refuse('action_invalid', 'unknown action');
  if (action.type === 'sit') return sit(d, action);
  if (action.type === 'start') return start(d, action.fair);
  if (!isSeatIndex(d.t.config.seats, action.seat))
    return refuse('seat_invalid', `no seat ${String(action.seat)}`);
  switch (action.type) {
    case 'leave':
      return leave(d, action.seat);
    case 'draw':
      return draw(d, action.seat, action.from);
    case 'discard':
      return discard(d, action.seat, action.card);
    case 'declare':
      return declare(d, action.seat, action.card, action.groups);
    case 'drop':
      return drop(d, action.seat);
    case 'timeout':
      return timeout(d, action.seat);
    default:
      return refuse('action_invalid', 'unknown action');
  }
}

/**
 * Applies one action. `hmac` is the shuffle's HMAC (the server passes node:crypto's, as for every game).
 * A refused action returns the error and no new table; the table given is never changed.
 */
export function reduceRummy(
  table: RummyTable,
  action: RummyAction,
  hmac: Hmac = hmacSha256,
): RummyResult | TableRuleError {
  const d: Draft = { t: cloneTable(table), events: [], hmac };
  const error = apply(d, action);
  return error ?? { table: d.t, events: d.events };
}
