import { pad } from './digits.ts';
import type { LotteryFamily, LotteryResult } from './types.ts';

/**
 * What the lobby shows of a result (its headline) and the trends' groups. Trend groups per family:
 * - vn: 'all' (the last two digits of every prize, 00–99; lô's numbers), 'head' / 'tail' (the special's
 *   tens and units digit of its last two, 0–9);
 * - sea4d: 'p1'…'p4' (the digits of the first prize); sea6d: 'p1'…'p6' (the number's digits);
 * - lott5d: 'p1'…'p5' (0–9); dice3: 'd' (each die's face 1–6, three a draw), 'sum' (3–18);
 * - pick11x5: 'all' (the balls 01–11); race10: 'p1'…'p10' (the car 01–10 at each position); keno: 'all' (01–80).
 */

export type LotteryTrendGroup = { group: string; values: string[] };

/** The number shown on a card: VN special, 4D first prize, 6D number, else the draw's values joined by ' '. */
export function lotteryHeadline(result: LotteryResult): string {
  switch (result.family) {
    case 'vn':
      return result.tiers.find((t) => t.tier === 'special')?.numbers[0] ?? '';
    case 'sea4d':
      return result.tiers.find((t) => t.tier === 'first')?.numbers[0] ?? '';
    case 'sea6d':
      return result.number;
    case 'lott5d':
      return result.digits.join(' ');
    case 'dice3':
      return result.dice.join(' ');
    case 'pick11x5':
      return result.balls.map((b) => pad(b, 2)).join(' ');
    case 'race10':
      return result.order.map((c) => pad(c, 2)).join(' ');
    case 'keno':
      // Keno boards list the 20 numbers ascending; the drawn order stays in the result.
      return [...result.numbers]
        .sort((a, b) => a - b)
        .map((n) => pad(n, 2))
        .join(' ');
  }
}

const range = (from: number, to: number, width: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => pad(from + i, width));
const positions = (count: number, values: string[]): LotteryTrendGroup[] =>
  Array.from({ length: count }, (_, i) => ({ group: `p${i + 1}`, values }));

/** A family's trend groups with every value each can take, in display order. */
export function lotteryTrendDomain(family: LotteryFamily): LotteryTrendGroup[] {
  const digits = range(0, 9, 1);
  switch (family) {
    case 'vn':
      return [
        { group: 'all', values: range(0, 99, 2) },
        { group: 'head', values: digits },
        { group: 'tail', values: digits },
      ];
    case 'sea4d':
      return positions(4, digits);
    case 'sea6d':
      return positions(6, digits);
    case 'lott5d':
      return positions(5, digits);
    case 'dice3':
      return [
        { group: 'd', values: range(1, 6, 1) },
        { group: 'sum', values: range(3, 18, 1) },
      ];
    case 'pick11x5':
      return [{ group: 'all', values: range(1, 11, 2) }];
    case 'race10':
      return positions(10, range(1, 10, 2));
    case 'keno':
      return [{ group: 'all', values: range(1, 80, 2) }];
  }
}

const digitGroups = (text: string): LotteryTrendGroup[] =>
  text.split('').map((d, i) => ({ group: `p${i + 1}`, values: [d] }));

/** One result's values per trend group (a value may repeat in a group: two prizes ending in 07). */
export function lotteryResultTrendValues(result: LotteryResult): LotteryTrendGroup[] {
  switch (result.family) {
    case 'vn': {
      const special = lotteryHeadline(result);
      return [
        { group: 'all', values: result.tiers.flatMap((t) => t.numbers.map((n) => n.slice(-2))) },
        { group: 'head', values: [special.slice(-2, -1)] },
        { group: 'tail', values: [special.slice(-1)] },
      ];
    }
    case 'sea4d':
    case 'sea6d':
      return digitGroups(lotteryHeadline(result));
    case 'lott5d':
      return digitGroups(result.digits.join(''));
    case 'dice3':
      return [
        { group: 'd', values: result.dice.map(String) },
        { group: 'sum', values: [String(result.dice.reduce((a, b) => a + b, 0))] },
      ];
    case 'pick11x5':
      return [{ group: 'all', values: result.balls.map((b) => pad(b, 2)) }];
    case 'race10':
      return result.order.map((c, i) => ({ group: `p${i + 1}`, values: [pad(c, 2)] }));
    case 'keno':
      return [{ group: 'all', values: result.numbers.map((n) => pad(n, 2)) }];
  }
}

/** Every value of each group over the results, concatenated (what a frequency count counts). */
export function lotteryTrendGroups(results: LotteryResult[]): LotteryTrendGroup[] {
  const groups = new Map<string, string[]>();
  for (const result of results) {
    for (const { group, values } of lotteryResultTrendValues(result)) {
      groups.set(group, [...(groups.get(group) ?? []), ...values]);
    }
  }
  return [...groups].map(([group, values]) => ({ group, values }));
}

/** The shape of `lotteryTrendGroupSchema` (packages/shared/src/lottery.schema.ts). */
export type LotteryTrend = {
  group: string;
  counts: Record<string, number>;
  missing: Record<string, number>;
  hot: string[];
  cold: string[];
};

/**
 * Trends of `results` (newest first, all of `family`): per group how often each value came, how many draws
 * since it was last seen (the sample size when never), the five hottest (most often; ties: most recently
 * seen, then value) and the five coldest (least often; ties: longest missing, then value).
 */
export function lotteryTrends(family: LotteryFamily, results: LotteryResult[]): LotteryTrend[] {
  const perDraw = results.map(lotteryResultTrendValues);
  return lotteryTrendDomain(family).map(({ group, values }) => {
    const counts: Record<string, number> = {};
    const missing: Record<string, number> = {};
    for (const v of values) {
      counts[v] = 0;
      missing[v] = results.length;
    }
    perDraw.forEach((groups, index) => {
      for (const v of groups.find((g) => g.group === group)?.values ?? []) {
        if (counts[v] === undefined) continue;
        counts[v] += 1;
        if ((missing[v] as number) > index) missing[v] = index;
      }
    });
    const byHot = [...values].sort(
      (a, b) =>
        (counts[b] as number) - (counts[a] as number) ||
        (missing[a] as number) - (missing[b] as number) ||
        a.localeCompare(b),
    );
    const byCold = [...values].sort(
      (a, b) =>
        (counts[a] as number) - (counts[b] as number) ||
        (missing[b] as number) - (missing[a] as number) ||
        a.localeCompare(b),
    );
    return { group, counts, missing, hot: byHot.slice(0, 5), cold: byCold.slice(0, 5) };
  });
}
