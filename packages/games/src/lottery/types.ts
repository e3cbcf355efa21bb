import type { Hmac } from '../fair.ts';

/**
 * The lottery engine's maths contract (issue 20, docs/lottery.md "Maths"): result shapes, bet types and the
 * functions every family implements. Pure: no I/O, runs in the browser's verify page too.
 *
 * Selections are canonical strings (what the server stores and the exposure key is built from):
 * numbers zero-padded to their width, several numbers sorted ascending and joined by '-', a position and a
 * choice joined by ':' (e.g. 'p3:big'). `validateLine` refuses anything not canonical.
 */

export type LotteryFamily = 'vn' | 'sea4d' | 'sea6d' | 'lott5d' | 'dice3' | 'pick11x5' | 'race10' | 'keno';
/** Vietnamese prize structure: North 27 prizes, South/Central 18 prizes. '' for the other families. */
export type LotteryVariant = '' | 'north' | 'south';

/** One prize tier of a tiered draw (VN, 4D): its name and its numbers, zero-padded strings. */
export type LotteryPrizeTier = { tier: string; numbers: string[] };

/**
 * A draw's result. The shapes:
 * - vn north: tiers special (1×5 digits), first (1×5), second (2×5), third (6×5), fourth (4×4), fifth (6×4),
 *   sixth (3×3), seventh (4×2) = 27 numbers;
 * - vn south: eighth (1×2), seventh (1×3), sixth (3×4), fifth (1×4), fourth (7×5), third (2×5), second (1×5),
 *   first (1×5), special (1×6) = 18 numbers; listed special first in `tiers` like north;
 * - sea4d: first, second, third (1×4 each), special (10×4), consolation (10×4): 23 DISTINCT 4-digit numbers;
 * - sea6d: one 6-digit number;
 * - lott5d: 5 digits 0–9 (positions 1–5);
 * - dice3: 3 dice 1–6;
 * - pick11x5: 5 distinct balls of 1–11 in drawn order;
 * - race10: the finishing order, a permutation of cars 1–10 (position 1 first);
 * - keno: 20 distinct numbers of 1–80 in drawn order.
 */
export type LotteryResult =
  | { family: 'vn'; variant: 'north' | 'south'; tiers: LotteryPrizeTier[] }
  | { family: 'sea4d'; tiers: LotteryPrizeTier[] }
  | { family: 'sea6d'; number: string }
  | { family: 'lott5d'; digits: number[] }
  | { family: 'dice3'; dice: number[] }
  | { family: 'pick11x5'; balls: number[] }
  | { family: 'race10'; order: number[] }
  | { family: 'keno'; numbers: number[] };

/**
 * Bet types per family (ids are stored in `lottery_lines.bet_type`, `^[a-z0-9]{1,16}$`):
 * - vn: `lo2` (a 2-digit number; pays per prize whose last two digits match), `de` (last 2 of special),
 *   `cang3` (last 3 of special), `xien2` / `xien3` / `xien4` (2/3/4 distinct 2-digit numbers, all among the
 *   prizes' last two digits), `head` (tens digit of the special's last two), `tail` (units digit of special);
 * - sea4d: `big` (a 4-digit number; pays by the tier it is drawn in: 1st/2nd/3rd/special/consolation),
 *   `small` (top three tiers only);
 * - sea6d: `front2`, `front3` (leading digits), `back2`, `back3` (trailing digits), `exact6`;
 * - lott5d: `digit` ('p<1-5>:<0-9>'), `bigsmall` ('p<1-5>:big|small', big = 5–9), `oddeven`
 *   ('p<1-5>:odd|even'), `sumbs` ('big|small' on the sum 0–45, big ≥ 23), `sumoe` ('odd|even');
 * - dice3: `sum` ('3'–'18'), `bigsmall` ('big' 11–17, 'small' 4–10; a triple loses both), `anytriple`
 *   ('any'), `triple` ('1'–'6'), `pair` ('1'–'6': at least two dice show it);
 * - pick11x5: `pick1` … `pick5` (k distinct balls '01'–'11', all among the 5 drawn), `first` (the first ball);
 * - race10: `position` ('p<1-10>:<01-10>'), `bigsmall` ('p<1-10>:big|small', big = cars 6–10), `oddeven`
 *   ('p<1-10>:odd|even'), `dragon` ('p<1-5>:dragon|tiger': car at position k vs. at 11−k, higher wins);
 * - keno: `spot1` … `spot10` (k distinct numbers '01'–'80'; pays by how many of them are among the 20).
 */
export type LotteryBetType = string;

/** One selection of a slip, as the bet slip sends it. */
export type LotteryLine = { betType: LotteryBetType; selection: string };

/**
 * The odds of one bet type under a margin. A bet type pays `stake × payUnits / 10_000` (rounded down to the
 * minor unit) where `payUnits` comes from `settleLine`. `odds1e4` is what the bet slip shows (the payout per
 * 1 staked for the base win: per hit for lô, first prize for 4D, the selected sum's odds for dice `sum`, the
 * best tier for keno), `maxUnits` the most one line can pay per unit stake ×10^4 (liability).
 */
export type LotteryOdds = {
  betType: LotteryBetType;
  odds1e4: bigint;
  maxUnits: bigint;
  /** Tier or hit-count pay table when it has several (4D tiers, keno hits, dice sums), units per 10^4. */
  table?: Record<string, bigint>;
  /** The exact return to player of this bet type under these odds (≤ 1 − margin), as a number. */
  declaredReturn: number;
};

/** What every family implements (packages/games/src/lottery/index.ts dispatches on the game's family). */
export type LotteryMaths = {
  family: LotteryFamily;
  betTypes: readonly LotteryBetType[];
  /**
   * The draw's result: every random number from `createDraws({ serverSeed: seed, clientSeed: drawId, nonce: 0 })`.
   * `hmac` defaults to fair.ts's pure HMAC; the server passes node:crypto's for speed (same bytes).
   */
  draw(seed: string, drawId: string, variant: LotteryVariant, hmac?: Hmac): LotteryResult;
  /** Null when the line is valid and canonical; else the i18n error code (`lottery_bet_invalid`). */
  validateLine(line: LotteryLine, variant: LotteryVariant): string | null;
  /** Odds of every bet type for a margin in basis points (0–5000), derived from exact probabilities. */
  odds(marginBp: number, variant: LotteryVariant): Record<LotteryBetType, LotteryOdds>;
  /** The line's shown odds and its most pay units (liability); dice `sum` odds depend on the selection. */
  lineOdds(
    line: LotteryLine,
    odds: Record<LotteryBetType, LotteryOdds>,
  ): { odds1e4: bigint; maxUnits: bigint };
  /** The line's pay units ×10^4 per unit stake (0 = lost) for a result; pure and deterministic. */
  settleLine(line: LotteryLine, result: LotteryResult, odds: Record<LotteryBetType, LotteryOdds>): bigint;
  /** Whether a result has the family's shape (the external-result importer's check). */
  resultProblem(result: unknown, variant: LotteryVariant): string | null;
};
