import type { MissionPeriod } from '../../db/tables/missions.ts';

const DAY_MS = 86_400_000;

export type PeriodWindow = { start: Date; end: Date };

/**
 * A mission's period around `at`: the UTC day, or the ISO week (Monday 00:00 UTC to the next Monday).
 * `back` periods earlier when asked (the job looks at the period that just ended).
 */
export function periodWindow(period: MissionPeriod, at: Date, back = 0): PeriodWindow {
  const dayStart = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  if (period === 'daily') {
    const start = dayStart - back * DAY_MS;
    return { start: new Date(start), end: new Date(start + DAY_MS) };
  }
  // getUTCDay: Sunday 0 … Saturday 6; ISO weeks start on Monday.
  const weekday = (new Date(dayStart).getUTCDay() + 6) % 7;
  const start = dayStart - weekday * DAY_MS - back * 7 * DAY_MS;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
}

/** `YYYY-MM-DD` of a UTC midnight (member_activity_days' `day`). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A player's name as others see it on the leaderboard and the friends list: the first two characters and
 * the last, the rest starred (short names keep only their first character).
 */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

/** The smaller of two amounts (Math.min takes numbers only). */
export function smallerOf(a: bigint, b: bigint): bigint {
  if (a <= b) return a;
  return b;
}
