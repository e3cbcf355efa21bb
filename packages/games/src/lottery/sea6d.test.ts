import { describe, expect, it } from 'vitest';
import { drawLotteryResult, lotteryOdds, settleLotteryLine } from './index.ts';
import { accepted, bump, must, refused, returnMatches, uniform99 } from './test-kit.ts';
import type { LotteryLine, LotteryResult } from './types.ts';

const odds = lotteryOdds('sea6d', '', 500);
const result = (number: string): LotteryResult => ({ family: 'sea6d', number });
const pay = (betType: string, selection: string, number: string) =>
  settleLotteryLine('sea6d', { betType, selection }, result(number), odds);

describe('sea6d settlement (hand-checked)', () => {
  it('front and back digits, and the exact number', { timeout: 60_000 }, () => {
    expect(pay('front2', '04', '041973')).toBe(950_000n);
    expect(pay('front2', '41', '041973')).toBe(0n);
    expect(pay('front3', '041', '041973')).toBe(9_500_000n);
    expect(pay('back2', '73', '041973')).toBe(950_000n);
    expect(pay('back2', '97', '041973')).toBe(0n);
    expect(pay('back3', '973', '041973')).toBe(9_500_000n);
    expect(pay('exact6', '041973', '041973')).toBe(9_500_000_000n);
    expect(pay('exact6', '041974', '041973')).toBe(0n);
  });
});

describe('sea6d lines', () => {
  it('accepts digits of the bet type’s width only', () => {
    const ok: LotteryLine[] = [
      { betType: 'front2', selection: '00' },
      { betType: 'back3', selection: '999' },
      { betType: 'exact6', selection: '000000' },
    ];
    expect(refused('sea6d', '', ok)).toEqual([]);
    const bad: LotteryLine[] = [
      { betType: 'front2', selection: '0' },
      { betType: 'front3', selection: '12' },
      { betType: 'back2', selection: 'ab' },
      { betType: 'exact6', selection: '1234567' },
      { betType: 'exact5', selection: '12345' },
    ];
    expect(accepted('sea6d', '', bad)).toEqual([]);
  });
});

describe('sea6d exact return over all 10^6 numbers', () => {
  it('each bet type returns exactly the declared return, ≤ 95 % and within 0.5 % of it', {
    timeout: 60_000,
  }, () => {
    const lines: LotteryLine[] = [
      { betType: 'front2', selection: '27' },
      { betType: 'front3', selection: '271' },
      { betType: 'back2', selection: '09' },
      { betType: 'back3', selection: '909' },
      { betType: 'exact6', selection: '271909' },
    ];
    const totals = lines.map(() => 0n);
    for (let n = 0; n < 1_000_000; n++) {
      const r = result(String(n).padStart(6, '0'));
      lines.forEach((line, i) => {
        totals[i] = (totals[i] as bigint) + settleLotteryLine('sea6d', line, r, odds);
      });
    }
    lines.forEach((line, i) => {
      const check = returnMatches(
        line.betType,
        totals[i] as bigint,
        1_000_000n,
        must(odds[line.betType]),
        500,
      );
      expect(check.ok, check.report).toBe(true);
    });
  });
});

describe('sea6d draws', () => {
  it('digits are uniform at every position (χ² at 99 %, 10^5 draws)', { timeout: 60_000 }, () => {
    const counts = Array.from({ length: 6 }, () => new Array<number>(10).fill(0));
    for (let i = 0; i < 100_000; i++) {
      const r = drawLotteryResult('sea6d', '', '6d'.repeat(32), `sea-6d-20261127-${i}`);
      if (r.family !== 'sea6d') throw new Error('family');
      expect(r.number).toMatch(/^[0-9]{6}$/);
      r.number.split('').forEach((d, p) => {
        bump(must(counts[p]), Number(d));
      });
    }
    const check = uniform99('position × digit', counts.flat());
    expect(check.ok, check.report).toBe(true);
  });
});
