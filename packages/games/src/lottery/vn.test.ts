import { describe, expect, it } from 'vitest';
import { add, type Fraction, fraction, mul } from '../rational.ts';
import { ZERO } from './common.ts';
import { drawLotteryResult, lotteryOdds, lotteryResultProblem, settleLotteryLine } from './index.ts';
import { accepted, bump, exactReturnMatches, must, refused, uniform99 } from './test-kit.ts';
import type { LotteryLine, LotteryResult } from './types.ts';
import { VN_TIERS, vnPrizeCount, xienProbability } from './vn.ts';

const north = lotteryOdds('vn', 'north', 500);
const south = lotteryOdds('vn', 'south', 500);

/** A north result: 45 ends the special, the first, the second's second and the seventh's first prize. */
const northResult: LotteryResult = {
  family: 'vn',
  variant: 'north',
  tiers: [
    { tier: 'special', numbers: ['12345'] },
    { tier: 'first', numbers: ['00045'] },
    { tier: 'second', numbers: ['11111', '22245'] },
    { tier: 'third', numbers: ['30000', '30001', '30002', '30003', '30004', '30005'] },
    { tier: 'fourth', numbers: ['4006', '4007', '4008', '4009'] },
    { tier: 'fifth', numbers: ['5010', '5012', '5013', '5014', '5015', '5016'] },
    { tier: 'sixth', numbers: ['617', '618', '619'] },
    { tier: 'seventh', numbers: ['45', '20', '21', '22'] },
  ],
};
const pay = (betType: string, selection: string, result = northResult, odds = north) =>
  settleLotteryLine('vn', { betType, selection }, result, odds);

describe('vn odds', () => {
  it('per-hit lô odds from the expected hits (27/100 north, 18/100 south); de, cang3, head, tail', () => {
    expect(vnPrizeCount('north')).toBe(27);
    expect(vnPrizeCount('south')).toBe(18);
    expect(must(north.lo2).odds1e4).toBe(35_185n); // floor(9500 × 100 / 27)
    expect(must(north.lo2).maxUnits).toBe(35_185n * 27n);
    expect(must(south.lo2).odds1e4).toBe(52_777n); // floor(9500 × 100 / 18)
    expect(must(north.de).odds1e4).toBe(950_000n);
    expect(must(north.cang3).odds1e4).toBe(9_500_000n);
    expect(must(north.head).odds1e4).toBe(95_000n);
    expect(must(north.tail).odds1e4).toBe(95_000n);
  });
  it('xiên: inclusion–exclusion equals a covered-count chain over the prizes', () => {
    // After each prize, j of the k numbers are covered; the next prize covers a new one with (k − j)/100.
    const chain = (k: number, prizes: number): Fraction => {
      let state: Fraction[] = [fraction(1n), ...Array.from({ length: k }, () => ZERO)];
      for (let i = 0; i < prizes; i++) {
        const next: Fraction[] = state.map(() => ZERO);
        state.forEach((p, j) => {
          if (j < k) next[j + 1] = add(next[j + 1] as Fraction, mul(p, fraction(BigInt(k - j), 100n)));
          next[j] = add(next[j] as Fraction, mul(p, fraction(BigInt(100 - (k - j)), 100n)));
        });
        state = next;
      }
      return state[k] as Fraction;
    };
    for (const prizes of [27, 18])
      for (const k of [2, 3, 4]) expect(xienProbability(k, prizes)).toEqual(chain(k, prizes));
  });
  it('every bet type’s exact return is the declared one, ≤ 95 %, within 0.5 %', () => {
    for (const [variant, odds] of [
      ['north', north],
      ['south', south],
    ] as const) {
      const prizes = vnPrizeCount(variant);
      const p: Record<string, Fraction> = {
        lo2: fraction(BigInt(prizes), 100n), // expected hits: each prize ends in the number with 1/100
        de: fraction(1n, 100n),
        cang3: fraction(1n, 1000n),
        xien2: xienProbability(2, prizes),
        xien3: xienProbability(3, prizes),
        xien4: xienProbability(4, prizes),
        head: fraction(1n, 10n),
        tail: fraction(1n, 10n),
      };
      for (const [betType, prob] of Object.entries(p)) {
        const o = must(odds[betType]);
        const check = exactReturnMatches(
          `${variant} ${betType}`,
          mul(prob, fraction(o.odds1e4, 10_000n)),
          o.declaredReturn,
          500,
        );
        expect(check.ok, check.report).toBe(true);
      }
    }
  });
});

