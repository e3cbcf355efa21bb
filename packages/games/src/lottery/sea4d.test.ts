import { describe, expect, it } from 'vitest';
import { fraction } from '../rational.ts';
import { exactReturn } from './common.ts';
import {
  drawLotteryResult,
  lotteryOdds,
  lotteryResultProblem,
  settleLotteryLine,
  validateLotteryLine,
} from './index.ts';
import { SEA4D_RATIOS } from './sea4d.ts';
import { accepted, bump, exactReturnMatches, must, uniform99 } from './test-kit.ts';
import type { LotteryLine, LotteryResult } from './types.ts';

const odds = lotteryOdds('sea4d', '', 500);
const four = (n: number) => String(n).padStart(4, '0');
/** first 1000, second 1001, third 1002, special 2000–2009, consolation 3000–3009. */
const result: LotteryResult = {
  family: 'sea4d',
  tiers: [
    { tier: 'first', numbers: ['1000'] },
    { tier: 'second', numbers: ['1001'] },
    { tier: 'third', numbers: ['1002'] },
    { tier: 'special', numbers: Array.from({ length: 10 }, (_, i) => four(2000 + i)) },
    { tier: 'consolation', numbers: Array.from({ length: 10 }, (_, i) => four(3000 + i)) },
  ],
};
const pay = (betType: string, selection: string) =>
  settleLotteryLine('sea4d', { betType, selection }, result, odds);

describe('sea4d odds', () => {
  it('scale Singapore Pools’ ratios to 95 %: big 2500:1000:500:180:60 over 0.64, small 3500:2000:1000 over 0.65', () => {
    // big: units = floor(9500 × ratio / 0.64); small: floor(9500 × ratio / 0.65).
    expect(must(odds.big).table).toEqual({
      first: 37_109_375n,
      second: 14_843_750n,
      third: 7_421_875n,
      special: 2_671_875n,
      consolation: 890_625n,
    });
    expect(must(odds.small).table).toEqual({ first: 51_153_846n, second: 29_230_769n, third: 14_615_384n });
    expect(must(odds.big).odds1e4).toBe(37_109_375n);
    expect(must(odds.big).maxUnits).toBe(37_109_375n);
  });
  it('exact return Σ (numbers in tier / 10,000) × pay is the declared return, ≤ 95 %, within 0.5 %', {
    timeout: 60_000,
  }, () => {
    const counts: Record<string, bigint> = {
      first: 1n,
      second: 1n,
      third: 1n,
      special: 10n,
      consolation: 10n,
    };
    const p = Object.fromEntries(Object.entries(counts).map(([k, c]) => [k, fraction(c, 10_000n)]));
    for (const betType of ['big', 'small'] as const) {
      expect(Object.keys(must(odds[betType]?.table))).toEqual(Object.keys(SEA4D_RATIOS[betType]));
      const check = exactReturnMatches(
        betType,
        exactReturn(p, must(odds[betType]?.table)),
        must(odds[betType]).declaredReturn,
        500,
      );
      expect(check.ok, check.report).toBe(true);
    }
  });
});

describe('sea4d settlement (hand-checked)', () => {
  it('big pays by the tier the number is drawn in', () => {
    expect(pay('big', '1000')).toBe(37_109_375n);
    expect(pay('big', '1001')).toBe(14_843_750n);
    expect(pay('big', '1002')).toBe(7_421_875n);
    expect(pay('big', '2005')).toBe(2_671_875n);
    expect(pay('big', '3009')).toBe(890_625n);
    expect(pay('big', '0001')).toBe(0n);
  });
  it('small pays the top three tiers only', () => {
    expect(pay('small', '1000')).toBe(51_153_846n);
    expect(pay('small', '1002')).toBe(14_615_384n);
    expect(pay('small', '2005')).toBe(0n);
    expect(pay('small', '3000')).toBe(0n);
  });
});

describe('sea4d lines and results', () => {
  it('a selection is exactly 4 digits', { timeout: 60_000 }, () => {
    expect(validateLotteryLine('sea4d', '', { betType: 'big', selection: '0000' })).toBeNull();
    const bad: LotteryLine[] = [
      { betType: 'big', selection: '123' },
      { betType: 'small', selection: '12345' },
      { betType: 'big', selection: '12a4' },
      { betType: 'exact', selection: '1234' },
    ];
    expect(accepted('sea4d', '', bad)).toEqual([]);
  });
  it('a result has the five tiers in order with 23 distinct 4-digit numbers', () => {
    expect(lotteryResultProblem('sea4d', '', result)).toBeNull();
    const tiers = result.family === 'sea4d' ? result.tiers : [];
    const withTiers = (t: unknown) => ({ family: 'sea4d', tiers: t });
    expect(lotteryResultProblem('sea4d', '', withTiers(tiers.slice(1)))).toMatch(/tiers/);
    expect(lotteryResultProblem('sea4d', '', withTiers([tiers[1], tiers[0], ...tiers.slice(2)]))).toMatch(
      /first/,
    );
    const twice = tiers.map((t) => (t.tier === 'second' ? { tier: 'second', numbers: ['1000'] } : t));
    expect(lotteryResultProblem('sea4d', '', withTiers(twice))).toMatch(/twice/);
    const short = tiers.map((t) => (t.tier === 'third' ? { tier: 'third', numbers: ['102'] } : t));
    expect(lotteryResultProblem('sea4d', '', withTiers(short))).toMatch(/4 digits/);
    expect(lotteryResultProblem('sea4d', 'north', result)).toMatch(/variant/);
    expect(lotteryResultProblem('sea4d', '', { family: 'sea6d', number: '123456' })).toMatch(/family/);
  });
});

describe('sea4d draws', () => {
  it('23 distinct numbers; every number 0000–9999 equally likely (χ² at 99 %, 10^5 draws)', {
    timeout: 60_000,
  }, () => {
    const counts = new Array<number>(10_000).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const r = drawLotteryResult('sea4d', '', '4d'.repeat(32), `sea-4d-fast-20261127-${i}`);
      if (r.family !== 'sea4d') throw new Error('family');
      const all = r.tiers.flatMap((t) => t.numbers);
      if (new Set(all).size !== 23) throw new Error(`not distinct: ${all}`);
      for (const n of all) bump(counts, Number(n));
    }
    const check = uniform99('numbers', counts);
    expect(check.ok, check.report).toBe(true);
  });
});
