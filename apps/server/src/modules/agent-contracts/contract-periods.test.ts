import { describe, expect, it } from 'vitest';
import { periodContaining, windowOf } from './contract-periods.ts';

const iso = (period: { start: Date; end: Date }) => [period.start.toISOString(), period.end.toISOString()];
const at = (text: string) => new Date(text);

/** The settlement periods in UTC (SPEC §3 "Salary periods", §9 real-time every 5 minutes). */
describe('contract periods', () => {
  it('real-time: 5-minute slots from the hour; hourly; daily', () => {
    expect(iso(periodContaining('realtime', at('2026-03-02T10:04:59.999Z')))).toEqual([
      '2026-03-02T10:00:00.000Z',
      '2026-03-02T10:05:00.000Z',
    ]);
    expect(iso(periodContaining('realtime', at('2026-03-02T10:05:00.000Z')))[0]).toBe(
      '2026-03-02T10:05:00.000Z',
    );
    expect(iso(periodContaining('hourly', at('2026-03-02T23:59:59.000Z')))).toEqual([
      '2026-03-02T23:00:00.000Z',
      '2026-03-03T00:00:00.000Z',
    ]);
    expect(iso(periodContaining('daily', at('2026-02-28T12:00:00.000Z')))).toEqual([
      '2026-02-28T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
  });

  it('weekly: the ISO week from Monday, across a month and a year', () => {
    // 2026-03-01 is a Sunday: its week started on Monday 23 February.
    expect(iso(periodContaining('weekly', at('2026-03-01T23:00:00.000Z')))).toEqual([
      '2026-02-23T00:00:00.000Z',
      '2026-03-02T00:00:00.000Z',
    ]);
    expect(iso(periodContaining('weekly', at('2026-03-02T00:00:00.000Z')))[0]).toBe(
      '2026-03-02T00:00:00.000Z',
    );
    expect(iso(periodContaining('weekly', at('2027-01-01T10:00:00.000Z')))).toEqual([
      '2026-12-28T00:00:00.000Z',
      '2027-01-04T00:00:00.000Z',
    ]);
  });

  it('semimonthly: the 1st–15th and the 16th to the end; monthly', () => {
    expect(iso(periodContaining('semimonthly', at('2026-02-15T23:59:59.000Z')))).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-02-16T00:00:00.000Z',
    ]);
    expect(iso(periodContaining('semimonthly', at('2026-02-16T00:00:00.000Z')))).toEqual([
      '2026-02-16T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
    expect(iso(periodContaining('semimonthly', at('2026-12-31T00:00:00.000Z')))[1]).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(iso(periodContaining('monthly', at('2028-02-29T12:00:00.000Z')))).toEqual([
      '2028-02-01T00:00:00.000Z',
      '2028-03-01T00:00:00.000Z',
    ]);
  });

  it('the window: the part of a period a contract was in force', () => {
    const day = periodContaining('daily', at('2026-03-02T12:00:00.000Z'));
    expect(windowOf(day, at('2026-03-02T08:00:00.000Z'), null)?.start.toISOString()).toBe(
      '2026-03-02T08:00:00.000Z',
    );
    expect(
      windowOf(day, at('2026-03-01T08:00:00.000Z'), at('2026-03-02T10:00:00.000Z'))?.end.toISOString(),
    ).toBe('2026-03-02T10:00:00.000Z');
    expect(windowOf(day, at('2026-03-01T08:00:00.000Z'), at('2026-03-01T10:00:00.000Z'))).toBeNull();
  });
});
