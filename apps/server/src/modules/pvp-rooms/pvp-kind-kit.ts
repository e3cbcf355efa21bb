import { createHmac } from 'node:crypto';
import type { Hmac } from '@lotus/games/fair';
import type { TableRuleCode, TableRuleError } from '@lotus/games/pvp/table-rules';
import type { ErrorCode } from '@lotus/shared/error-codes';
import type { PvpEvent } from '@lotus/shared/pvp.schema';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { PvpCommonReads, PvpGameKindModule, PvpRecordedEvent } from './pvp-kind-types.ts';

/**
 * What the kinds share (docs/pvp.md "Server"): the tables' refusals (table-rules.ts, one vocabulary for
 * every game) as the API's error codes, the shuffle's HMAC, the reading of a stored config's minor units and
 * the view of the events every table records alike.
 */

/** node:crypto's HMAC for the shuffle: the same bytes as the package's pure one, much faster. */
export const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();
export const RULE_CODES: Record<TableRuleCode, ErrorCode> = {
  action_invalid: 'pvp_action_invalid',
  seat_invalid: 'pvp_seat_invalid',
  seat_taken: 'pvp_seat_taken',
  seat_empty: 'pvp_not_seated',
  already_seated: 'pvp_already_seated',
  buy_in_out_of_range: 'pvp_buy_in_out_of_range',
  hand_in_progress: 'pvp_action_invalid',
  no_hand: 'pvp_not_in_hand',
  not_enough_players: 'pvp_action_invalid',
  fair_invalid: 'pvp_action_invalid',
  not_in_hand: 'pvp_not_in_hand',
  not_your_turn: 'pvp_not_your_turn',
  already_seen: 'pvp_already_seen',
  bet_invalid: 'pvp_bet_invalid',
  chips_short: 'pvp_stack_short',
  show_not_allowed: 'pvp_show_not_allowed',
  side_show_not_allowed: 'pvp_side_show_not_allowed',
  wrong_phase: 'pvp_wrong_phase',
  card_not_held: 'pvp_card_not_held',
  joker_not_drawable: 'pvp_joker_not_drawable',
  declaration_malformed: 'pvp_declaration_malformed',
};

/** A stored minor amount: an integer string (or a number, as an operator might write it) → bigint. */
export const storedMinor = z
  .union([z.string().regex(/^[0-9]+$/), z.number().int().nonnegative()])
  .transform((value) => BigInt(value));

/** A reducer's refusal as the API's error (a 4xx `pvp_*` code). */
export function refusalOf(error: TableRuleError, details?: Record<string, unknown>): AppError {
  return new AppError(RULE_CODES[error.code], { message: error.message, ...(details ? { details } : {}) });
}

const str = (value: unknown): string => String(value);

/**
 * The events every kind records the same way (sit, leave, turn, rake, win, a hand's fair inputs) as the API
 * shows them; undefined for a kind's own.
 */
export function commonEventView(event: PvpRecordedEvent): PvpEvent | undefined {
  const e = event as Record<string, unknown>;
  switch (event.type) {
    case 'sat':
      return { type: 'sat', seat: Number(e.seat), nick: event.nick ?? '', buyInMinor: str(e.buyInMinor) };
    case 'left':
      return { type: 'left', seat: Number(e.seat), nick: event.nick ?? '', chipsMinor: str(e.chipsMinor) };
    case 'turn':
      return { type: 'turn', seat: Number(e.seat) };
    case 'rake':
      return { type: 'rake', amountMinor: str(e.amountMinor) };
    case 'won':
      return { type: 'won', seat: Number(e.seat), nick: event.nick ?? '', amountMinor: str(e.amountMinor) };
    case 'hand-ended':
      return {
        type: 'hand-ended',
        hand: Number(e.hand),
        serverSeed: str(e.serverSeed),
        clientSeed: str(e.clientSeed),
        nonce: Number(e.nonce),
      };
    default:
      return undefined;
  }
}

/** The fields every kind's stored config has: seats, the buy-in range and the rake (minor units as strings). */
export const storedTableFields = {
  seats: z.number().int(),
  minBuyInMinor: storedMinor,
  maxBuyInMinor: storedMinor,
  rakeBps: z.number().int(),
  rakeCapMinor: storedMinor,
};

/** What every kind's table has in common: seats with chips, the hand's number and pot, the rake taken. */
type CommonTable = {
  seats: ({ playerId: string; chipsMinor: bigint } | null)[];
  hand: { number: number; potMinor: bigint } | null;
  rakeTakenMinor: bigint;
};

/** The reads that look only at the common part of a table, the same for every kind. */
export const commonTableReads: Pick<PvpGameKindModule, PvpCommonReads> = {
  handNumber: (table) => (table as CommonTable).hand?.number ?? null,

  seats: (table) => (table as CommonTable).seats.map((s) => s && { ...s }),

  moneyOnTable(table) {
    const t = table as CommonTable;
    return {
      chipsMinor: t.seats.reduce((sum, s) => sum + (s?.chipsMinor ?? 0n), 0n),
      potMinor: t.hand?.potMinor ?? 0n,
      rakeTakenMinor: t.rakeTakenMinor,
    };
  },
};
