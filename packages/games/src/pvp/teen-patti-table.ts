import { createDraws, type Hmac, hmacSha256 } from '../fair.ts';
import type { Card, FairInputs } from '../types.ts';
import {
  dealOrder,
  emptyTable,
  isSeatIndex,
  rakeOf,
  refuse,
  sitDown,
  type TableRuleCode,
  TableRuleError,
  type TableSeat,
  validFair,
} from './table-rules.ts';
import { deckCard, rankHand, type TeenPattiCategory } from './teen-patti-hands.ts';

// The shared table vocabulary, also from here for callers that know only the Teen Patti table.
export { rakeOf, type TableRuleCode, TableRuleError, type TableSeat };

/**
 * One Teen Patti table as a pure reducer: `reduceTeenPatti(table, action) → { table, events }` or a
 * `TableRuleError` (docs/pvp.md "Teen Patti (rules and table)"). The server keeps the table, feeds it the
 * players' actions, the hand's fair inputs and the turn clock's time-outs, pushes the events and records
 * them; this file holds every rule and no I/O. The table given is never changed: a refused action leaves
 * it exactly as it was, an accepted one returns a new table.
 *
 * Betting, in "stake" units (the blind's chaal; it starts at the boot):
 * - a blind player's chaal is the stake (1×) or twice it (2×, which doubles the stake);
 * - a seen player's chaal is 2× or 4× the stake (4× doubles the stake);
 * - the stake never goes above `maxStakeMinor` (the chaal limit);
 * - no all-in: a bet the player's table chips can't cover is refused; such a player can still pack (or
 *   leave, or let the clock pack them).
 * - show: only when two players are left, by the player to act, for the price of their chaal (1× blind,
 *   2× seen); both hands are compared, equal hands split.
 * - side show: a seen player, on their turn with three or more players left, pays a 2× chaal and asks the
 *   previous player still in (counter-clockwise), who must be seen; accepted: the lower hand packs (equal
 *   hands: the asker packs); declined (or the clock runs out on the reply): nothing more. Either way the
 *   turn then passes on from the asker.
 * - pot limit: when a bet brings the pot to `potLimitMinor` or over, everyone left shows at once.
 * - rake: ⌊pot × rakeBps / 10,000⌋, at most `rakeCapMinor`, taken from every pot when the hand ends;
 *   winners share pot − rake equally, the remainder minor units going to the first winner clockwise from
 *   the dealer's left.
 */

export type TeenPattiConfig = {
  /** Seats at the table, 2..9. */
  seats: number;
  /** The boot (ante) every dealt player puts in, and the opening stake. */
  bootMinor: bigint;
  minBuyInMinor: bigint;
  maxBuyInMinor: bigint;
  /** The chaal limit: the stake is never raised above it. */
  maxStakeMinor: bigint;
  /** A pot that reaches it ends the hand with a show of everyone left. */
  potLimitMinor: bigint;
  /** Rake in basis points of the pot (500 = 5 %). */
  rakeBps: number;
  rakeCapMinor: bigint;
};

/** A dealt player's part of the hand. */
export type HandSeat = {
  playerId: string;
  cards: Card[];
  seen: boolean;
  packed: boolean;
  /** What this player has put in the pot this hand (boot included). */
  inPotMinor: bigint;
};

export type TeenPattiHandState = {
  /** 1, 2, 3 … at this table. */
  number: number;
  dealer: number;
  /** Indexed by seat; null for a seat not dealt in. */
  seats: (HandSeat | null)[];
  potMinor: bigint;
  stakeMinor: bigint;
  /** Whose turn it is; while a side show waits for its reply, the asker's (see `seatToAct`). */
  turn: number;
  sideShow: { from: number; to: number } | null;
};

