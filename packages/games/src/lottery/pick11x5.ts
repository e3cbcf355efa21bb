import { fraction } from '../rational.ts';
import {
  BET_INVALID,
  binomial,
  drawBalls,
  listResultProblem,
  payIfWon,
  pickedBalls,
  plainLineOdds,
  simpleOddsOf,
} from './common.ts';
import type { LotteryMaths, LotteryResult } from './types.ts';

/**
 * LOTT 11 choose 5: five distinct balls of 1–11 in drawn order (partial Fisher–Yates over 11). Bet types:
 * `pick1` … `pick5` (k distinct balls '01'–'11', ascending, joined by '-'; all k among the five drawn) and
 * `first` (the first drawn ball, '01'–'11').
 */

const PICKS = ['pick1', 'pick2', 'pick3', 'pick4', 'pick5'] as const;
const BET_TYPES = [...PICKS, 'first'] as const;

/** k of the 5 drawn: C(11 − k, 5 − k) / C(11, 5); first: 1/11. */
export function pick11x5Probability(betType: string) {
  if (betType === 'first') return fraction(1n, 11n);
  const k = Number(betType.slice(4));
  return fraction(binomial(11 - k, 5 - k), binomial(11, 5));
}

function ballsOf(result: LotteryResult): number[] {
  if (result.family !== 'pick11x5') throw new TypeError('not a pick11x5 result');
  return result.balls;
}

function pickSize(betType: string): number {
  return betType === 'first'
    ? 1
    : (PICKS as readonly string[]).includes(betType)
      ? Number(betType.slice(4))
      : 0;
}

export const pick11x5Maths: LotteryMaths = {
  family: 'pick11x5',
  betTypes: BET_TYPES,
  draw(seed, drawId, _variant, hmac) {
    return { family: 'pick11x5', balls: drawBalls(seed, drawId, 11, 5, hmac) };
  },
  validateLine(line) {
    return pickedBalls(line.selection, pickSize(line.betType), 11) ? null : BET_INVALID;
  },
  odds(marginBp) {
    return simpleOddsOf(BET_TYPES, pick11x5Probability, marginBp);
  },
  lineOdds: plainLineOdds,
  settleLine(line, result, odds) {
    const balls = ballsOf(result);
    const picked = pickedBalls(line.selection, pickSize(line.betType), 11);
    if (!picked) return 0n;
    const win = line.betType === 'first' ? picked[0] === balls[0] : picked.every((n) => balls.includes(n));
    return payIfWon(win, line, odds);
  },
  resultProblem(result) {
    return listResultProblem(result, 'pick11x5', 'balls', { count: 5, min: 1, max: 11, distinct: true });
  },
};
