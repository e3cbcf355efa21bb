import { describe, expect, it } from 'vitest';
import {
  addDays,
  DATE_SHORTCUTS,
  dateRangeShortcut,
  dayNumber,
  daysInRange,
  RECORD_DATE_SHORTCUTS,
  todayUtc,
} from './date-ranges.ts';

describe('dateRangeShortcut', () => {
  it.each([
    ['today', '2026-11-21', '2026-11-21'],
    ['yesterday', '2026-11-20', '2026-11-20'],
    ['last7', '2026-11-15', '2026-11-21'],
    ['last30', '2026-10-23', '2026-11-21'],
    ['next7', '2026-11-21', '2026-11-27'],
    ['next30', '2026-11-21', '2026-12-20'],
  ] as const)('%s from 2026-11-21 is %s..%s', (name, startDate, endDate) => {
    expect(dateRangeShortcut(name, '2026-11-21')).toEqual({ startDate, endDate });
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(dateRangeShortcut('yesterday', '2026-01-01')).toEqual({
      startDate: '2025-12-31',
      endDate: '2025-12-31',
    });
    expect(dateRangeShortcut('last7', '2028-03-02')).toEqual({
      startDate: '2028-02-25',
      endDate: '2028-03-02',
    });
    expect(dateRangeShortcut('next7', '2028-02-27')).toEqual({
      startDate: '2028-02-27',
      endDate: '2028-03-04',
    });
    expect(dateRangeShortcut('next30', '2026-12-15').endDate).toBe('2027-01-13');
  });

  it('spans exactly the named number of days', () => {
    const today = '2026-03-29';
    const lengths = Object.fromEntries(
      DATE_SHORTCUTS.map((name) => {
        const { startDate, endDate } = dateRangeShortcut(name, today);
        return [name, daysInRange(startDate, endDate)];
      }),
    );
    expect(lengths).toEqual({ today: 1, yesterday: 1, last7: 7, last30: 30, next7: 7, next30: 30 });
  });

  it('refuses a day that does not exist', () => {
    expect(() => dateRangeShortcut('today', '2026-02-30')).toThrow(RangeError);
    expect(() => dateRangeShortcut('last7', '21/11/2026')).toThrow(RangeError);
  });

  it('offers only backward-looking shortcuts for the account record', () => {
    expect([...RECORD_DATE_SHORTCUTS]).toEqual(['today', 'yesterday', 'last7', 'last30']);
  });
});

describe('day helpers', () => {
  it('recognises real calendar days only', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2028-02-29')).not.toBeNull();
    expect(dayNumber('2026-02-29')).toBeNull();
    expect(dayNumber('2026-13-01')).toBeNull();
    expect(dayNumber('2026-1-01')).toBeNull();
    expect(dayNumber('')).toBeNull();
  });

  it('counts inclusive days and adds days', () => {
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-04-02')).toBe(92);
    expect(daysInRange('2026-01-02', '2026-01-01')).toBe(0);
    expect(daysInRange('2026-01-01', 'nope')).toBeNull();
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it("reads today's UTC day", () => {
    expect(todayUtc(new Date('2026-11-21T23:59:59.999Z'))).toBe('2026-11-21');
    expect(todayUtc(new Date('2026-11-22T00:00:00.000+05:30'))).toBe('2026-11-21');
  });
});
