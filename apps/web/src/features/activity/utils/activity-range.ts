import { addDays, daysInRange } from '@lotus/shared/date-ranges';
import type { ActivityDay, ActivityQuery } from '@lotus/shared/player-protection.schema';
import { ACTIVITY_DAYS_MAX } from '../../../lib/protection/protection-constants.ts';

/** The range shortcuts of "My activity", newest day today (UTC, as the server counts days). */
export const ACTIVITY_SHORTCUTS = ['today', 'last7', 'last30', 'last12m'] as const;
export type ActivityShortcut = (typeof ACTIVITY_SHORTCUTS)[number];

const SHORTCUT_DAYS: Record<ActivityShortcut, number> = {
  today: 1,
  last7: 7,
  last30: 30,
  last12m: ACTIVITY_DAYS_MAX,
};

export function activityShortcut(name: ActivityShortcut, today: string): ActivityQuery {
  return { from: addDays(today, 1 - SHORTCUT_DAYS[name]), to: today };
}

export type ActivityRangeError = 'rangeInvalid' | 'rangeOrder' | 'rangeTooLong';

/** Why a typed range cannot be asked for (the server answers 400 date_range_invalid for the same). */
export function checkActivityRange(range: ActivityQuery): ActivityRangeError | null {
  const days = daysInRange(range.from, range.to);
  if (days === null) return 'rangeInvalid';
  if (days < 1) return 'rangeOrder';
  return days > ACTIVITY_DAYS_MAX ? 'rangeTooLong' : null;
}

/** Whether a day (or the totals) has anything to show. */
export function hasActivity(day: Omit<ActivityDay, 'day'>): boolean {
  return (
    day.rounds > 0 ||
    [day.depositedMinor, day.withdrawnMinor, day.stakedMinor, day.wonMinor].some((minor) => minor !== '0')
  );
}

export type ChartSeries = 'netMinor' | 'stakedMinor' | 'wonMinor';

/**
 * The chart's bars: each day's value of the series as a share of the largest magnitude (−1 … 1), worked out
 * with BigInt so money never passes through a float until the final ratio.
 */
export function chartBars(
  days: readonly ActivityDay[],
  series: ChartSeries,
): { day: string; ratio: number }[] {
  const values = days.map((day) => BigInt(day[series]));
  const largest = values.reduce((max, value) => {
    const size = value < 0n ? -value : value;
    return size > max ? size : max;
  }, 0n);
  return days.map((day, index) => {
    const value = values[index] ?? 0n;
    // Scaled to 1/10000 in BigInt first: exact for any amount, then a small number for the drawing.
    return { day: day.day, ratio: largest === 0n ? 0 : Number((value * 10_000n) / largest) / 10_000 };
  });
}

/** A UTC calendar day (`2026-11-27`) in the reader's language (`27 Nov 2026`), never shifted by time zone. */
export function dayText(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, date),
  );
}
