import { describe, expect, it } from 'vitest';
import { drawLotteryResult, lotteryOdds, settleLotteryLine } from './index.ts';
import { accepted, bump, must, refused, returnMatches, uniform99 } from './test-kit.ts';
import type { LotteryLine, LotteryResult } from './types.ts';

const odds = lotteryOdds('race10', '', 500);
const result = (order: number[]): LotteryResult => ({ family: 'race10', order });
const pay = (betType: string, selection: string, order: number[]) =>
  settleLotteryLine('race10', { betType, selection }, result(order), odds);

describe('race10 settlement (hand-checked)', () => {
  const order = [7, 2, 10, 5, 1, 8, 3, 6, 9, 4];
  it('position pays the car at that position', () => {
    expect(pay('position', 'p1:07', order)).toBe(95_000n);
    expect(pay('position', 'p3:10', order)).toBe(95_000n);
    expect(pay('position', 'p2:07', order)).toBe(0n);
  });
  it('bigsmall (cars 6–10 big) and oddeven per position', () => {
    expect(pay('bigsmall', 'p1:big', order)).toBe(19_000n);
    expect(pay('bigsmall', 'p4:small', order)).toBe(19_000n);
    expect(pay('bigsmall', 'p4:big', order)).toBe(0n);
    expect(pay('oddeven', 'p10:even', order)).toBe(19_000n);
    expect(pay('oddeven', 'p5:even', order)).toBe(0n);
  });
  it('dragon: position k against 11 − k, the higher car wins', () => {
    expect(pay('dragon', 'p1:dragon', order)).toBe(19_000n); // 7 vs 4
    expect(pay('dragon', 'p1:tiger', order)).toBe(0n);
    expect(pay('dragon', 'p2:tiger', order)).toBe(19_000n); // 2 vs 9
    expect(pay('dragon', 'p5:dragon', order)).toBe(0n); // 1 vs 8
  });
});

describe('race10 lines', () => {
  it('accepts canonical selections and refuses the rest', () => {
    const ok: LotteryLine[] = [
      { betType: 'position', selection: 'p10:01' },
      { betType: 'bigsmall', selection: 'p1:big' },
      { betType: 'oddeven', selection: 'p7:odd' },
      { betType: 'dragon', selection: 'p5:tiger' },
    ];
    expect(refused('race10', '', ok)).toEqual([]);
    const bad: LotteryLine[] = [
      { betType: 'position', selection: 'p11:01' },
      { betType: 'position', selection: 'p1:1' },
      { betType: 'position', selection: 'p1:11' },
      { betType: 'position', selection: 'p1:00' },
      { betType: 'bigsmall', selection: 'p1:odd' },
      { betType: 'dragon', selection: 'p6:dragon' },
      { betType: 'dragon', selection: 'p1:big' },
    ];
    expect(accepted('race10', '', bad)).toEqual([]);
  });
});

describe('race10 exact return per position pair', () => {
  // Every bet reads positions k and 11 − k only, and those hold each of the 90 ordered pairs of distinct cars
  // equally often over the 10! orders: one order per pair (the other cars in any fixed order) is exact.
  it('every selection of positions k and 11 − k returns the declared return', { timeout: 60_000 }, () => {
    for (let k = 1; k <= 5; k++) {
      const orders: number[][] = [];
      for (let a = 1; a <= 10; a++) {
        for (let b = 1; b <= 10; b++) {
          if (a === b) continue;
          const rest = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((c) => c !== a && c !== b);
          const order = [...rest.slice(0, k - 1), a, ...rest.slice(k - 1)];
          order.splice(10 - k, 0, b);
          orders.push(order);
        }
      }
      const lines: LotteryLine[] = [];
      for (const p of [k, 11 - k]) {
        for (let c = 1; c <= 10; c++)
          lines.push({ betType: 'position', selection: `p${p}:${String(c).padStart(2, '0')}` });
        for (const c of ['big', 'small']) lines.push({ betType: 'bigsmall', selection: `p${p}:${c}` });
        for (const c of ['odd', 'even']) lines.push({ betType: 'oddeven', selection: `p${p}:${c}` });
      }
      for (const c of ['dragon', 'tiger']) lines.push({ betType: 'dragon', selection: `p${k}:${c}` });
      for (const line of lines) {
        const total = orders.reduce((acc, o) => acc + settleLotteryLine('race10', line, result(o), odds), 0n);
        const check = returnMatches(line.selection, total, 90n, must(odds[line.betType]), 500);
        expect(check.ok, check.report).toBe(true);
      }
    }
  });
});

describe('race10 draws', () => {
  it('a permutation; each position holds each car uniformly (χ² at 99 %, 10^5 draws)', {
    timeout: 60_000,
  }, () => {
    const counts = Array.from({ length: 10 }, () => new Array<number>(10).fill(0));
    for (let i = 0; i < 100_000; i++) {
      const r = drawLotteryResult('race10', '', 'ace0'.repeat(16), `lott-race-20261127-${i}`);
      if (r.family !== 'race10') throw new Error('family');
      expect(new Set(r.order).size).toBe(10);
      r.order.forEach((car, p) => {
        bump(must(counts[p]), car - 1);
      });
    }
    // One χ² over the 100 (position, car) cells rather than ten at 99 % each (which fail together 10 % of
    // the time): the rows' fixed totals make it conservative.
    const check = uniform99('position × car', counts.flat());
    expect(check.ok, check.report).toBe(true);
  });
});
