import { fraction } from '../rational.ts';
import {
  BET_INVALID,
  drawBalls,
  isDigits,
  listResultProblem,
  parsePosition,
  payIfWon,
  plainLineOdds,
  simpleOddsOf,
} from './common.ts';
import type { LotteryLine, LotteryMaths, LotteryResult } from './types.ts';

/**
 * LOTT race: the finishing order of cars 1–10, a uniform permutation (Fisher–Yates over 10, all ten steps).
 * Bet types: `position` ('p3:07': car 7 finishes third), `bigsmall` ('p3:big', big = cars 6–10), `oddeven`
 * ('p3:odd'), `dragon` ('p2:dragon': the car at position k is higher than the one at 11 − k, k = 1–5).
 * Each position holds each car with probability 1/10, and two positions hold an ordered pair of distinct
 * cars uniformly, so dragon and tiger are 1/2 each: exact without enumerating 10!.
 */

const BET_TYPES = ['position', 'bigsmall', 'oddeven', 'dragon'] as const;

export const RACE10_PROBABILITY = {
  position: fraction(1n, 10n),
  bigsmall: fraction(1n, 2n),
  oddeven: fraction(1n, 2n),
  dragon: fraction(1n, 2n),
};

function orderOf(result: LotteryResult): number[] {
  if (result.family !== 'race10') throw new TypeError('not a race10 result');
  return result.order;
}

function choiceValid(betType: string, choice: string): boolean {
  switch (betType) {
    case 'position':
      return isDigits(choice, 2) && Number(choice) >= 1 && Number(choice) <= 10;
    case 'bigsmall':
      return choice === 'big' || choice === 'small';
    case 'oddeven':
      return choice === 'odd' || choice === 'even';
    case 'dragon':
      return choice === 'dragon' || choice === 'tiger';
  }
  return false;
}

function wins(line: LotteryLine, order: number[]): boolean {
  const at = parsePosition(line.selection, line.betType === 'dragon' ? 5 : 10);
  if (!at) return false;
  const car = order[at.position - 1] as number;
  switch (line.betType) {
    case 'position':
      return Number(at.choice) === car;
    case 'bigsmall':
      return at.choice === (car >= 6 ? 'big' : 'small');
    case 'oddeven':
      return at.choice === (car % 2 === 1 ? 'odd' : 'even');
    case 'dragon':
      return at.choice === (car > (order[10 - at.position] as number) ? 'dragon' : 'tiger');
  }
  return false;
}

export const race10Maths: LotteryMaths = {
  family: 'race10',
  betTypes: BET_TYPES,
  draw(seed, drawId, _variant, hmac) {
    return { family: 'race10', order: drawBalls(seed, drawId, 10, 10, hmac) };
  },
  validateLine(line) {
    const at = parsePosition(line.selection, line.betType === 'dragon' ? 5 : 10);
    return at && `p${at.position}` === line.selection.split(':')[0] && choiceValid(line.betType, at.choice)
      ? null
      : BET_INVALID;
  },
  odds(marginBp) {
    return simpleOddsOf(BET_TYPES, (t) => RACE10_PROBABILITY[t], marginBp);
  },
  lineOdds: plainLineOdds,
  settleLine(line, result, odds) {
    return payIfWon(wins(line, orderOf(result)), line, odds);
  },
  resultProblem(result) {
    return listResultProblem(result, 'race10', 'order', { count: 10, min: 1, max: 10, distinct: true });
  },
};