export type TeenPattiTable = {
  config: TeenPattiConfig;
  seats: (TableSeat | null)[];
  /** The last hand's dealer seat; -1 before the first hand. */
  dealer: number;
  handsPlayed: number;
  hand: TeenPattiHandState | null;
  /** All the rake this table has taken, for the money check (chips + pot + rake = buy-ins − cash-outs). */
  rakeTakenMinor: bigint;
};

export type TeenPattiAction =
  | { type: 'sit'; seat: number; playerId: string; buyInMinor: bigint }
  | { type: 'leave'; seat: number }
  /** The server draws (and commits to) the hand's fair inputs; the shuffle is `createDraws(fair)`. */
  | { type: 'start'; fair: FairInputs }
  | { type: 'see'; seat: number }
  | { type: 'chaal'; seat: number; amountMinor: bigint }
  | { type: 'pack'; seat: number }
  | { type: 'show'; seat: number }
  | { type: 'side-show'; seat: number }
  | { type: 'side-show-reply'; seat: number; accept: boolean }
  /** The turn clock ran out (or the player is disconnected) for the seat to act. */
  | { type: 'timeout'; seat: number };

export type BetReason = 'boot' | 'chaal' | 'show' | 'side-show';
export type PackReason = 'pack' | 'timeout' | 'leave' | 'side-show';

/**
 * What happened, in order. `dealt` carries every hand's cards for the record: the server must send each
 * player only their own (and only once they have seen them), and everyone's only at a show.
 */
export type TeenPattiEvent =
  | { type: 'sat'; seat: number; playerId: string; buyInMinor: bigint }
  | { type: 'left'; seat: number; playerId: string; chipsMinor: bigint }
  | {
      type: 'dealt';
      hand: number;
      dealer: number;
      fair: FairInputs;
      cards: { seat: number; playerId: string; cards: Card[] }[];
    }
  | { type: 'seen'; seat: number }
  | {
      type: 'bet';
      seat: number;
      reason: BetReason;
      amountMinor: bigint;
      blind: boolean;
      stakeMinor: bigint;
      potMinor: bigint;
    }
  | { type: 'turn'; seat: number }
  | { type: 'packed'; seat: number; reason: PackReason }
  | { type: 'side-show'; from: number; to: number; accepted: boolean | null; loser: number | null }
  | {
      type: 'show';
      reason: 'show' | 'pot-limit';
      hands: { seat: number; cards: Card[]; category: TeenPattiCategory }[];
    }
  | { type: 'rake'; amountMinor: bigint }
  | { type: 'won'; seat: number; playerId: string; amountMinor: bigint };

export type TeenPattiResult = { table: TeenPattiTable; events: TeenPattiEvent[] };

export function createTeenPattiTable(config: TeenPattiConfig): TeenPattiTable {
  const c = config;
  const ok =
    Number.isInteger(c.seats) &&
    c.seats >= 2 &&
    c.seats <= 9 &&
    c.bootMinor > 0n &&
    c.minBuyInMinor >= c.bootMinor &&
    c.maxBuyInMinor >= c.minBuyInMinor &&
    c.maxStakeMinor >= c.bootMinor &&
    // The boots alone must not end a hand at once.
    c.potLimitMinor > c.bootMinor * BigInt(c.seats) &&
    Number.isInteger(c.rakeBps) &&
    c.rakeBps >= 0 &&
    c.rakeBps <= 10_000 &&
    c.rakeCapMinor >= 0n;
  if (!ok) throw new RangeError('invalid Teen Patti table config');
  return { config, ...emptyTable(c.seats) };
}

/** Equal shares of `amount`; the remainder minor units go to the first share (the first winner clockwise). */
export function splitPot(amountMinor: bigint, winners: number): bigint[] {
  const n = BigInt(winners);
  const share = amountMinor / n;
  return Array.from({ length: winners }, (_, i) => (i === 0 ? share + (amountMinor % n) : share));
}

/** The one seat that must act now in a live hand (the side show's responder while one waits), else null. */
export function seatToAct(table: TeenPattiTable): number | null {
  const hand = table.hand;
  if (!hand) return null;
  return hand.sideShow ? hand.sideShow.to : hand.turn;
}

