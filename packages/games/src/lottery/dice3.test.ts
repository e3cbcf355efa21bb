import { describe, expect, it } from 'vitest';
import { allDice } from './dice3.ts';
import { drawLotteryResult, lineOdds, lotteryOdds, settleLotteryLine } from './index.ts';
import { accepted, bump, must, refused, returnMatches, uniform99 } from './test-kit.ts';
import type { LotteryLine, LotteryResult } from './types.ts';

const odds = lotteryOdds('dice3', '', 500);
const result = (dice: number[]): LotteryResult => ({ family: 'dice3', dice });
const pay = (betType: string, selection: string, dice: number[]) =>
  settleLotteryLine('dice3', { betType, selection }, result(dice), odds);

describe('dice3 settlement (hand-checked)', () => {
  it('sum pays the selected sum’s own odds: 3 ways of 216 for 4 → 0.95 × 72 = 68.4', () => {
    expect(pay('sum', '4', [1, 1, 2])).toBe(684_000n);
    expect(pay('sum', '10', [3, 3, 4])).toBe(76_000n); // 27 ways: 0.95 × 8 = 7.6
    expect(pay('sum', '11', [3, 3, 4])).toBe(0n);
    expect(lineOdds('dice3', { betType: 'sum', selection: '3' }, odds)).toEqual({
      odds1e4: 2_052_000n,
      maxUnits: 2_052_000n,
    });
  });
  it('bigsmall: 11–17 big, 4–10 small, and a triple loses both', () => {
    expect(pay('bigsmall', 'big', [5, 5, 1])).toBe(19_542n); // 105/216 → floor(9500 × 216 / 105)
    expect(pay('bigsmall', 'small', [5, 4, 1])).toBe(19_542n);
    expect(pay('bigsmall', 'big', [5, 4, 1])).toBe(0n);
    expect(pay('bigsmall', 'big', [4, 4, 4])).toBe(0n);
    expect(pay('bigsmall', 'small', [3, 3, 3])).toBe(0n);
  });
  it('anytriple and triple', () => {
    expect(pay('anytriple', 'any', [2, 2, 2])).toBe(342_000n);
    expect(pay('anytriple', 'any', [2, 2, 3])).toBe(0n);
    expect(pay('triple', '2', [2, 2, 2])).toBe(2_052_000n);
    expect(pay('triple', '3', [2, 2, 2])).toBe(0n);
  });
  it('pair needs at least two dice showing it (a triple counts)', () => {
    expect(pay('pair', '6', [6, 1, 6])).toBe(128_250n); // 16/216
    expect(pay('pair', '6', [6, 6, 6])).toBe(128_250n);
    expect(pay('pair', '6', [6, 1, 2])).toBe(0n);
  });
});

describe('dice3 lines', () => {
  it('accepts canonical selections and refuses the rest', () => {
    const ok: LotteryLine[] = [
      { betType: 'sum', selection: '3' },
      { betType: 'sum', selection: '18' },
      { betType: 'bigsmall', selection: 'small' },
      { betType: 'anytriple', selection: 'any' },
      { betType: 'triple', selection: '6' },
      { betType: 'pair', selection: '1' },
    ];
    expect(refused('dice3', '', ok)).toEqual([]);
    const bad: LotteryLine[] = [
      { betType: 'sum', selection: '2' },
      { betType: 'sum', selection: '19' },
      { betType: 'sum', selection: '04' },
      { betType: 'bigsmall', selection: 'odd' },
      { betType: 'anytriple', selection: '1' },
      { betType: 'triple', selection: '7' },
      { betType: 'pair', selection: '0' },
      { betType: 'digit', selection: 'p1:1' },
    ];
    expect(accepted('dice3', '', bad)).toEqual([]);
  });
});

describe('dice3 exact return over the 216 outcomes', () => {
  const lines: LotteryLine[] = [
    ...Array.from({ length: 16 }, (_, i) => ({ betType: 'sum', selection: String(i + 3) })),
    { betType: 'bigsmall', selection: 'big' },
    { betType: 'bigsmall', selection: 'small' },
    { betType: 'anytriple', selection: 'any' },
    ...['1', '2', '3', '4', '5', '6'].flatMap((s) => [
      { betType: 'triple', selection: s },
      { betType: 'pair', selection: s },
    ]),
  ];
  it('every selection returns ≤ 95 % and within 0.5 %; the declared return is exact (sum: each sum’s own)', {
    timeout: 60_000,
  }, () => {
    for (const line of lines) {
      const total = allDice().reduce((acc, d) => acc + settleLotteryLine('dice3', line, result(d), odds), 0n);
      const shown = lineOdds('dice3', line, odds);
      // A sum's own declared return: its probability × its own odds (the type declares the lowest).
      const declared =
        line.betType === 'sum'
          ? { ...must(odds.sum), declaredReturn: Number(total) / 216 / 10_000 }
          : must(odds[line.betType]);
      const check = returnMatches(JSON.stringify(line), total, 216n, declared, 500);
      expect(check.ok, check.report).toBe(true);
      if (line.betType === 'sum') {
        expect(must(odds.sum).declaredReturn).toBeLessThanOrEqual(declared.declaredReturn);
        expect(shown.odds1e4).toBe(must(odds.sum?.table)[line.selection]);
      }
    }
  });
});

describe('dice3 draws', () => {
  it('faces are uniform (χ² at 99 %, 10^5 draws)', { timeout: 60_000 }, () => {
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const r = drawLotteryResult('dice3', '', 'd1'.repeat(32), `lott-dice-20261127-${i}`);
      if (r.family !== 'dice3') throw new Error('family');
      for (const d of r.dice) bump(counts, d - 1);
    }
    const check = uniform99('faces', counts);
    expect(check.ok, check.report).toBe(true);
  });
});
