import { type Fraction, fraction } from '../rational.ts';
import { BET_INVALID, listResultProblem, lotteryDraws, simpleOdds } from './common.ts';
import type { LotteryLine, LotteryMaths, LotteryOdds, LotteryResult } from './types.ts';

/**
 * LOTT dice: three dice 1–6 (`1 + int(6)` each). Bet types: `sum` ('3'–'18', odds per sum), `bigsmall`
 * ('big' = 11–17, 'small' = 4–10, a triple loses both), `anytriple` ('any'), `triple` ('1'–'6'), `pair`
 * ('1'–'6': at least two dice show it). Probabilities are counted over the 216 outcomes.
 */

const BET_TYPES = ['sum', 'bigsmall', 'anytriple', 'triple', 'pair'] as const;

/** Whether a line wins on the dice. */
function wins(line: LotteryLine, dice: number[]): boolean {
  const [a, b, c] = dice as [number, number, number];
  const total = a + b + c;
  const triple = a === b && b === c;
  const s = line.selection;
  switch (line.betType) {
    case 'sum':
      return s === String(total);
    case 'bigsmall':
      if (triple) return false;
      return s === (total >= 11 ? 'big' : 'small');
    case 'anytriple':
      return triple;
    case 'triple':
      return triple && s === String(a);
    case 'pair':
      return dice.filter((d) => String(d) === s).length >= 2;
  }
  return false;
}

/** Every one of the 216 equally likely outcomes. */
export function allDice(): number[][] {
  const out: number[][] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) out.push([a, b, c]);
  return out;
}

const ALL = allDice();

/** Exact probability that `line` wins, counted over the 216 outcomes. */
export function dice3Probability(line: LotteryLine): Fraction {
  return fraction(BigInt(ALL.filter((d) => wins(line, d)).length), 216n);
}

const SUMS = Array.from({ length: 16 }, (_, i) => String(i + 3));

function diceOf(result: LotteryResult): number[] {
  if (result.family !== 'dice3') throw new TypeError('not a dice3 result');
  return result.dice;
}

export const dice3Maths: LotteryMaths = {
  family: 'dice3',
  betTypes: BET_TYPES,
  draw(seed, drawId, _variant, hmac) {
    const draws = lotteryDraws(seed, drawId, hmac);
    return { family: 'dice3', dice: [1 + draws.int(6), 1 + draws.int(6), 1 + draws.int(6)] };
  },
  validateLine(line) {
    const s = line.selection;
    switch (line.betType) {
      case 'sum':
        return SUMS.includes(s) ? null : BET_INVALID;
      case 'bigsmall':
        return s === 'big' || s === 'small' ? null : BET_INVALID;
      case 'anytriple':
        return s === 'any' ? null : BET_INVALID;
      case 'triple':
      case 'pair':
        return /^[1-6]$/.test(s) ? null : BET_INVALID;
    }
    return BET_INVALID;
  },
  odds(marginBp) {
    // `sum` has odds per selected sum (its table); the type's shown odds1e4 / maxUnits are the best sum's.
    const table: Record<string, bigint> = {};
    let best = 0n;
    let ret = 0;
    for (const s of SUMS) {
      const p = dice3Probability({ betType: 'sum', selection: s });
      const o = simpleOdds('sum', p, marginBp);
      table[s] = o.odds1e4;
      if (o.odds1e4 > best) best = o.odds1e4;
      // Every sum is its own bet: the type's declared return is the lowest of them (the worst for a player).
      ret = ret === 0 ? o.declaredReturn : Math.min(ret, o.declaredReturn);
    }
    const out: Record<string, LotteryOdds> = {
      sum: { betType: 'sum', odds1e4: best, maxUnits: best, table, declaredReturn: ret },
    };
    const sample: Record<string, string> = { bigsmall: 'big', anytriple: 'any', triple: '1', pair: '1' };
    for (const t of BET_TYPES.slice(1)) {
      out[t] = simpleOdds(t, dice3Probability({ betType: t, selection: sample[t] as string }), marginBp);
    }
    return out;
  },
  lineOdds(line, odds) {
    const o = odds[line.betType];
    if (!o) return { odds1e4: 0n, maxUnits: 0n };
    if (line.betType === 'sum') {
      const units = o.table?.[line.selection] ?? 0n;
      return { odds1e4: units, maxUnits: units };
    }
    return { odds1e4: o.odds1e4, maxUnits: o.maxUnits };
  },
  settleLine(line, result, odds) {
    if (!wins(line, diceOf(result))) return 0n;
    return dice3Maths.lineOdds(line, odds).odds1e4;
  },
  resultProblem(result) {
    return listResultProblem(result, 'dice3', 'dice', { count: 3, min: 1, max: 6, distinct: false });
  },
};