/** The players still in the hand (dealt, not packed), clockwise from seat 0. */
export function activeSeats(hand: TeenPattiHandState): number[] {
  const out: number[] = [];
  hand.seats.forEach((h, seat) => {
    if (h && !h.packed) out.push(seat);
  });
  return out;
}

/** What a chaal may be for this player now: [call, raise]. */
export function chaalAmounts(hand: TeenPattiHandState, seat: number): [bigint, bigint] {
  const unit = hand.seats[seat]?.seen ? 2n : 1n;
  return [hand.stakeMinor * unit, hand.stakeMinor * unit * 2n];
}

function cloneTable(t: TeenPattiTable): TeenPattiTable {
  const h = t.hand;
  return {
    ...t,
    seats: t.seats.map((s) => s && { ...s }),
    hand: h && {
      ...h,
      seats: h.seats.map((x) => x && { ...x, cards: [...x.cards] }),
      sideShow: h.sideShow && { ...h.sideShow },
    },
  };
}

/** The working copy of one reduction: the new table and the events so far. */
type Draft = { t: TeenPattiTable; events: TeenPattiEvent[] };

function isSeat(t: TeenPattiTable, seat: unknown): seat is number {
  return isSeatIndex(t.config.seats, seat);
}

/** Next seat clockwise (step 1) or counter-clockwise (step -1) from `from` still in the hand. */
function nextActive(hand: TeenPattiHandState, from: number, step: 1 | -1 = 1): number {
  const n = hand.seats.length;
  for (let k = 1; k <= n; k++) {
    const seat = (((from + step * k) % n) + n) % n;
    const h = hand.seats[seat];
    if (h && !h.packed) return seat;
  }
  return from;
}

/** The player at `seat` is in the live hand: dealt, not packed, and still the one sitting there. */
function inHand(
  t: TeenPattiTable,
  seat: number,
): TableRuleError | { hand: TeenPattiHandState; me: HandSeat } {
  const hand = t.hand;
  if (!hand) return refuse('no_hand', 'no hand is being played');
  const me = hand.seats[seat];
  if (!me || me.packed || t.seats[seat]?.playerId !== me.playerId)
    return refuse('not_in_hand', `seat ${seat} is not in this hand`);
  return { hand, me };
}

/** As `inHand`, and it is this seat's turn (no side show waiting). */
function onTurn(
  t: TeenPattiTable,
  seat: number,
): TableRuleError | { hand: TeenPattiHandState; me: HandSeat } {
  const found = inHand(t, seat);
  if (found instanceof TableRuleError) return found;
  if (found.hand.sideShow || found.hand.turn !== seat)
    return refuse('not_your_turn', `not seat ${seat}'s turn`);
  return found;
}

function pay(d: Draft, seat: number, amount: bigint, reason: BetReason): TableRuleError | null {
  const hand = d.t.hand;
  const player = d.t.seats[seat];
  const me = hand?.seats[seat];
  if (!hand || !player || !me) return refuse('not_in_hand', `seat ${seat} is not in this hand`);
  if (player.chipsMinor < amount)
    return refuse('chips_short', `seat ${seat} has too few chips for ${amount}`);
  player.chipsMinor -= amount;
  me.inPotMinor += amount;
  hand.potMinor += amount;
  d.events.push({
    type: 'bet',
    seat,
    reason,
    amountMinor: amount,
    blind: !me.seen,
    stakeMinor: hand.stakeMinor,
    potMinor: hand.potMinor,
  });
  return null;
}

