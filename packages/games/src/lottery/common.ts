import { createDraws, type Draws, type Hmac, hmacSha256 } from '../fair.ts';
import { add, type Fraction, fraction, mul, toNumber } from '../rational.ts';
import { isDigits } from './digits.ts';
import type { LotteryLine, LotteryOdds } from './types.ts';

export { isDigits, pad } from './digits.ts';

/**
 * Shared helpers of the lottery families: the draw stream, canonical selections and odds from exact
 * probabilities. Pure (no I/O): the verify page runs them in the browser.
 */

export const BET_INVALID = 'lottery_bet_invalid';

/** The draw's one stream of uniform integers: `createDraws({ serverSeed: seed, clientSeed: drawId, nonce: 0 })`. */
export function lotteryDraws(seed: string, drawId: string, hmac: Hmac = hmacSha256): Draws {
  return createDraws({ serverSeed: seed, clientSeed: drawId, nonce: 0 }, hmac);
}

/**
 * `k` distinct values of 0..n−1 in drawn order, by a partial Fisher–Yates shuffle: step i swaps position i
 * with i + int(n − i). The untouched part of the virtual array 0..n−1 is kept in a Map, so drawing 23 of
 * 10,000 costs 23 entries, not an array of 10,000 (the same values as the array version).
 */
export function drawDistinct(draws: Draws, n: number, k: number): number[] {
  const moved = new Map<number, number>();
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + draws.int(n - i);
    const atJ = moved.get(j) ?? j;
    const atI = moved.get(i) ?? i;
    moved.set(j, atI);
    out.push(atJ);
  }
  return out;
}

/**
 * Canonical list of `k` distinct zero-padded numbers in [min, max], ascending, joined by '-'; the numbers, or
 * null when the text is not exactly that.
 */
export function parseNumberSet(
  text: string,
  k: number,
  min: number,
  max: number,
  width: number,
): number[] | null {
  const parts = text.split('-');
  if (parts.length !== k) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    if (!isDigits(part, width)) return null;
    const n = Number(part);
    if (n < min || n > max) return null;
    if (numbers.length > 0 && n <= (numbers[numbers.length - 1] as number)) return null;
    numbers.push(n);
  }
  return numbers;
}

/** 'p<k>:<choice>' with 1 ≤ k ≤ positions; the position and choice, or null. */
export function parsePosition(text: string, positions: number): { position: number; choice: string } | null {
  const match = /^p([1-9][0-9]?):(.+)$/.exec(text);
  if (!match) return null;
  const position = Number(match[1]);
  if (position < 1 || position > positions) return null;
  return { position, choice: match[2] as string };
}

export const ZERO = fraction(0n);

export function sum(fractions: readonly Fraction[]): Fraction {
  return fractions.reduce((acc, f) => add(acc, f), ZERO);
}

export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/**
 * Single-outcome odds: `odds1e4 = floor((1 − margin) / p × 10^4) = floor((10^4 − marginBp) / p)`, and the
 * exact return `p × odds1e4 / 10^4` (≤ 1 − margin by the rounding down).
 */
export function simpleOdds(betType: string, p: Fraction, marginBp: number, hitsAtMost = 1n): LotteryOdds {
  const odds1e4 = (BigInt(10_000 - marginBp) * p.denominator) / p.numerator;
  return {
    betType,
    odds1e4,
    maxUnits: odds1e4 * hitsAtMost,
    declaredReturn: toNumber(mul(p, fraction(odds1e4, 10_000n))),
  };
}

/**
 * A pay table over outcomes of probabilities `p[key]` with the field's ratios `ratio[key]`, scaled so the
 * return is 1 − margin: `units[key] = floor((10^4 − marginBp) × ratio[key] / Σ p·ratio)`. `odds1e4` and
 * `maxUnits` are the best entry's (4D first prize, keno's top hit count).
 */
export function tableOdds(
  betType: string,
  p: Record<string, Fraction>,
  ratio: Record<string, number>,
  marginBp: number,
): LotteryOdds {
  const expected = sum(
    Object.keys(ratio).map((key) => mul(p[key] ?? ZERO, fraction(BigInt(ratio[key] ?? 0)))),
  );
  const table: Record<string, bigint> = {};
  let best = 0n;
  let ret = ZERO;
  for (const key of Object.keys(ratio)) {
    const units =
      (BigInt(10_000 - marginBp) * BigInt(ratio[key] ?? 0) * expected.denominator) / expected.numerator;
    table[key] = units;
    if (units > best) best = units;
    ret = add(ret, mul(p[key] ?? ZERO, fraction(units, 10_000n)));
  }
  return { betType, odds1e4: best, maxUnits: best, table, declaredReturn: toNumber(ret) };
}

