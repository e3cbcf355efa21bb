import { fraction } from '../rational.ts';
import {
  BET_INVALID,
  listResultProblem,
  lotteryDraws,
  parsePosition,
  payIfWon,
  plainLineOdds,
  simpleOddsOf,
} from './common.ts';
import type { LotteryLine, LotteryMaths, LotteryResult } from './types.ts';

/**
 * LOTT 5D: five independent digits 0–9 (`int(10)` each, positions 1–5 in draw order). Bet types: `digit`
 * ('p3:7'), `bigsmall` ('p3:big', big = 5–9), `oddeven` ('p3:odd'), `sumbs` ('big' = sum ≥ 23 of 0–45),
 * `sumoe` ('odd' | 'even' on the sum). Every probability is exact; the sums' are counted by convolution.
 */

const BET_TYPES = ['digit', 'bigsmall', 'oddeven', 'sumbs', 'sumoe'] as const;

/** How many of the 10^5 digit tuples have each sum 0–45. */
export function lott5dSumCounts(): number[] {
  let counts = [1];
  for (let d = 0; d < 5; d++) {
    const next = new Array<number>(counts.length + 9).fill(0);
    counts.forEach((c, s) => {
      for (let v = 0; v < 10; v++) next[s + v] = (next[s + v] ?? 0) + c;
    });
    counts = next;
  }
  return counts;
}

const SUM_COUNTS = lott5dSumCounts();
const countSums = (test: (s: number) => boolean): bigint =>
  BigInt(SUM_COUNTS.reduce((acc, c, s) => (test(s) ? acc + c : acc), 0));

/** Exact win probability of each bet type (each side of a two-way bet has the same). */
export const LOTT5D_PROBABILITY = {
  digit: fraction(1n, 10n),
  bigsmall: fraction(1n, 2n),
  oddeven: fraction(1n, 2n),
  sumbs: fraction(
    countSums((s) => s >= 23),
    100_000n,
  ),
  sumoe: fraction(
    countSums((s) => s % 2 === 1),
    100_000n,
  ),
};

function digitsOf(result: LotteryResult): number[] {
  if (result.family !== 'lott5d') throw new TypeError('not a lott5d result');
  return result.digits;
}

function wins(line: LotteryLine, digits: number[]): boolean {
  const total = digits.reduce((a, b) => a + b, 0);
  switch (line.betType) {
    case 'sumbs':
      return line.selection === (total >= 23 ? 'big' : 'small');
    case 'sumoe':
      return line.selection === (total % 2 === 1 ? 'odd' : 'even');
  }
  const at = parsePosition(line.selection, 5);
  if (!at) return false;
  const d = digits[at.position - 1] as number;
  if (line.betType === 'digit') return at.choice === String(d);
  if (line.betType === 'bigsmall') return at.choice === (d >= 5 ? 'big' : 'small');
  if (line.betType === 'oddeven') return at.choice === (d % 2 === 1 ? 'odd' : 'even');
  return false;
}

export const lott5dMaths: LotteryMaths = {
  family: 'lott5d',
  betTypes: BET_TYPES,
  draw(seed, drawId, _variant, hmac) {
    const draws = lotteryDraws(seed, drawId, hmac);
    return { family: 'lott5d', digits: Array.from({ length: 5 }, () => draws.int(10)) };
  },
  validateLine(line) {
    const s = line.selection;
    switch (line.betType) {
      case 'sumbs':
        return s === 'big' || s === 'small' ? null : BET_INVALID;
      case 'sumoe':
        return s === 'odd' || s === 'even' ? null : BET_INVALID;
    }
    const at = parsePosition(s, 5);
    if (!at) return BET_INVALID;
    const ok =
      (line.betType === 'digit' && /^[0-9]$/.test(at.choice)) ||
      (line.betType === 'bigsmall' && (at.choice === 'big' || at.choice === 'small')) ||
      (line.betType === 'oddeven' && (at.choice === 'odd' || at.choice === 'even'));
    return ok ? null : BET_INVALID;
  },
  odds(marginBp) {
    return simpleOddsOf(BET_TYPES, (t) => LOTT5D_PROBABILITY[t], marginBp);
  },
  lineOdds: plainLineOdds,
  settleLine(line, result, odds) {
    return payIfWon(wins(line, digitsOf(result)), line, odds);
  },
  resultProblem(result) {
    return listResultProblem(result, 'lott5d', 'digits', { count: 5, min: 0, max: 9, distinct: false });
  },
};