/** Ends the hand: rake to the house, pot − rake to the winners, the table ready for the next hand. */
function settle(d: Draft, hand: TeenPattiHandState, winners: number[]): void {
  const n = hand.seats.length;
  // Clockwise from the dealer's left: the first gets the split's remainder.
  const order = [...winners].sort(
    (a, b) => ((a - hand.dealer - 1 + n) % n) - ((b - hand.dealer - 1 + n) % n),
  );
  const rake = rakeOf(hand.potMinor, d.t.config);
  d.t.rakeTakenMinor += rake;
  d.events.push({ type: 'rake', amountMinor: rake });
  const shares = splitPot(hand.potMinor - rake, order.length);
  order.forEach((seat, i) => {
    const player = d.t.seats[seat];
    const amount = shares[i] ?? 0n;
    // A winner is still in the hand, so still seated: leaving packs first.
    if (player) player.chipsMinor += amount;
    d.events.push({ type: 'won', seat, playerId: hand.seats[seat]?.playerId ?? '', amountMinor: amount });
  });
  hand.potMinor = 0n;
  d.t.hand = null;
  d.t.handsPlayed = hand.number;
}

/** Everyone in `seats` shows; the best hand wins, equal best hands split. */
function showdown(d: Draft, hand: TeenPattiHandState, seats: number[], reason: 'show' | 'pot-limit'): void {
  const ranked = seats.map((seat) => {
    const cards = hand.seats[seat]?.cards ?? [];
    return { seat, cards, ...rankHand(cards) };
  });
  d.events.push({
    type: 'show',
    reason,
    hands: ranked.map((r) => ({ seat: r.seat, cards: r.cards, category: r.category })),
  });
  const best = Math.max(...ranked.map((r) => r.score));
  settle(
    d,
    hand,
    ranked.filter((r) => r.score === best).map((r) => r.seat),
  );
}

function passTurn(d: Draft, hand: TeenPattiHandState, from: number): void {
  hand.turn = nextActive(hand, from);
  d.events.push({ type: 'turn', seat: hand.turn });
}

/** A player leaves the hand; the last one left wins, else the turn moves on if it was theirs. */
function packSeat(d: Draft, hand: TeenPattiHandState, seat: number, reason: PackReason): void {
  const me = hand.seats[seat];
  if (!me) return;
  me.packed = true;
  d.events.push({ type: 'packed', seat, reason });
  const left = activeSeats(hand);
  if (left.length === 1) {
    settle(d, hand, left);
    return;
  }
  const side = hand.sideShow;
  if (side && (side.from === seat || side.to === seat)) {
    // The side show can't be answered any more: it lapses and play goes on from the asker.
    hand.sideShow = null;
    d.events.push({ type: 'side-show', from: side.from, to: side.to, accepted: null, loser: null });
    passTurn(d, hand, side.from);
  } else if (!side && hand.turn === seat) passTurn(d, hand, seat);
}

/** After a bet: the pot limit ends the hand with a show of everyone left. */
function potLimitReached(d: Draft, hand: TeenPattiHandState): boolean {
  if (hand.potMinor < d.t.config.potLimitMinor) return false;
  showdown(d, hand, activeSeats(hand), 'pot-limit');
  return true;
}

function sit(d: Draft, a: Extract<TeenPattiAction, { type: 'sit' }>): TableRuleError | null {
  const sat = sitDown(d.t.seats, d.t.config, a);
  if (sat instanceof TableRuleError) return sat;
  d.events.push(sat);
  return null;
}

function leave(d: Draft, seat: number): TableRuleError | null {
  const { t } = d;
  if (!isSeat(t, seat)) return refuse('seat_invalid', `no seat ${String(seat)}`);
  const player = t.seats[seat];
  if (!player) return refuse('seat_empty', `seat ${seat} is empty`);
  const me = t.hand?.seats[seat];
  // Mid-hand a player folds and leaves: what they put in stays in the pot.
  if (t.hand && me && !me.packed && me.playerId === player.playerId) packSeat(d, t.hand, seat, 'leave');
  t.seats[seat] = null;
  d.events.push({ type: 'left', seat, playerId: player.playerId, chipsMinor: player.chipsMinor });
  return null;
}

