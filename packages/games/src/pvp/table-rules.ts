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
