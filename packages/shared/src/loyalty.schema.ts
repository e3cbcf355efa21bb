import { z } from 'zod';
import { RECORD_MAX_RANGE_DAYS } from './date-ranges.ts';
import { envelopeOf } from './envelope.ts';

/**
 * Rebates and personal profit and loss (issue 19; docs/loyalty.md). Money travels as strings in minor units
 * (`*Minor`). Days are UTC calendar days (`yyyy-MM-dd`), the brand's day (date-ranges.ts).
 */

const minorString = z.string().regex(/^-?[0-9]+$/);
const dayString = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/);

/** Personal P/L covers at most this many days per request (the record pages' widest range, SPEC §9). */
export const PROFIT_MAX_DAYS = RECORD_MAX_RANGE_DAYS;

/** A rebate rate is basis points of valid turnover: 50 = 0.50 %; at most 1000 (10 %). */
export const REBATE_RATE_MAX_BP = 1_000;

/** `55` → `"0.55"`: a rate in basis points as a percentage with two decimals (exact: no float). */
export function rateBpText(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const cents = String(rateBp % 100).padStart(2, '0');
  return `${whole}.${cents}`;
}

/**
 * `GET /wps/member/profit?from&to` (Bearer): the member's game profit and loss, from the settled rounds
 * (member_betting_hours): per UTC day, per game type, and totals. `netMinor` = payout − stake (the player's
 * result at the games); `rebateMinor` = the rebates granted for those days (in the reward centre, claimed or
 * not), shown beside it and not added into it. Bonuses and other rewards are not counted.
 */
export const profitQuery = z.object({ from: dayString, to: dayString });
export type ProfitQuery = z.infer<typeof profitQuery>;

const profitAmounts = {
  stakeMinor: minorString,
  /** Valid turnover (the stakes of settled rounds) — what rebates and VIP levels count. */
  validTurnoverMinor: minorString,
  payoutMinor: minorString,
  netMinor: minorString,
  rounds: z.number().int(),
};
export const profitDay = z.object({ day: dayString, ...profitAmounts, rebateMinor: minorString });
export type ProfitDay = z.infer<typeof profitDay>;
export const profitGameType = z.object({ gameType: z.string(), ...profitAmounts });
export type ProfitGameType = z.infer<typeof profitGameType>;
export const profitReport = z.object({
  from: dayString,
  to: dayString,
  currencySymbol: z.string(),
  /** Every day of the range, oldest first, zeros included (the chart has every day). */
  days: z.array(profitDay),
  /** The game types played in the range, the largest turnover first. */
  gameTypes: z.array(profitGameType),
  totals: z.object({ ...profitAmounts, rebateMinor: minorString }),
});
export type ProfitReport = z.infer<typeof profitReport>;
export const profitResponse = envelopeOf(profitReport);

/** `GET /wps/member/rebates?page`: the member's daily rebates, newest first. */
export const REBATE_PAGE_SIZE = 10;
export const rebateListQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export type RebateListQuery = z.infer<typeof rebateListQuery>;
export const rebateView = z.object({
  day: dayString,
  rankLevel: z.number().int(),
  validTurnoverMinor: minorString,
  amountMinor: minorString,
  /** The reward's state in the reward centre. */
  status: z.enum(['unclaimed', 'claimed', 'expired']),
  rewardId: z.string(),
  parts: z.array(
    z.object({
      gameType: z.string(),
      validTurnoverMinor: minorString,
      rateBp: z.number().int(),
      amountMinor: minorString,
    }),
  ),
});
export type RebateView = z.infer<typeof rebateView>;
export const rebateList = z.object({
  list: z.array(rebateView),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** All rebates the member was ever granted. */
  totalAmountMinor: minorString,
  currencySymbol: z.string(),
});
export type RebateList = z.infer<typeof rebateList>;
export const rebateListResponse = envelopeOf(rebateList);