/**
 * Deals a hand: seats with chips ≥ boot play; the dealer button moves to the next of them clockwise; each
 * puts in the boot; three rounds of one card each, from the dealer's left. Card k of the hand is taken
 * from what is left of the ordered deck 0..51 at position `int(52 − k)` (the rest keep their order).
 */
function start(d: Draft, fair: FairInputs, hmac: Hmac): TableRuleError | null {
  const { t } = d;
  const { config } = t;
  if (t.hand) return refuse('hand_in_progress', 'a hand is being played');
  if (!validFair(fair)) return refuse('fair_invalid', 'the hand needs fair inputs');
  const n = config.seats;
  const eligible = (seat: number) => (t.seats[seat]?.chipsMinor ?? -1n) >= config.bootMinor;
  const { dealer, order } = dealOrder(n, t.dealer, eligible);
  if (order.length < 2) return refuse('not_enough_players', 'a hand needs two players with the boot');
  const hand: TeenPattiHandState = {
    number: t.handsPlayed + 1,
    dealer,
    seats: Array.from({ length: n }, () => null),
    potMinor: 0n,
    stakeMinor: config.bootMinor,
    turn: order[0] ?? 0,
    sideShow: null,
  };
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const draws = createDraws(fair, hmac);
  for (const seat of order)
    hand.seats[seat] = {
      playerId: t.seats[seat]?.playerId ?? '',
      cards: [],
      seen: false,
      packed: false,
      inPotMinor: 0n,
    };
  for (let round = 0; round < 3; round++)
    for (const seat of order) {
      const [index] = deck.splice(draws.int(deck.length), 1);
      hand.seats[seat]?.cards.push(deckCard(index ?? 0));
    }
  t.hand = hand;
  t.dealer = dealer;
  d.events.push({
    type: 'dealt',
    hand: hand.number,
    dealer,
    fair: { ...fair },
    cards: order.map((seat) => ({
      seat,
      playerId: hand.seats[seat]?.playerId ?? '',
      cards: hand.seats[seat]?.cards ?? [],
    })),
  });
  for (const seat of order) pay(d, seat, config.bootMinor, 'boot');
  d.events.push({ type: 'turn', seat: hand.turn });
  return null;
}

function chaal(d: Draft, seat: number, amount: bigint): TableRuleError | null {
  const found = onTurn(d.t, seat);
  if (found instanceof TableRuleError) return found;
  const { hand } = found;
  const [call, raise] = chaalAmounts(hand, seat);
  if (typeof amount !== 'bigint' || (amount !== call && amount !== raise))
    return refuse('bet_invalid', `a chaal is ${call} or ${raise}`);
  const raising = amount === raise;
  if (raising && hand.stakeMinor * 2n > d.t.config.maxStakeMinor)
    return refuse('bet_invalid', 'the stake is at the chaal limit');
  const error = pay(d, seat, amount, 'chaal');
  if (error) return error;
  if (raising) {
    hand.stakeMinor *= 2n;
    // The bet event shows the stake after the raise.
    const last = d.events[d.events.length - 1];
    if (last?.type === 'bet') last.stakeMinor = hand.stakeMinor;
  }
  if (!potLimitReached(d, hand)) passTurn(d, hand, seat);
  return null;
}

function show(d: Draft, seat: number): TableRuleError | null {
  const found = onTurn(d.t, seat);
  if (found instanceof TableRuleError) return found;
  const { hand } = found;
  const left = activeSeats(hand);
  if (left.length !== 2) return refuse('show_not_allowed', 'a show needs exactly two players left');
  const error = pay(d, seat, chaalAmounts(hand, seat)[0], 'show');
  if (error) return error;
  showdown(d, hand, left, 'show');
  return null;
}

