import type { FairInputs } from '../types.ts';

/**
 * What every PVP table shares (docs/pvp.md): the seat, the refusal with its rule code, the rake and the
 * check of a hand's fair inputs. Teen Patti (`teen-patti-table.ts`) and Rummy (`rummy-table.ts`) use these
 * so that the server answers both the same way.
 */

export type TableSeat = { playerId: string; chipsMinor: bigint };

export type TableRuleCode =
  | 'action_invalid'
  | 'seat_invalid'
  | 'seat_taken'
  | 'seat_empty'
  | 'already_seated'
  | 'buy_in_out_of_range'
  | 'hand_in_progress'
  | 'no_hand'
  | 'not_enough_players'
  | 'fair_invalid'
  | 'not_in_hand'
  | 'not_your_turn'
  | 'already_seen'
  | 'bet_invalid'
  | 'chips_short'
  | 'show_not_allowed'
  | 'side_show_not_allowed'
  // Rummy: an action of the other half of the turn (draw vs discard), a card the player doesn't hold, a
  // joker asked for from the open pile, a declaration whose groups are not exactly the player's cards.
  | 'wrong_phase'
  | 'card_not_held'
  | 'joker_not_drawable'
  | 'declaration_malformed';

/** An action the rules refuse; the table is unchanged. The server answers it as a 4xx with `code`. */
export class TableRuleError extends Error {
  readonly code: TableRuleCode;
  constructor(code: TableRuleCode, message: string) {
    super(message);
    this.name = 'TableRuleError';
    this.code = code;
  }
}

export const refuse = (code: TableRuleCode, message: string) => new TableRuleError(code, message);

/** The rake of an amount: ⌊amount × bps / 10,000⌋, capped. */
export function rakeOf(amountMinor: bigint, config: { rakeBps: number; rakeCapMinor: bigint }): bigint {
  const rake = (amountMinor * BigInt(config.rakeBps)) / 10_000n;
  return rake < config.rakeCapMinor ? rake : config.rakeCapMinor;
}

export function validFair(fair: FairInputs | undefined): boolean {
  return (
    !!fair &&
    typeof fair.serverSeed === 'string' &&
    fair.serverSeed.length > 0 &&
    typeof fair.clientSeed === 'string' &&
    fair.clientSeed.length > 0 &&
    Number.isSafeInteger(fair.nonce) &&
    fair.nonce >= 0
  );
}

export function isSeatIndex(seats: number, seat: unknown): seat is number {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < seats;
}

/** Whether a buy-in is a bigint within the table's limits. */
export function buyInInRange(
  buyIn: unknown,
  config: { minBuyInMinor: bigint; maxBuyInMinor: bigint },
): boolean {
  return typeof buyIn === 'bigint' && buyIn >= config.minBuyInMinor && buyIn <= config.maxBuyInMinor;
}

/** A new table's seats and counters: all seats empty, no dealer yet, no hand, no rake. */
export function emptyTable(seats: number) {
  return {
    seats: Array.from({ length: seats }, (): TableSeat | null => null),
    dealer: -1,
    handsPlayed: 0,
    hand: null,
    rakeTakenMinor: 0n,
  };
}

export type SatEvent = { type: 'sat'; seat: number; playerId: string; buyInMinor: bigint };

/**
 * Seats a player (in `seats`, changed in place) and returns the `sat` event, or refuses: no such seat,
 * taken, a second seat at the table, a buy-in outside the limits. Sitting down mid-hand waits for the next.
 */
export function sitDown(
  seats: (TableSeat | null)[],
  config: { minBuyInMinor: bigint; maxBuyInMinor: bigint },
  a: { seat: number; playerId: string; buyInMinor: bigint },
): TableRuleError | SatEvent {
  if (!isSeatIndex(seats.length, a.seat)) return refuse('seat_invalid', `no seat ${String(a.seat)}`);
  if (seats[a.seat]) return refuse('seat_taken', `seat ${a.seat} is taken`);
  if (typeof a.playerId !== 'string' || a.playerId === '')
    return refuse('action_invalid', 'a player id is needed');
  if (seats.some((s) => s?.playerId === a.playerId)) return refuse('already_seated', 'already at this table');
  if (!buyInInRange(a.buyInMinor, config))
    return refuse('buy_in_out_of_range', 'buy-in outside the table limits');
  seats[a.seat] = { playerId: a.playerId, chipsMinor: a.buyInMinor };
  return { type: 'sat', seat: a.seat, playerId: a.playerId, buyInMinor: a.buyInMinor };
}

/**
 * Who plays the next hand: the dealer button moves from `lastDealer` to the next eligible seat clockwise
 * (the first hand: the first from seat 0), and the players are the eligible seats from the dealer's left.
 */
export function dealOrder(
  seats: number,
  lastDealer: number,
  eligible: (seat: number) => boolean,
): { dealer: number; order: number[] } {
  let dealer = -1;
  for (let k = 1; k <= seats && dealer < 0; k++) {
    const seat = (((lastDealer + k) % seats) + seats) % seats;
    if (eligible(seat)) dealer = seat;
  }
  const order: number[] = [];
  for (let k = 1; k <= seats; k++) {
    const seat = (dealer + k) % seats;
    if (eligible(seat)) order.push(seat);
  }
  return { dealer, order };
}