/** The exact return of a table (or single) bet type as a fraction, for tests and the odds printer. */
export function exactReturn(p: Record<string, Fraction>, table: Record<string, bigint>): Fraction {
  return sum(Object.keys(table).map((key) => mul(p[key] ?? ZERO, fraction(table[key] ?? 0n, 10_000n))));
}

/** The usual `lineOdds`: the bet type's shown odds and its liability; unknown bet types show nothing. */
export function plainLineOdds(
  line: LotteryLine,
  odds: Record<string, LotteryOdds>,
): { odds1e4: bigint; maxUnits: bigint } {
  const o = odds[line.betType];
  return o ? { odds1e4: o.odds1e4, maxUnits: o.maxUnits } : { odds1e4: 0n, maxUnits: 0n };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why `value` is not a list of `count` distinct integers in [min, max] (or null). */
export function intListProblem(
  value: unknown,
  count: number,
  min: number,
  max: number,
  distinct: boolean,
  name: string,
): string | null {
  if (!Array.isArray(value) || value.length !== count) return `${name}: expected ${count} numbers`;
  for (const n of value) {
    if (!Number.isInteger(n) || n < min || n > max) return `${name}: each must be an integer ${min}–${max}`;
  }
  if (distinct && new Set(value).size !== count) return `${name}: numbers must be distinct`;
  return null;
}

/** One tier of a tiered draw's shape: its name, how many numbers, how many digits each. */
export type TierSpec = { tier: string; count: number; width: number };

/**
 * Why `tiers` does not have exactly the shape `spec` (the tiers in that order, each with its count of
 * zero-padded numbers of its width; all numbers distinct when `distinct`), or null.
 */
export function tiersProblem(tiers: unknown, spec: readonly TierSpec[], distinct: boolean): string | null {
  if (!Array.isArray(tiers) || tiers.length !== spec.length) return `tiers: expected ${spec.length} tiers`;
  const seen = new Set<string>();
  for (let i = 0; i < spec.length; i++) {
    const want = spec[i] as TierSpec;
    const got = tiers[i] as unknown;
    if (!isRecord(got) || got.tier !== want.tier) return `tiers[${i}]: expected ${want.tier}`;
    const numbers = got.numbers;
    if (!Array.isArray(numbers) || numbers.length !== want.count)
      return `${want.tier}: expected ${want.count} numbers`;
    for (const n of numbers) {
      if (typeof n !== 'string' || !isDigits(n, want.width))
        return `${want.tier}: each number must be ${want.width} digits`;
      if (distinct && seen.has(n)) return `${want.tier}: ${n} is drawn twice`;
      seen.add(n);
    }
  }
  return null;
}

/** `k` distinct balls of 1..n in drawn order (keno, 11x5, the race's finishing order). */
export function drawBalls(seed: string, drawId: string, n: number, k: number, hmac?: Hmac): number[] {
  return drawDistinct(lotteryDraws(seed, drawId, hmac), n, k).map((ball) => ball + 1);
}

/** The `k` balls of 1..max a line picks ('01-07-…'), or null when `k` is 0 (unknown bet type) or not canonical. */
export function pickedBalls(selection: string, k: number, max: number): number[] | null {
  return k > 0 ? parseNumberSet(selection, k, 1, max, 2) : null;
}

/** Every bet type's single-outcome odds, from its exact probability. */
export function simpleOddsOf<T extends string>(
  betTypes: readonly T[],
  probability: (betType: T) => Fraction,
  marginBp: number,
): Record<string, LotteryOdds> {
  const out: Record<string, LotteryOdds> = {};
  for (const t of betTypes) out[t] = simpleOdds(t, probability(t), marginBp);
  return out;
}

/** A fixed-odds line's pay: its bet type's odds when it won, else nothing. */
export function payIfWon(won: boolean, line: LotteryLine, odds: Record<string, LotteryOdds>): bigint {
  return won ? (odds[line.betType]?.odds1e4 ?? 0n) : 0n;
}

/** Why a family's result (one list of integers under `key`) is malformed, or null. */
export function listResultProblem(
  result: unknown,
  family: string,
  key: string,
  list: { count: number; min: number; max: number; distinct: boolean },
): string | null {
  if (!isRecord(result) || result.family !== family) return `family: expected ${family}`;
  return intListProblem(result[key], list.count, list.min, list.max, list.distinct, key);
}
