import { type Fraction, fraction } from '../rational.ts';
import {
  BET_INVALID,
  binomial,
  isDigits,
  isRecord,
  lotteryDraws,
  pad,
  parseNumberSet,
  plainLineOdds,
  simpleOdds,
  sum,
  type TierSpec,
  tiersProblem,
} from './common.ts';
import type { LotteryLine, LotteryMaths, LotteryOdds, LotteryResult, LotteryVariant } from './types.ts';

/**
 * Vietnamese lottery (xổ số). Every prize is an independent uniform number of its width (`int(10^width)`,
 * zero-padded), drawn tier by tier in the order below (special first). North has 27 prizes, South/Central
 * 18. Bet types (selection in brackets):
 * - `lo2` ('07'): pays odds × the number of prizes whose last two digits are 07 (expected hits N/100);
 * - `de` ('07'): the special's last two digits; `cang3` ('123'): its last three;
 * - `xien2` / `xien3` / `xien4` ('07-15-…', ascending, distinct): every number among the prizes' last two
 *   digits; P = Σ_j (−1)^j C(k, j) ((100 − j)/100)^N by inclusion–exclusion;
 * - `head` ('3'): the tens digit of the special's last two; `tail` ('3'): the special's last digit.
 */

export const VN_TIERS: Record<'north' | 'south', readonly TierSpec[]> = {
  north: [
    { tier: 'special', count: 1, width: 5 },
    { tier: 'first', count: 1, width: 5 },
    { tier: 'second', count: 2, width: 5 },
    { tier: 'third', count: 6, width: 5 },
    { tier: 'fourth', count: 4, width: 4 },
    { tier: 'fifth', count: 6, width: 4 },
    { tier: 'sixth', count: 3, width: 3 },
    { tier: 'seventh', count: 4, width: 2 },
  ],
  south: [
    { tier: 'special', count: 1, width: 6 },
    { tier: 'first', count: 1, width: 5 },
    { tier: 'second', count: 1, width: 5 },
    { tier: 'third', count: 2, width: 5 },
    { tier: 'fourth', count: 7, width: 5 },
    { tier: 'fifth', count: 1, width: 4 },
    { tier: 'sixth', count: 3, width: 4 },
    { tier: 'seventh', count: 1, width: 3 },
    { tier: 'eighth', count: 1, width: 2 },
  ],
};

const BET_TYPES = ['lo2', 'de', 'cang3', 'xien2', 'xien3', 'xien4', 'head', 'tail'] as const;
const XIEN: Record<string, number> = { xien2: 2, xien3: 3, xien4: 4 };

function tiersFor(variant: LotteryVariant): readonly TierSpec[] {
  if (variant !== 'north' && variant !== 'south') throw new RangeError(`vn variant: ${variant}`);
  return VN_TIERS[variant];
}

/** How many prizes a variant draws (27 north, 18 south). */
export function vnPrizeCount(variant: LotteryVariant): number {
  return tiersFor(variant).reduce((acc, t) => acc + t.count, 0);
}

/** P(all of k distinct 2-digit numbers are among the last two digits of N independent prizes). */
export function xienProbability(k: number, prizes: number): Fraction {
  const terms: Fraction[] = [];
  for (let j = 0; j <= k; j++) {
    const sign = j % 2 === 0 ? 1n : -1n;
    terms.push(fraction(sign * binomial(k, j) * BigInt(100 - j) ** BigInt(prizes), 100n ** BigInt(prizes)));
  }
  return sum(terms);
}

/** Each bet type's probability (for `lo2`, the expected number of hits N/100). */
export function vnProbability(betType: string, variant: LotteryVariant): Fraction {
  const prizes = vnPrizeCount(variant);
  switch (betType) {
    case 'lo2':
      return fraction(BigInt(prizes), 100n);
    case 'de':
      return fraction(1n, 100n);
    case 'cang3':
      return fraction(1n, 1000n);
    case 'head':
    case 'tail':
      return fraction(1n, 10n);
  }
  return xienProbability(XIEN[betType] ?? 0, prizes);
}

function vnOf(result: LotteryResult): { special: string; lastTwo: string[] } {
  if (result.family !== 'vn') throw new TypeError('not a vn result');
  const all = result.tiers.flatMap((t) => t.numbers);
  const special = result.tiers.find((t) => t.tier === 'special')?.numbers[0] ?? '';
  return { special, lastTwo: all.map((n) => n.slice(-2)) };
}

/** How many times the line wins (lô counts every matching prize; the others win once or not). */
function hits(line: LotteryLine, result: LotteryResult): number {
  const { special, lastTwo } = vnOf(result);
  const s = line.selection;
  switch (line.betType) {
    case 'lo2':
      return lastTwo.filter((n) => n === s).length;
    case 'de':
      return special.slice(-2) === s ? 1 : 0;
    case 'cang3':
      return special.slice(-3) === s ? 1 : 0;
    case 'head':
      return special.slice(-2, -1) === s ? 1 : 0;
    case 'tail':
      return special.slice(-1) === s ? 1 : 0;
  }
  const numbers = s.split('-');
  return XIEN[line.betType] && numbers.every((n) => lastTwo.includes(n)) ? 1 : 0;
}

function selectionValid(line: LotteryLine): boolean {
  const s = line.selection;
  switch (line.betType) {
    case 'lo2':
    case 'de':
      return isDigits(s, 2);
    case 'cang3':
      return isDigits(s, 3);
    case 'head':
    case 'tail':
      return isDigits(s, 1);
  }
  const k = XIEN[line.betType];
  return k !== undefined && parseNumberSet(s, k, 0, 99, 2) !== null;
}

export const vnMaths: LotteryMaths = {
  family: 'vn',
  betTypes: BET_TYPES,
  draw(seed, drawId, variant, hmac) {
    const spec = tiersFor(variant);
    const draws = lotteryDraws(seed, drawId, hmac);
    const tiers = spec.map(({ tier, count, width }) => ({
      tier,
      numbers: Array.from({ length: count }, () => pad(draws.int(10 ** width), width)),
    }));
    return { family: 'vn', variant: variant as 'north' | 'south', tiers };
  },
  validateLine(line) {
    return selectionValid(line) ? null : BET_INVALID;
  },
  odds(marginBp, variant) {
    const out: Record<string, LotteryOdds> = {};
    for (const t of BET_TYPES) {
      const hitsAtMost = t === 'lo2' ? BigInt(vnPrizeCount(variant)) : 1n;
      out[t] = simpleOdds(t, vnProbability(t, variant), marginBp, hitsAtMost);
    }
    return out;
  },
  lineOdds: plainLineOdds,
  settleLine(line, result, odds) {
    return BigInt(hits(line, result)) * (odds[line.betType]?.odds1e4 ?? 0n);
  },
  resultProblem(result, variant) {
    if (!isRecord(result) || result.family !== 'vn') return 'family: expected vn';
    if (variant !== 'north' && variant !== 'south') return 'variant: expected north or south';
    if (result.variant !== variant) return `variant: expected ${variant}`;
    return tiersProblem(result.tiers, tiersFor(variant), false);
  },
};