function askSideShow(d: Draft, seat: number): TableRuleError | null {
  const found = onTurn(d.t, seat);
  if (found instanceof TableRuleError) return found;
  const { hand, me } = found;
  const to = nextActive(hand, seat, -1);
  if (!me.seen || activeSeats(hand).length < 3 || !hand.seats[to]?.seen)
    return refuse('side_show_not_allowed', 'a side show is between two seen players with three or more left');
  const error = pay(d, seat, chaalAmounts(hand, seat)[0], 'side-show');
  if (error) return error;
  if (potLimitReached(d, hand)) return null;
  hand.sideShow = { from: seat, to };
  d.events.push({ type: 'side-show', from: seat, to, accepted: null, loser: null });
  return null;
}

function replySideShow(d: Draft, seat: number, accept: boolean): TableRuleError | null {
  const found = inHand(d.t, seat);
  if (found instanceof TableRuleError) return found;
  const { hand } = found;
  const side = hand.sideShow;
  if (!side || side.to !== seat) return refuse('not_your_turn', `no side show for seat ${seat} to answer`);
  if (typeof accept !== 'boolean') return refuse('action_invalid', 'accept or decline');
  hand.sideShow = null;
  if (!accept) {
    d.events.push({ type: 'side-show', from: side.from, to: side.to, accepted: false, loser: null });
    passTurn(d, hand, side.from);
    return null;
  }
  const from = rankHand(hand.seats[side.from]?.cards ?? []).score;
  const to = rankHand(hand.seats[side.to]?.cards ?? []).score;
  // Equal hands: the one who asked packs.
  const loser = to >= from ? side.from : side.to;
  d.events.push({ type: 'side-show', from: side.from, to: side.to, accepted: true, loser });
  packSeat(d, hand, loser, 'side-show');
  // packSeat moved the turn on if the asker lost; if the responder lost, it moves on from the asker here.
  if (d.t.hand && loser === side.to) passTurn(d, hand, side.from);
  return null;
}

function see(d: Draft, seat: number): TableRuleError | null {
  const found = inHand(d.t, seat);
  if (found instanceof TableRuleError) return found;
  if (found.me.seen) return refuse('already_seen', 'cards already seen');
  found.me.seen = true;
  d.events.push({ type: 'seen', seat });
  return null;
}

function pack(d: Draft, seat: number, reason: 'pack' | 'timeout'): TableRuleError | null {
  const found = reason === 'timeout' ? onTurn(d.t, seat) : inHand(d.t, seat);
  if (found instanceof TableRuleError) return found;
  packSeat(d, found.hand, seat, reason);
  return null;
}

function timeout(d: Draft, seat: number): TableRuleError | null {
  // The clock running out on a side show's reply declines it; on a turn it packs.
  if (d.t.hand?.sideShow?.to === seat) return replySideShow(d, seat, false);
  return pack(d, seat, 'timeout');
}

function apply(d: Draft, action: TeenPattiAction, hmac: Hmac): TableRuleError | null {
  if (action.type === 'sit') return sit(d, action);
  if (action.type === 'start') return start(d, action.fair, hmac);
  if (!isSeat(d.t, action.seat)) return refuse('seat_invalid', `no seat ${String(action.seat)}`);
  switch (action.type) {
    case 'leave':
      return leave(d, action.seat);
    case 'see':
      return see(d, action.seat);
    case 'chaal':
      return chaal(d, action.seat, action.amountMinor);
    case 'pack':
      return pack(d, action.seat, 'pack');
    case 'show':
      return show(d, action.seat);
    case 'side-show':
      return askSideShow(d, action.seat);
    case 'side-show-reply':
      return replySideShow(d, action.seat, action.accept);
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
export function reduceTeenPatti(
  table: TeenPattiTable,
  action: TeenPattiAction,
  hmac: Hmac = hmacSha256,
): TeenPattiResult | TableRuleError {
  const d: Draft = { t: cloneTable(table), events: [] };
  const error = apply(d, action, hmac);
  return error ?? { table: d.t, events: d.events };
}
