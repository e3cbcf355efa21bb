import { describe, expect, it } from 'vitest';
import { drawLotteryResult, lotteryOdds, settleLotteryLine } from './index.ts';
import { accepted, bump, must, refused, returnMatches, uniform99 } from './test-kit.ts';
import type { LotteryLine, LotteryResult } from './types.ts';

const odds = lotteryOdds('lott5d', '', 500);
const result = (digits: number[]): LotteryResult => ({ family: 'lott5d', digits });
const pay = (betType: string, selection: string, digits: number[]) =>
  settleLotteryLine('lott5d', { betType, selection }, result(digits), odds);

describe('lott5d settlement (hand-checked)', () => {
  // 7 3 5 0 9: sum 24 (big, even).
  const d = [7, 3, 5, 0, 9];
  it('digit pays the exact digit at its position only', { timeout: 60_000 }, () => {
    expect(pay('digit', 'p1:7', d)).toBe(95_000n);
    expect(pay('digit', 'p2:7', d)).toBe(0n);
    expect(pay('digit', 'p4:0', d)).toBe(95_000n);
  });
  it('bigsmall: 5–9 big, 0–4 small', () => {
    expect(pay('bigsmall', 'p3:big', d)).toBe(19_000n);
    expect(pay('bigsmall', 'p3:small', d)).toBe(0n);
    expect(pay('bigsmall', 'p4:small', d)).toBe(19_000n);
    expect(pay('bigsmall', 'p2:big', d)).toBe(0n);
  });
  it('oddeven per position', () => {
    expect(pay('oddeven', 'p5:odd', d)).toBe(19_000n);
    expect(pay('oddeven', 'p4:even', d)).toBe(19_000n);
    expect(pay('oddeven', 'p1:even', d)).toBe(0n);
  });
  it('sumbs: big is a sum of 23 or more (edges 22 and 23)', () => {
    expect(pay('sumbs', 'big', d)).toBe(19_000n);
    expect(pay('sumbs', 'big', [9, 9, 5, 0, 0])).toBe(19_000n);
    expect(pay('sumbs', 'small', [9, 9, 4, 0, 0])).toBe(19_000n);
    expect(pay('sumbs', 'big', [9, 9, 4, 0, 0])).toBe(0n);
  });
  it('sumoe on the sum', () => {
    expect(pay('sumoe', 'even', d)).toBe(19_000n);
    expect(pay('sumoe', 'odd', d)).toBe(0n);
    expect(pay('sumoe', 'odd', [0, 0, 0, 0, 1])).toBe(19_000n);
  });
});

describe('lott5d lines', () => {
  it('accepts canonical selections and refuses the rest', () => {
    const ok: LotteryLine[] = [
      { betType: 'digit', selection: 'p1:0' },
      { betType: 'digit', selection: 'p5:9' },
      { betType: 'bigsmall', selection: 'p2:small' },
      { betType: 'oddeven', selection: 'p3:odd' },
      { betType: 'sumbs', selection: 'big' },
      { betType: 'sumoe', selection: 'even' },
    ];
    expect(refused('lott5d', '', ok)).toEqual([]);
    const bad: LotteryLine[] = [
      { betType: 'digit', selection: 'p0:1' },
      { betType: 'digit', selection: 'p6:1' },
      { betType: 'digit', selection: 'p1:10' },
      { betType: 'digit', selection: 'p01:1' },
      { betType: 'digit', selection: 'P1:1' },
      { betType: 'bigsmall', selection: 'p1:odd' },
      { betType: 'sumbs', selection: 'BIG' },
      { betType: 'sumoe', selection: 'p1:odd' },
      { betType: 'pair', selection: '1' },
    ];
    expect(accepted('lott5d', '', bad)).toEqual([]);
  });
});

describe('lott5d exact return over all 10^5 digit tuples', () => {
  it('every selection returns exactly the declared return, ≤ 95 % and within 0.5 % of it', {
    timeout: 60_000,
  }, () => {
    const lines: LotteryLine[] = [];
    for (const p of ['p1', 'p5']) {
      for (let v = 0; v < 10; v++) lines.push({ betType: 'digit', selection: `${p}:${v}` });
      for (const c of ['big', 'small']) lines.push({ betType: 'bigsmall', selection: `${p}:${c}` });
      for (const c of ['odd', 'even']) lines.push({ betType: 'oddeven', selection: `${p}:${c}` });
    }
    for (const c of ['big', 'small']) lines.push({ betType: 'sumbs', selection: c });
    for (const c of ['odd', 'even']) lines.push({ betType: 'sumoe', selection: c });
    const totals = lines.map(() => 0n);
    for (let n = 0; n < 100_000; n++) {
      const r = result(String(n).padStart(5, '0').split('').map(Number));
      lines.forEach((line, i) => {
        totals[i] = (totals[i] as bigint) + settleLotteryLine('lott5d', line, r, odds);
      });
    }
    lines.forEach((line, i) => {
      const check = returnMatches(
        JSON.stringify(line),
        totals[i] as bigint,
        100_000n,
        must(odds[line.betType]),
        500,
      );
      expect(check.ok, check.report).toBe(true);
    });
  });
});

describe('lott5d draws', () => {
  it('each position’s digits are uniform (χ² at 99 %, 10^5 draws)', { timeout: 60_000 }, () => {
    const counts = Array.from({ length: 5 }, () => new Array<number>(10).fill(0));
    for (let i = 0; i < 100_000; i++) {
      const r = drawLotteryResult('lott5d', '', '5d'.repeat(32), `lott-5d-20261127-${i}`);
      if (r.family !== 'lott5d') throw new Error('family');
      r.digits.forEach((d, p) => {
        bump(must(counts[p]), d);
      });
    }
    // One χ² over the 50 (position, digit) cells rather than five at 99 % each.
    const check = uniform99('position × digit', counts.flat());
    expect(check.ok, check.report).toBe(true);
  });
});
