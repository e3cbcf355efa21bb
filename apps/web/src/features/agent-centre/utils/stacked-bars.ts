/**
 * The geometry of the income chart: one column per day, one segment per kind of income, stacked — positive
 * amounts up from the zero line, negative ones (an adjusting entry that took back part of a payment) down.
 * Amounts are bigint minor units; they become small ratios only at the end, so no amount loses precision.
 */

export type DayAmounts = { day: string; amounts: Record<string, string> };

/** One drawn segment: from `start` to `end`, as fractions of the largest column (−1 … 1). */
export type Segment = { kind: string; start: number; end: number; minor: bigint };
export type Column = { day: string; segments: Segment[]; totalMinor: bigint };
export type StackedChart = { columns: Column[]; hasNegative: boolean };

const SCALE = 10_000n;

/** The larger of two amounts (Math.max takes no bigint). */
const larger = (a: bigint, b: bigint) => (a > b ? a : b);

const ratio = (value: bigint, largest: bigint) =>
  largest === 0n ? 0 : Number((value * SCALE) / largest) / Number(SCALE);

/** A ratio below the zero line (never −0). */
const below = (value: bigint, largest: bigint) => (value === 0n ? 0 : -ratio(value, largest));

/** Stacks each day's amounts in `kinds` order; kinds a day lacks count as zero. */
export function stackColumns(days: readonly DayAmounts[], kinds: readonly string[]): StackedChart {
  const sums = days.map((day) => {
    let up = 0n;
    let down = 0n;
    for (const kind of kinds) {
      const value = BigInt(day.amounts[kind] ?? '0');
      if (value > 0n) up += value;
      else down -= value;
    }
    return { up, down };
  });
  const largest = sums.reduce((max, { up, down }) => larger(larger(up, down), max), 0n);
  const columns = days.map((day) => {
    let up = 0n;
    let down = 0n;
    let totalMinor = 0n;
    const segments: Segment[] = [];
    for (const kind of kinds) {
      const minor = BigInt(day.amounts[kind] ?? '0');
      totalMinor += minor;
      if (minor === 0n) continue;
      if (minor > 0n) {
        segments.push({ kind, start: ratio(up, largest), end: ratio(up + minor, largest), minor });
        up += minor;
      } else {
        segments.push({ kind, start: below(down, largest), end: below(down - minor, largest), minor });
        down -= minor;
      }
    }
    return { day: day.day, segments, totalMinor };
  });
  return { columns, hasNegative: sums.some(({ down }) => down > 0n) };
}
