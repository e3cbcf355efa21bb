import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDraws, type Hmac } from '../fair.ts';
import { drawDistinct } from './common.ts';
import {
  drawLotteryResult,
  LOTTERY_FAMILY_LIST,
  LOTTERY_MATHS,
  lineOdds,
  lotteryHeadline,
  lotteryOdds,
  lotteryPayoutMinor,
  lotteryResultProblem,
  lotteryResultTrendValues,
  lotteryTrendDomain,
  lotteryTrendGroups,
  lotteryTrends,
  mathsOf,
  settleLotteryLine,
  validateLotteryLine,
} from './index.ts';
import { must } from './test-kit.ts';
import type { LotteryFamily, LotteryResult, LotteryVariant } from './types.ts';

const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();
const seed = '0123456789abcdef'.repeat(4);
const variantOf = (family: LotteryFamily): LotteryVariant => (family === 'vn' ? 'north' : '');

describe('lottery draws', () => {
  it('same seed and draw id → same result (node:crypto HMAC and the pure one agree); another id → another', () => {
    for (const family of LOTTERY_FAMILY_LIST) {
      const v = variantOf(family);
      const a = drawLotteryResult(family, v, seed, 'game-20261127-0001');
      expect(drawLotteryResult(family, v, seed, 'game-20261127-0001')).toEqual(a);
      expect(drawLotteryResult(family, v, seed, 'game-20261127-0001', nodeHmac)).toEqual(a);
      expect(drawLotteryResult(family, v, seed, 'game-20261127-0002')).not.toEqual(a);
      expect(drawLotteryResult(family, v, 'f'.repeat(64), 'game-20261127-0001')).not.toEqual(a);
      expect(lotteryResultProblem(family, v, a), family).toBeNull();
    }
  });
  it('a draw is pinned: the verify page recomputes these exact values', () => {
    expect(drawLotteryResult('lott5d', '', seed, 'lott-5d-20261127-0001')).toMatchInlineSnapshot(`
      {
        "digits": [
          4,
          3,
          4,
          4,
          1,
        ],
        "family": "lott5d",
      }
    `);
    expect(
      lotteryHeadline(drawLotteryResult('keno', '', seed, 'elott-keno-20261127-0001')),
    ).toMatchInlineSnapshot(`"01 06 12 13 30 32 35 36 45 46 55 58 60 61 64 66 68 69 74 78"`);
  });
  it('drawDistinct (sparse) gives the array partial Fisher–Yates values', () => {
    for (const [n, k] of [
      [11, 5],
      [10, 10],
      [80, 20],
      [10_000, 23],
    ] as const) {
      for (let nonce = 0; nonce < 20; nonce++) {
        const inputs = { serverSeed: seed, clientSeed: 'x', nonce };
        const sparse = drawDistinct(createDraws(inputs), n, k);
        const draws = createDraws(inputs);
        const array = Array.from({ length: n }, (_, i) => i);
        for (let i = 0; i < k; i++) {
          const j = i + draws.int(n - i);
          [array[i], array[j]] = [array[j] as number, array[i] as number];
        }
        expect(sparse).toEqual(array.slice(0, k));
      }
    }
  });
  it('refuses a VN draw without its variant', () => {
    expect(() => drawLotteryResult('vn', '', seed, 'vn-fast-1-20261127-0001')).toThrow(RangeError);
  });
});

describe('lottery dispatch', () => {
  it('every family has its maths and bet types', () => {
    for (const family of LOTTERY_FAMILY_LIST) {
      expect(mathsOf(family).family).toBe(family);
      const odds = lotteryOdds(family, variantOf(family), 500);
      expect(Object.keys(odds)).toEqual([...LOTTERY_MATHS[family].betTypes]);
      for (const o of Object.values(odds)) {
        expect(o.betType).toMatch(/^[a-z0-9]{1,16}$/);
        expect(o.odds1e4).toBeGreaterThan(10_000n);
        expect(o.maxUnits).toBeGreaterThanOrEqual(o.odds1e4);
        expect(o.declaredReturn).toBeLessThanOrEqual(0.95);
        expect(o.declaredReturn).toBeGreaterThan(0.95 * 0.995);
        // A paying outcome never pays less than the stake back.
        for (const units of Object.values(o.table ?? {}))
          expect(units, `${family} ${o.betType}`).toBeGreaterThan(10_000n);
      }
    }
  });
  it('odds follow the margin, are shared per (family, variant, margin) and refuse a margin out of 0–5000', () => {
    expect(lotteryOdds('dice3', '', 500)).toBe(lotteryOdds('dice3', '', 500));
    expect(must(lotteryOdds('lott5d', '', 0).digit).odds1e4).toBe(100_000n);
    expect(must(lotteryOdds('lott5d', '', 5000).digit).odds1e4).toBe(50_000n);
    expect(() => lotteryOdds('lott5d', '', 5001)).toThrow(RangeError);
    expect(() => lotteryOdds('lott5d', '', 1.5)).toThrow(RangeError);
  });
  it('an unknown bet type is invalid in every family, and lineOdds shows nothing for it', () => {
    for (const family of LOTTERY_FAMILY_LIST) {
      const line = { betType: 'nope', selection: '1' };
      expect(validateLotteryLine(family, variantOf(family), line)).toBe('lottery_bet_invalid');
      expect(lineOdds(family, line, lotteryOdds(family, variantOf(family), 500))).toEqual({
        odds1e4: 0n,
        maxUnits: 0n,
      });
    }
  });
  it('settling a result of another family throws; a payout rounds down to the minor unit', () => {
    const dice: LotteryResult = { family: 'dice3', dice: [1, 2, 3] };
    expect(() =>
      settleLotteryLine('keno', { betType: 'spot1', selection: '01' }, dice, lotteryOdds('keno', '', 800)),
    ).toThrow(TypeError);
    expect(lotteryPayoutMinor(333n, 19_542n)).toBe(650n); // 333 × 1.9542 = 650.7486
  });
  it('result problems: variant per family, and garbage', () => {
    expect(lotteryResultProblem('dice3', 'north', { family: 'dice3', dice: [1, 2, 3] })).toMatch(/variant/);
    expect(lotteryResultProblem('dice3', '', { family: 'dice3', dice: [1, 2, 7] })).toMatch(/dice/);
    expect(lotteryResultProblem('dice3', '', null)).toMatch(/family/);
    expect(lotteryResultProblem('keno', '', { family: 'keno', numbers: [1, 1] })).toMatch(/20/);
    expect(lotteryResultProblem('pick11x5', '', { family: 'pick11x5', balls: [1, 1, 2, 3, 4] })).toMatch(
      /distinct/,
    );
    expect(lotteryResultProblem('sea6d', '', { family: 'sea6d', number: 123456 })).toMatch(/6 digits/);
  });
});

