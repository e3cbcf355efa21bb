import { type Fraction, fraction } from '../rational.ts';
import {
  BET_INVALID,
  binomial,
  drawBalls,
  listResultProblem,
  pickedBalls,
  plainLineOdds,
  tableOdds,
} from './common.ts';
import type { LotteryMaths, LotteryOdds, LotteryResult } from './types.ts';

/**
 * E-lottery keno: 20 distinct numbers of 1–80 in drawn order (partial Fisher–Yates over 80). Bet types
 * `spot1` … `spot10`: k distinct numbers '01'–'80' (ascending, joined by '-'), paid by how many of them are
 * drawn. P(h hits of k) = C(k, h)·C(80 − k, 20 − h) / C(80, 20) (hypergeometric, exact).
 */

const BET_TYPES = Array.from({ length: 10 }, (_, i) => `spot${i + 1}`);

/**
 * The pay table's shape per spot count (hits → relative pay), after common land-based keno tables; the
 * odds scale each so its return is exactly 1 − margin (rounded down), so only the ratios matter. No tier
 * pays less than the stake after scaling (index.test.ts): a "win" under the stake would read as a loss.
 */
export const KENO_RATIOS: Record<string, Record<string, number>> = {
  spot1: { '1': 3 },
  spot2: { '2': 12 },
  spot3: { '2': 1, '3': 42 },
  spot4: { '2': 1, '3': 4, '4': 100 },
  spot5: { '3': 2, '4': 20, '5': 450 },
  spot6: { '3': 1, '4': 7, '5': 50, '6': 1600 },
  spot7: { '4': 3, '5': 20, '6': 380, '7': 7000 },
  spot8: { '4': 2, '5': 12, '6': 100, '7': 1650, '8': 10000 },
  spot9: { '5': 6, '6': 44, '7': 335, '8': 4700, '9': 10000 },
  spot10: { '5': 2, '6': 20, '7': 142, '8': 1000, '9': 4500, '10': 10000 },
};

/** P(exactly h of k picked numbers are among the 20 drawn), for h = 0..k. */
export function kenoHitProbabilities(k: number): Record<string, Fraction> {
  const out: Record<string, Fraction> = {};
  const total = binomial(80, 20);
  for (let h = 0; h <= k; h++) out[String(h)] = fraction(binomial(k, h) * binomial(80 - k, 20 - h), total);
  return out;
}

function spots(betType: string): number {
  return BET_TYPES.includes(betType) ? Number(betType.slice(4)) : 0;
}

function numbersOf(result: LotteryResult): number[] {
  if (result.family !== 'keno') throw new TypeError('not a keno result');
  return result.numbers;
}

export const kenoMaths: LotteryMaths = {
  family: 'keno',
  betTypes: BET_TYPES,
  draw(seed, drawId, _variant, hmac) {
    return { family: 'keno', numbers: drawBalls(seed, drawId, 80, 20, hmac) };
  },
  validateLine(line) {
    return pickedBalls(line.selection, spots(line.betType), 80) ? null : BET_INVALID;
  },
  odds(marginBp) {
    const out: Record<string, LotteryOdds> = {};
    for (const t of BET_TYPES) {
      out[t] = tableOdds(t, kenoHitProbabilities(spots(t)), KENO_RATIOS[t] ?? {}, marginBp);
    }
    return out;
  },
  lineOdds: plainLineOdds,
  settleLine(line, result, odds) {
    const picked = pickedBalls(line.selection, spots(line.betType), 80);
    if (!picked) return 0n;
    const drawn = new Set(numbersOf(result));
    const hits = picked.filter((n) => drawn.has(n)).length;
    return odds[line.betType]?.table?.[String(hits)] ?? 0n;
  },
  resultProblem(result) {
    return listResultProblem(result, 'keno', 'numbers', { count: 20, min: 1, max: 80, distinct: true });
  },
};