describe('vn settlement (hand-checked)', () => {
  it('lô pays per prize ending in the number (four here), nothing for none', () => {
    expect(pay('lo2', '45')).toBe(4n * 35_185n);
    expect(pay('lo2', '11')).toBe(35_185n);
    expect(pay('lo2', '99')).toBe(0n);
  });
  it('đề, càng, head and tail read the special prize', () => {
    expect(pay('de', '45')).toBe(950_000n);
    expect(pay('de', '20')).toBe(0n); // a seventh prize, not the special
    expect(pay('cang3', '345')).toBe(9_500_000n);
    expect(pay('cang3', '045')).toBe(0n);
    expect(pay('head', '4')).toBe(95_000n);
    expect(pay('head', '5')).toBe(0n);
    expect(pay('tail', '5')).toBe(95_000n);
    expect(pay('tail', '4')).toBe(0n);
  });
  it('xiên needs every number among the last two digits, once each is enough', () => {
    expect(pay('xien2', '11-45')).toBe(must(north.xien2).odds1e4);
    expect(pay('xien3', '00-11-45')).toBe(must(north.xien3).odds1e4);
    expect(pay('xien4', '00-11-20-45')).toBe(must(north.xien4).odds1e4);
    expect(pay('xien2', '45-99')).toBe(0n);
    expect(pay('xien4', '00-11-20-99')).toBe(0n);
  });
  it('a south result: the 6-digit special and the eighth prize', () => {
    const spec = VN_TIERS.south;
    const southResult: LotteryResult = {
      family: 'vn',
      variant: 'south',
      tiers: spec.map(({ tier, count, width }) => ({
        tier,
        numbers: Array.from({ length: count }, () => (tier === 'special' ? '987654' : '7'.repeat(width))),
      })),
    };
    expect(lotteryResultProblem('vn', 'south', southResult)).toBeNull();
    expect(pay('cang3', '654', southResult, south)).toBe(9_500_000n);
    expect(pay('lo2', '77', southResult, south)).toBe(17n * 52_777n);
    expect(pay('xien2', '54-77', southResult, south)).toBe(must(south.xien2).odds1e4);
  });
});

describe('vn lines and results', () => {
  it('accepts canonical selections and refuses the rest', () => {
    const ok: LotteryLine[] = [
      { betType: 'lo2', selection: '00' },
      { betType: 'de', selection: '99' },
      { betType: 'cang3', selection: '007' },
      { betType: 'xien2', selection: '07-15' },
      { betType: 'xien4', selection: '00-01-02-99' },
      { betType: 'head', selection: '0' },
      { betType: 'tail', selection: '9' },
    ];
    expect(refused('vn', 'north', ok)).toEqual([]);
    const bad: LotteryLine[] = [
      { betType: 'lo2', selection: '7' },
      { betType: 'de', selection: '100' },
      { betType: 'cang3', selection: '07' },
      { betType: 'xien2', selection: '15-07' },
      { betType: 'xien2', selection: '07-07' },
      { betType: 'xien3', selection: '07-15' },
      { betType: 'xien2', selection: '7-15' },
      { betType: 'head', selection: '10' },
      { betType: 'big', selection: '1234' },
    ];
    expect(accepted('vn', 'north', bad)).toEqual([]);
  });
  it('checks a result’s tiers, counts and widths against its variant', () => {
    expect(lotteryResultProblem('vn', 'north', northResult)).toBeNull();
    expect(lotteryResultProblem('vn', 'south', northResult)).toMatch(/variant/);
    expect(lotteryResultProblem('vn', '', northResult)).toMatch(/variant/);
    const tiers = northResult.family === 'vn' ? northResult.tiers : [];
    const change = (tier: string, numbers: string[]) => ({
      family: 'vn',
      variant: 'north',
      tiers: tiers.map((t) => (t.tier === tier ? { tier, numbers } : t)),
    });
    expect(lotteryResultProblem('vn', 'north', change('special', ['1234']))).toMatch(/5 digits/);
    expect(lotteryResultProblem('vn', 'north', change('seventh', ['45', '20', '21']))).toMatch(/4 numbers/);
    // VN prizes are independent: a repeated number is a valid result.
    expect(lotteryResultProblem('vn', 'north', change('seventh', ['45', '45', '45', '45']))).toBeNull();
    expect(lotteryResultProblem('vn', 'north', { family: 'vn', variant: 'north' })).toMatch(/tiers/);
  });
});

describe('vn draws', () => {
  for (const variant of ['north', 'south'] as const) {
    it(`${variant}: the shape, and every prize’s last two digits uniform (χ² at 99 %, 10^5 draws)`, {
      timeout: 120_000,
    }, () => {
      const counts = new Array<number>(100).fill(0);
      const special = new Array<number>(10).fill(0);
      for (let i = 0; i < 100_000; i++) {
        const r = drawLotteryResult('vn', variant, 'f00d'.repeat(16), `vn-fast-20261127-${i}`);
        if (r.family !== 'vn') throw new Error('family');
        if (i < 10 && lotteryResultProblem('vn', variant, r) !== null) throw new Error('shape');
        for (const t of r.tiers) for (const n of t.numbers) bump(counts, Number(n.slice(-2)));
        bump(special, Number(must(r.tiers[0]?.numbers[0]).slice(0, 1)));
      }
      for (const [label, c] of [
        ['last two', counts],
        ['special first digit', special],
      ] as const) {
        const check = uniform99(`${variant} ${label}`, c);
        expect(check.ok, check.report).toBe(true);
      }
    });
  }
});
