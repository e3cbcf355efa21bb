import { chiSquareFits99 } from '../live/chi-square.ts';
import { type Fraction, fraction, toNumber } from '../rational.ts';
import { validateLotteryLine } from './index.ts';
import type { LotteryFamily, LotteryLine, LotteryOdds, LotteryVariant } from './types.ts';

/**
 * Statistics shared by the lottery tests (no vitest import: each check returns whether it holds and a
 * line saying why, which the test asserts with that line as its message).
 */

/** Running mean and standard deviation of a line's payout per unit stake. */
export class Stats {
  n = 0;
  sum = 0;
  sumSq = 0;
  add(x: number): void {
    this.n++;
    this.sum += x;
    this.sumSq += x * x;
  }
  get mean(): number {
    return this.sum / this.n;
  }
  get sd(): number {
    return Math.sqrt(Math.max(0, (this.sumSq - this.n * this.mean ** 2) / (this.n - 1)));
  }
}

/** Whether the simulated mean is inside the 99 % band mean ± 2.576·s/√n around the exact value. */
export function inBand99(label: string, s: Stats, exact: number): { ok: boolean; report: string } {
  const half = (2.576 * s.sd) / Math.sqrt(s.n);
  return {
    ok: Math.abs(s.mean - exact) <= half,
    report: `${label}: n=${s.n} mean=${s.mean.toFixed(5)} exact=${exact.toFixed(5)} ±${half.toFixed(5)}`,
  };
}

/** Whether counts of equally likely categories pass χ² at 99 %. */
export function uniform99(label: string, counts: readonly number[]): { ok: boolean; report: string } {
  return chiSquareFits99(label, counts, new Array<number>(counts.length).fill(1 / counts.length));
}

/**
 * Whether an exactly computed return (total pay units over `outcomes` equally likely outcomes) is what the
 * odds declare, at most 1 − margin, and within 0.5 % of it.
 */
export function returnMatches(
  label: string,
  units: bigint,
  outcomes: bigint,
  odds: LotteryOdds,
  marginBp: number,
): { ok: boolean; report: string } {
  return exactReturnMatches(label, fraction(units, outcomes * 10_000n), odds.declaredReturn, marginBp);
}

export function exactReturnMatches(
  label: string,
  exact: Fraction,
  declared: number,
  marginBp: number,
): { ok: boolean; report: string } {
  const value = toNumber(exact);
  const target = 1 - marginBp / 10_000;
  const ok =
    Math.abs(value - declared) < 1e-12 &&
    exact.numerator * 10_000n <= BigInt(10_000 - marginBp) * exact.denominator &&
    value >= target * 0.995;
  return { ok, report: `${label}: exact=${value} declared=${declared} target=${target}` };
}

/** The value, or a thrown error naming what was missing (tests' stand-in for a non-null assertion). */
export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`missing ${what}`);
  return value;
}

/** Adds one to `counts[index]`. */
export function bump(counts: number[], index: number): void {
  counts[index] = (counts[index] ?? 0) + 1;
}

/** The lines of a family that `validateLotteryLine` accepts (a test of refused lines expects none). */
export function accepted(
  family: LotteryFamily,
  variant: LotteryVariant,
  lines: LotteryLine[],
): LotteryLine[] {
  return lines.filter((line) => validateLotteryLine(family, variant, line) !== 'lottery_bet_invalid');
}

/** The lines of a family that `validateLotteryLine` refuses (a test of valid lines expects none). */
export function refused(family: LotteryFamily, variant: LotteryVariant, lines: LotteryLine[]): LotteryLine[] {
  return lines.filter((line) => validateLotteryLine(family, variant, line) !== null);
}
