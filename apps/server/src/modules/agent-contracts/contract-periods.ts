import { type ContractPeriod, REALTIME_PERIOD_MS } from '@lotus/shared/agent-contracts.schema';

/**
 * Settlement periods (SPEC §3 "Salary periods", §9 real-time every 5 minutes), all in UTC because the brand's
 * day is UTC (packages/shared date-ranges): `hourly`, `daily`, `weekly` (ISO week, from Monday 00:00),
 * `semimonthly` (the 1st–15th and the 16th to the month's end), `monthly`, and `realtime` (5-minute slots
 * from the hour). A period is half-open: `[start, end)`.
 */
export type Period = { start: Date; end: Date };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The period of kind `period` that contains the instant `at`. */
export function periodContaining(period: ContractPeriod, at: Date): Period {
  const t = at.getTime();
  const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  switch (period) {
    case 'realtime': {
      const start = t - (((t % REALTIME_PERIOD_MS) + REALTIME_PERIOD_MS) % REALTIME_PERIOD_MS);
      return { start: new Date(start), end: new Date(start + REALTIME_PERIOD_MS) };
    }
    case 'hourly': {
      const start = t - (((t % HOUR_MS) + HOUR_MS) % HOUR_MS);
      return { start: new Date(start), end: new Date(start + HOUR_MS) };
    }
    case 'daily': {
      const start = utc(y, m, at.getUTCDate());
      return { start, end: new Date(start.getTime() + DAY_MS) };
    }
    case 'weekly': {
      // getUTCDay: 0 Sunday … 6 Saturday; the ISO week starts on Monday.
      const sinceMonday = (at.getUTCDay() + 6) % 7;
      const start = utc(y, m, at.getUTCDate() - sinceMonday);
      return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
    }
    case 'semimonthly':
      return at.getUTCDate() <= 15
        ? { start: utc(y, m, 1), end: utc(y, m, 16) }
        : { start: utc(y, m, 16), end: utc(y, m + 1, 1) };
    case 'monthly':
      return { start: utc(y, m, 1), end: utc(y, m + 1, 1) };
  }
}

/** The part of `period` a contract was in force: from its acceptance to its end (null: still in force). */
export function windowOf(period: Period, acceptedAt: Date, closedAt: Date | null): Period | null {
  const start = Math.max(period.start.getTime(), acceptedAt.getTime());
  const end = Math.min(period.end.getTime(), closedAt?.getTime() ?? period.end.getTime());
  return end > start ? { start: new Date(start), end: new Date(end) } : null;
}
