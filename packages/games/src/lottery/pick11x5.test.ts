import { describe, expect, it } from 'vitest';
import { drawLotteryResult, lotteryOdds, settleLotteryLine } from './index.ts';
import { accepted, bump, must, refused, returnMatches, uniform99 } from './test-kit.ts';
import type { LotteryLine, LotteryResult } from './types.ts';

const odds = lotteryOdds('pick11x5', '', 500);
const result = (balls: number[]): LotteryResult => ({ family: 'pick11x5', balls });
const pay = (betType: string, selection: string, balls: number[]) =>
  settleLotteryLine('pick11x5', { betType, selection }, result(balls), odds);

/** Every k-subset of 1..n, ascending. */
function subsets(n: number, k: number, from = 1): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  for (let first = from; first <= n - k + 1; first++) {
    for (const rest of subsets(n, k - 1, first + 1)) out.push([first, ...rest]);
  }
  return out;
}
const sel = (numbers: number[]) => numbers.map((n) => String(n).padStart(2, '0')).join('-');

describe('pick11x5 settlement (hand-checked)', () => {
  const drawn = [3, 11, 7, 1, 5];
  it('pick k pays when all k balls are among the five (order free)', () => {
    expect(pay('pick1', '07', drawn)).toBe(20_900n); // 5/11 → 0.95 × 2.2
    expect(pay('pick1', '02', drawn)).toBe(0n);
    expect(pay('pick2', '03-11', drawn)).toBe(52_250n); // 2/11 → 0.95 × 5.5
    expect(pay('pick2', '03-04', drawn)).toBe(0n);
    expect(pay('pick3', '01-05-07', drawn)).toBe(156_750n); // 28/462 → 0.95 × 16.5
    expect(pay('pick4', '01-03-07-11', drawn)).toBe(627_000n); // 7/462 → 0.95 × 66
    expect(pay('pick4', '01-03-07-10', drawn)).toBe(0n);
    expect(pay('pick5', '01-03-05-07-11', drawn)).toBe(4_389_000n); // 1/462 → 0.95 × 462
    expect(pay('pick5', '01-03-05-07-10', drawn)).toBe(0n);
  });
  it('first pays the first drawn ball only', () => {
    expect(pay('first', '03', drawn)).toBe(104_500n); // 1/11 → 0.95 × 11
    expect(pay('first', '11', drawn)).toBe(0n);
  });
});

describe('pick11x5 lines', () => {
  it('accepts canonical selections and refuses the rest', () => {
    const ok: LotteryLine[] = [
      { betType: 'pick1', selection: '01' },
      { betType: 'pick3', selection: '01-02-11' },
      { betType: 'pick5', selection: '01-02-03-04-05' },
      { betType: 'first', selection: '11' },
    ];
    expect(refused('pick11x5', '', ok)).toEqual([]);
    const bad: LotteryLine[] = [
      { betType: 'pick1', selection: '1' },
      { betType: 'pick1', selection: '12' },
      { betType: 'pick1', selection: '00' },
      { betType: 'pick2', selection: '05-03' },
      { betType: 'pick2', selection: '03-03' },
      { betType: 'pick2', selection: '03' },
      { betType: 'pick6', selection: '01-02-03-04-05-06' },
      { betType: 'first', selection: '01-02' },
    ];
    expect(accepted('pick11x5', '', bad)).toEqual([]);
  });
});

describe('pick11x5 exact return by enumeration', () => {
  it('pick k: every selection over the C(11,5) = 462 equally likely sets', { timeout: 60_000 }, () => {
    const sets = subsets(11, 5);
    expect(sets).toHaveLength(462);
    for (let k = 1; k <= 5; k++) {
      const betType = `pick${k}`;
      for (const picked of subsets(11, k)) {
        const line = { betType, selection: sel(picked) };
        const total = sets.reduce((acc, s) => acc + settleLotteryLine('pick11x5', line, result(s), odds), 0n);
        const check = returnMatches(line.selection, total, 462n, must(odds[betType]), 500);
        expect(check.ok, check.report).toBe(true);
      }
    }
  });
  it('first: every selection over the 55,440 ordered draws', { timeout: 60_000 }, () => {
    const ordered: number[][] = [];
    const walk = (prefix: number[]) => {
      if (prefix.length === 5) ordered.push(prefix);
      else for (let b = 1; b <= 11; b++) if (!prefix.includes(b)) walk([...prefix, b]);
    };
    walk([]);
    expect(ordered).toHaveLength(55_440);
    for (let b = 1; b <= 11; b++) {
      const line = { betType: 'first', selection: sel([b]) };
      const total = ordered.reduce(
        (acc, o) => acc + settleLotteryLine('pick11x5', line, result(o), odds),
        0n,
      );
      const check = returnMatches(line.selection, total, 55_440n, must(odds.first), 500);
      expect(check.ok, check.report).toBe(true);
    }
  });
});

describe('pick11x5 draws', () => {
  it('five distinct balls; every ball and the first ball are uniform (χ² at 99 %, 10^5 draws)', {
    timeout: 60_000,
  }, () => {
    const all = new Array<number>(11).fill(0);
    const first = new Array<number>(11).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const r = drawLotteryResult('pick11x5', '', '11'.repeat(32), `lott-11x5-20261127-${i}`);
      if (r.family !== 'pick11x5') throw new Error('family');
      expect(new Set(r.balls).size).toBe(5);
      for (const b of r.balls) bump(all, b - 1);
      bump(first, must(r.balls[0]) - 1);
    }
    for (const [label, counts] of [
      ['balls', all],
      ['first', first],
    ] as const) {
      const check = uniform99(label, counts);
      expect(check.ok, check.report).toBe(true);
    }
  });
});
