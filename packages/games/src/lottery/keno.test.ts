import { describe, expect, it } from 'vitest';
import { add, type Fraction, fraction, mul } from '../rational.ts';
import { exactReturn, ZERO } from './common.ts';
import { drawLotteryResult, lotteryOdds, settleLotteryLine } from './index.ts';
import { KENO_RATIOS, kenoHitProbabilities } from './keno.ts';
import { accepted, bump, exactReturnMatches, must, refused, uniform99 } from './test-kit.ts';
import type { LotteryLine, LotteryResult } from './types.ts';

const odds = lotteryOdds('keno', '', 800);
/** Drawn: 1–20. */
const result: LotteryResult = { family: 'keno', numbers: Array.from({ length: 20 }, (_, i) => 20 - i) };
const pay = (betType: string, selection: string) =>
  settleLotteryLine('keno', { betType, selection }, result, odds);
const pick = (numbers: number[]) => numbers.map((n) => String(n).padStart(2, '0')).join('-');

/**
 * P(h hits of k) by a different route than the hypergeometric formula: the 20 balls drawn one by one, the
 * d-th a hit with probability (k − hits so far) / (80 − d).
 */
function sequentialHitProbabilities(k: number): Fraction[] {
  let state: Fraction[] = [fraction(1n)];
  for (let d = 0; d < 20; d++) {
    const next: Fraction[] = Array.from({ length: k + 1 }, () => ZERO);
    state.forEach((p, h) => {
      const hit = fraction(BigInt(k - h), BigInt(80 - d));
      const miss = fraction(BigInt(80 - d - (k - h)), BigInt(80 - d));
      if (h < k) next[h + 1] = add(next[h + 1] as Fraction, mul(p, hit));
      next[h] = add(next[h] as Fraction, mul(p, miss));
    });
    state = next;
  }
  return state;
}

describe('keno odds', () => {
  it('every spot count’s exact return (hits by sequential draws) is the declared one, ≤ 92 %, within 0.5 %', () => {
    for (let k = 1; k <= 10; k++) {
      const betType = `spot${k}`;
      const seq = sequentialHitProbabilities(k);
      const hyper = kenoHitProbabilities(k);
      seq.forEach((p, h) => {
        expect(p).toEqual(hyper[String(h)]);
      });
      const p = Object.fromEntries(seq.map((f, h) => [String(h), f]));
      const o = must(odds[betType]);
      expect(Object.keys(must(o.table))).toEqual(Object.keys(must(KENO_RATIOS[betType])));
      const check = exactReturnMatches(betType, exactReturn(p, must(o.table)), o.declaredReturn, 800);
      expect(check.ok, check.report).toBe(true);
      expect(o.odds1e4).toBe(must(o.table)[String(k)]);
      expect(o.maxUnits).toBe(o.odds1e4);
    }
  });
});

describe('keno settlement (hand-checked)', () => {
  it('pays by the number of picked numbers drawn', () => {
    const t = (betType: string, hits: number) => must(odds[betType]?.table)[String(hits)] ?? 0n;
    expect(pay('spot1', '07')).toBe(t('spot1', 1));
    expect(pay('spot1', '21')).toBe(0n);
    expect(pay('spot3', pick([1, 2, 3]))).toBe(t('spot3', 3));
    expect(pay('spot3', pick([1, 2, 80]))).toBe(t('spot3', 2));
    expect(pay('spot3', pick([1, 79, 80]))).toBe(0n); // one hit pays nothing on 3 spots
    expect(pay('spot10', pick([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))).toBe(t('spot10', 10));
    expect(pay('spot10', pick([1, 2, 3, 4, 5, 70, 71, 72, 73, 74]))).toBe(t('spot10', 5));
    expect(pay('spot10', pick([1, 2, 3, 4, 70, 71, 72, 73, 74, 75]))).toBe(0n);
    expect(t('spot10', 5)).toBeGreaterThan(0n);
  });
});

describe('keno lines', () => {
  it('k distinct ascending numbers 01–80', () => {
    const ok: LotteryLine[] = [
      { betType: 'spot1', selection: '80' },
      { betType: 'spot4', selection: '01-02-40-80' },
    ];
    expect(refused('keno', '', ok)).toEqual([]);
    const bad: LotteryLine[] = [
      { betType: 'spot1', selection: '81' },
      { betType: 'spot1', selection: '00' },
      { betType: 'spot2', selection: '02-01' },
      { betType: 'spot2', selection: '01-01' },
      { betType: 'spot2', selection: '01-02-03' },
      { betType: 'spot11', selection: pick([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) },
    ];
    expect(accepted('keno', '', bad)).toEqual([]);
  });
});

describe('keno draws', () => {
  it('20 distinct numbers; every number equally likely (χ² at 99 %, 10^5 draws)', { timeout: 60_000 }, () => {
    const counts = new Array<number>(80).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const r = drawLotteryResult('keno', '', 'ce0'.repeat(21).slice(0, 64), `elott-keno-20261127-${i}`);
      if (r.family !== 'keno') throw new Error('family');
      if (new Set(r.numbers).size !== 20) throw new Error(`not distinct: ${r.numbers}`);
      for (const n of r.numbers) bump(counts, n - 1);
    }
    const check = uniform99('numbers', counts);
    expect(check.ok, check.report).toBe(true);
  });
});
