import { type Fraction, fraction } from '../rational.ts';
import {
  BET_INVALID,
  drawDistinct,
  isDigits,
  isRecord,
  lotteryDraws,
  pad,
  plainLineOdds,
  type TierSpec,
  tableOdds,
  tiersProblem,
} from './common.ts';
import type { LotteryMaths, LotteryOdds, LotteryPrizeTier, LotteryResult } from './types.ts';

/**
 * SEA 4D: 23 distinct 4-digit numbers drawn without replacement from 0000–9999 (partial Fisher–Yates over
 * 10,000): first, second, third, then 10 special and 10 consolation, in that order. A number is drawn at most
 * once, so a 4-digit selection wins in at most one tier: P(tier) = (numbers in the tier) / 10,000.
 * `big` pays on all five tiers, `small` on the top three, with Singapore Pools' ratios (Big 2500 / 1000 / 500
 * / 180 / 60, Small 3500 / 2000 / 1000) scaled to a return of 1 − margin.
 */

export const SEA4D_TIERS: readonly TierSpec[] = [
  { tier: 'first', count: 1, width: 4 },
  { tier: 'second', count: 1, width: 4 },
  { tier: 'third', count: 1, width: 4 },
  { tier: 'special', count: 10, width: 4 },
  { tier: 'consolation', count: 10, width: 4 },
];

export const SEA4D_RATIOS: Record<'big' | 'small', Record<string, number>> = {
  big: { first: 2500, second: 1000, third: 500, special: 180, consolation: 60 },
  small: { first: 3500, second: 2000, third: 1000 },
};

export function sea4dTierProbabilities(): Record<string, Fraction> {
  const out: Record<string, Fraction> = {};
  for (const { tier, count } of SEA4D_TIERS) out[tier] = fraction(BigInt(count), 10_000n);
  return out;
}

function tiersOf(result: LotteryResult): LotteryPrizeTier[] {
  if (result.family !== 'sea4d') throw new TypeError('not a sea4d result');
  return result.tiers;
}

export const sea4dMaths: LotteryMaths = {
  family: 'sea4d',
  betTypes: ['big', 'small'],
  draw(seed, drawId, _variant, hmac) {
    const numbers = drawDistinct(lotteryDraws(seed, drawId, hmac), 10_000, 23).map((n) => pad(n, 4));
    let at = 0;
    const tiers = SEA4D_TIERS.map(({ tier, count }) => {
      const slice = numbers.slice(at, at + count);
      at += count;
      return { tier, numbers: slice };
    });
    return { family: 'sea4d', tiers };
  },
  validateLine(line) {
    return (line.betType === 'big' || line.betType === 'small') && isDigits(line.selection, 4)
      ? null
      : BET_INVALID;
  },
  odds(marginBp) {
    const p = sea4dTierProbabilities();
    const out: Record<string, LotteryOdds> = {};
    for (const t of ['big', 'small'] as const) out[t] = tableOdds(t, p, SEA4D_RATIOS[t], marginBp);
    return out;
  },
  lineOdds: plainLineOdds,
  settleLine(line, result, odds) {
    const tier = tiersOf(result).find((t) => t.numbers.includes(line.selection));
    return tier ? (odds[line.betType]?.table?.[tier.tier] ?? 0n) : 0n;
  },
  resultProblem(result) {
    if (!isRecord(result) || result.family !== 'sea4d') return 'family: expected sea4d';
    return tiersProblem(result.tiers, SEA4D_TIERS, true);
  },
};
