/**
 * Date shortcuts of the record pages (SPEC §9: today, yesterday, last 7 days, last 30 days, and the "next"
 * pair for forward-looking reports). Zod-free so the browser's bundle stays small. Dates are `yyyy-MM-dd`
 * calendar days; arithmetic is done in UTC on the day itself so no time zone or DST can shift a day.
 */

export const DATE_SHORTCUTS = ['today', 'yesterday', 'last7', 'last30', 'next7', 'next30'] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

/** The shortcuts the account record offers (it only looks back). */
export const RECORD_DATE_SHORTCUTS = [
  'today',
  'yesterday',
  'last7',
  'last30',
] as const satisfies readonly DateShortcut[];

/** The account record's widest range (inclusive days) and its default (the last 7 days). */
export const RECORD_MAX_RANGE_DAYS = 92;
export const RECORD_DEFAULT_SHORTCUT: DateShortcut = 'last7';

export type DateRange = { startDate: string; endDate: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a real calendar day `yyyy-MM-dd`, or null (wrong shape, 2026-02-30, ...). */
export function dayNumber(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [, y, m, d] = match;
  const time = Date.UTC(Number(y), Number(m) - 1, Number(d));
  if (toIsoDate(time) !== date) return null;
  return time / DAY_MS;
}

function toIsoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** `addDays('2026-03-01', -1)` → `'2026-02-28'`. Throws on a date that does not exist. */
export function addDays(date: string, days: number): string {
  const day = dayNumber(date);
  if (day === null) throw new RangeError(`not a yyyy-MM-dd date: ${date}`);
  return toIsoDate((day + days) * DAY_MS);
}

/** Inclusive number of days from `startDate` to `endDate` (1 for the same day, ≤ 0 when reversed). */
export function daysInRange(startDate: string, endDate: string): number | null {
  const start = dayNumber(startDate);
  const end = dayNumber(endDate);
  if (start === null || end === null) return null;
  return end - start + 1;
}

/** Today's calendar day in UTC (the brand's day is UTC for now). */
export function todayUtc(now: Date = new Date()): string {
  return toIsoDate(now.getTime());
}

/** The range a shortcut names, relative to `today` (`yyyy-MM-dd`); both ends inclusive. */
export function dateRangeShortcut(name: DateShortcut, today: string): DateRange {
  switch (name) {
    case 'today':
      return { startDate: addDays(today, 0), endDate: addDays(today, 0) };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { startDate: yesterday, endDate: yesterday };
    }
    case 'last7':
      return { startDate: addDays(today, -6), endDate: addDays(today, 0) };
    case 'last30':
      return { startDate: addDays(today, -29), endDate: addDays(today, 0) };
    case 'next7':
      return { startDate: addDays(today, 0), endDate: addDays(today, 6) };
    case 'next30':
      return { startDate: addDays(today, 0), endDate: addDays(today, 29) };
  }
}