describe('headline and trends', () => {
  it('the number on a card', () => {
    const cases: [LotteryResult, string][] = [
      [{ family: 'sea6d', number: '041973' }, '041973'],
      [{ family: 'lott5d', digits: [0, 1, 2, 3, 4] }, '0 1 2 3 4'],
      [{ family: 'dice3', dice: [6, 1, 6] }, '6 1 6'],
      [{ family: 'pick11x5', balls: [11, 3, 1, 7, 5] }, '11 03 01 07 05'],
      [{ family: 'race10', order: [10, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, '10 01 02 03 04 05 06 07 08 09'],
    ];
    for (const [result, text] of cases) expect(lotteryHeadline(result)).toBe(text);
    const vn = drawLotteryResult('vn', 'south', seed, 'vn-fast-5-20261127-0001');
    expect(lotteryHeadline(vn)).toMatch(/^[0-9]{6}$/);
    const sea4d = drawLotteryResult('sea4d', '', seed, 'sea-4d-fast-20261127-0001');
    expect(lotteryHeadline(sea4d)).toBe(sea4d.family === 'sea4d' ? sea4d.tiers[0]?.numbers[0] : '');
    const keno = drawLotteryResult('keno', '', seed, 'elott-keno-20261127-0001');
    expect(lotteryHeadline(keno).split(' ').map(Number)).toEqual(
      keno.family === 'keno' ? [...keno.numbers].sort((a, b) => a - b) : [],
    );
  });
  it('every family’s trend values belong to its domain’s groups', () => {
    for (const family of LOTTERY_FAMILY_LIST) {
      const domain = new Map(lotteryTrendDomain(family).map((g) => [g.group, new Set(g.values)]));
      const r = drawLotteryResult(family, variantOf(family), seed, 'game-20261127-0009');
      for (const { group, values } of lotteryResultTrendValues(r)) {
        for (const v of values) expect(domain.get(group)?.has(v), `${family} ${group} ${v}`).toBe(true);
      }
    }
  });
  it('groups and trends of dice results (newest first)', () => {
    const results: LotteryResult[] = [
      { family: 'dice3', dice: [6, 6, 1] },
      { family: 'dice3', dice: [2, 3, 4] },
      { family: 'dice3', dice: [6, 5, 4] },
    ];
    expect(lotteryTrendGroups(results)).toEqual([
      { group: 'd', values: ['6', '6', '1', '2', '3', '4', '6', '5', '4'] },
      { group: 'sum', values: ['13', '9', '15'] },
    ]);
    const [faces, sums] = lotteryTrends('dice3', results);
    expect(faces).toEqual({
      group: 'd',
      counts: { '1': 1, '2': 1, '3': 1, '4': 2, '5': 1, '6': 3 },
      missing: { '1': 0, '2': 1, '3': 1, '4': 1, '5': 2, '6': 0 },
      hot: ['6', '4', '1', '2', '3'],
      cold: ['5', '2', '3', '1', '4'],
    });
    expect(must(sums).counts['3']).toBe(0);
    expect(must(sums).missing['3']).toBe(3);
    expect(must(sums).hot.slice(0, 3)).toEqual(['13', '9', '15']);
  });
  it('VN groups: every prize’s last two digits, and the special’s head and tail', () => {
    const vn = drawLotteryResult('vn', 'north', seed, 'vn-fast-1-20261127-0001');
    const special = lotteryHeadline(vn);
    const [all, head, tail] = lotteryResultTrendValues(vn);
    expect(must(all).values).toHaveLength(27);
    expect(head).toEqual({ group: 'head', values: [special.slice(3, 4)] });
    expect(tail).toEqual({ group: 'tail', values: [special.slice(4)] });
    expect(lotteryTrends('vn', [vn]).map((t) => t.group)).toEqual(['all', 'head', 'tail']);
  });
});
