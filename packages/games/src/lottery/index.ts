import type { Hmac } from '../fair.ts';
import { dice3Maths } from './dice3.ts';
import { kenoMaths } from './keno.ts';
import { lott5dMaths } from './lott5d.ts';
import { pick11x5Maths } from './pick11x5.ts';
import { race10Maths } from './race10.ts';
import { sea4dMaths } from './sea4d.ts';
import { sea6dMaths } from './sea6d.ts';
import type {
  LotteryBetType,
  LotteryFamily,
  LotteryLine,
  LotteryMaths,
  LotteryOdds,
  LotteryResult,
  LotteryVariant,
} from './types.ts';
import { vnMaths } from './vn.ts';

export {
  type LotteryTrend,
  type LotteryTrendGroup,
  lotteryHeadline,
  lotteryResultTrendValues,
  lotteryTrendDomain,
  lotteryTrendGroups,
  lotteryTrends,
} from './display.ts';
export type {
  LotteryBetType,
  LotteryFamily,
  LotteryLine,
  LotteryMaths,
  LotteryOdds,
  LotteryPrizeTier,
  LotteryResult,
  LotteryVariant,
} from './types.ts';

/**
 * The lottery maths (issue 20, docs/lottery.md "Games and draws", docs/lottery-maths.md): one module per
 * family behind `LotteryMaths`, and the calls the server and the web use, dispatching on the game's family.
 */

export const LOTTERY_MATHS: Record<LotteryFamily, LotteryMaths> = {
  vn: vnMaths,
  sea4d: sea4dMaths,
  sea6d: sea6dMaths,
  lott5d: lott5dMaths,
  dice3: dice3Maths,
  pick11x5: pick11x5Maths,
  race10: race10Maths,
  keno: kenoMaths,
};

export const LOTTERY_FAMILY_LIST = Object.keys(LOTTERY_MATHS) as LotteryFamily[];

export function isLotteryFamily(value: string): value is LotteryFamily {
  return Object.hasOwn(LOTTERY_MATHS, value);
}

/** The variants a family accepts: VN needs north or south, every other family ''. */
export function lotteryVariantProblem(family: LotteryFamily, variant: string): string | null {
  const ok = family === 'vn' ? variant === 'north' || variant === 'south' : variant === '';
  return ok ? null : family === 'vn' ? 'variant: expected north or south' : 'variant: expected none';
}

export function mathsOf(family: LotteryFamily): LotteryMaths {
  const maths = LOTTERY_MATHS[family];
  if (!maths) throw new RangeError(`unknown lottery family: ${family}`);
  return maths;
}

/** An in-house draw's result from its revealed seed and its public draw id (the verify page replays it). */
export function drawLotteryResult(
  family: LotteryFamily,
  variant: LotteryVariant,
  seed: string,
  drawId: string,
  hmac?: Hmac,
): LotteryResult {
  return mathsOf(family).draw(seed, drawId, variant, hmac);
}

/** Null when the line is valid and canonical, else 'lottery_bet_invalid' (unknown bet type included). */
export function validateLotteryLine(
  family: LotteryFamily,
  variant: LotteryVariant,
  line: LotteryLine,
): string | null {
  const maths = mathsOf(family);
  if (!maths.betTypes.includes(line.betType)) return 'lottery_bet_invalid';
  return maths.validateLine(line, variant);
}

// Odds are pure in (family, variant, margin) and the exact sums (big fractions for xiên) are not free: kept.
const oddsCache = new Map<string, Readonly<Record<LotteryBetType, LotteryOdds>>>();

/** Every bet type's odds under `marginBp` (0–5000 basis points). The answer is shared: do not mutate it. */
export function lotteryOdds(
  family: LotteryFamily,
  variant: LotteryVariant,
  marginBp: number,
): Readonly<Record<LotteryBetType, LotteryOdds>> {
  if (!Number.isInteger(marginBp) || marginBp < 0 || marginBp > 5000)
    throw new RangeError(`margin: ${marginBp}`);
  const key = `${family}:${variant}:${marginBp}`;
  let odds = oddsCache.get(key);
  if (!odds) {
    odds = Object.freeze(mathsOf(family).odds(marginBp, variant));
    oddsCache.set(key, odds);
  }
  return odds;
}

/** The line's shown odds and liability (`maxUnits` per unit stake ×10^4) under the game's odds. */
export function lineOdds(
  family: LotteryFamily,
  line: LotteryLine,
  odds: Record<LotteryBetType, LotteryOdds>,
): { odds1e4: bigint; maxUnits: bigint } {
  return mathsOf(family).lineOdds(line, odds);
}

/** Pay units ×10^4 per unit stake (0 = lost): a line pays `stake × units / 10_000`, rounded down. */
export function settleLotteryLine(
  family: LotteryFamily,
  line: LotteryLine,
  result: LotteryResult,
  odds: Record<LotteryBetType, LotteryOdds>,
): bigint {
  if (result.family !== family) throw new TypeError(`result of ${result.family}, game of ${family}`);
  return mathsOf(family).settleLine(line, result, odds);
}

/** Minor units a line pays: `stake × units / 10_000` rounded down. */
export function lotteryPayoutMinor(stakeMinor: bigint, units: bigint): bigint {
  return (stakeMinor * units) / 10_000n;
}

/** Why a (typically operator-entered) result does not have the family's shape, or null when it does. */
export function lotteryResultProblem(
  family: LotteryFamily,
  variant: LotteryVariant,
  result: unknown,
): string | null {
  return lotteryVariantProblem(family, variant) ?? mathsOf(family).resultProblem(result, variant);
}
