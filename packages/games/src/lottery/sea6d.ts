import { fraction } from '../rational.ts';
import {
  BET_INVALID,
  isDigits,
  isRecord,
  lotteryDraws,
  pad,
  payIfWon,
  plainLineOdds,
  simpleOddsOf,
} from './common.ts';
import type { LotteryMaths, LotteryResult } from './types.ts';

/**
 * SEA 6D: one 6-digit number (`int(10^6)`, zero-padded). Bet types: `front2` / `front3` (its first 2 / 3
 * digits), `back2` / `back3` (its last 2 / 3 digits), `exact6` (all six); the selection is those digits.
 */

const WIDTH: Record<string, number> = { front2: 2, front3: 3, back2: 2, back3: 3, exact6: 6 };
const BET_TYPES = ['front2', 'front3', 'back2', 'back3', 'exact6'] as const;

export function sea6dProbability(betType: string) {
  return fraction(1n, 10n ** BigInt(WIDTH[betType] ?? 0));
}

function numberOf(result: LotteryResult): string {
  if (result.family !== 'sea6d') throw new TypeError('not a sea6d result');
  return result.number;
}

export const sea6dMaths: LotteryMaths = {
  family: 'sea6d',
  betTypes: BET_TYPES,
  draw(seed, drawId, _variant, hmac) {
    return { family: 'sea6d', number: pad(lotteryDraws(seed, drawId, hmac).int(1_000_000), 6) };
  },
  validateLine(line) {
    const width = WIDTH[line.betType];
    return width !== undefined && isDigits(line.selection, width) ? null : BET_INVALID;
  },
  odds(marginBp) {
    return simpleOddsOf(BET_TYPES, sea6dProbability, marginBp);
  },
  lineOdds: plainLineOdds,
  settleLine(line, result, odds) {
    const n = numberOf(result);
    const width = WIDTH[line.betType] ?? 0;
    const part = line.betType.startsWith('front') ? n.slice(0, width) : n.slice(6 - width);
    return payIfWon(width > 0 && part === line.selection, line, odds);
  },
  resultProblem(result) {
    if (!isRecord(result) || result.family !== 'sea6d') return 'family: expected sea6d';
    return typeof result.number === 'string' && isDigits(result.number, 6)
      ? null
      : 'number: expected 6 digits';
  },
};
