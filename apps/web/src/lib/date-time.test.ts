import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatLongDateTime } from './date-time.ts';

describe('formatDateTime', () => {
  it('shows yyyy-MM-dd HH:mm:ss with zero padding, 24-hour clock', () => {
    // Built from local parts, so the expectation holds in any time zone the tests run in.
    const morning = new Date(2025, 0, 5, 7, 3, 9);
    expect(formatDateTime(morning.toISOString())).toBe('2025-01-05 07:03:09');
    const evening = new Date(2025, 11, 31, 23, 59, 58);
    expect(formatDateTime(evening.toISOString())).toBe('2025-12-31 23:59:58');
  });

  it('passes an unreadable value through', () => {
    expect(formatDateTime('not a time')).toBe('not a time');
  });
});

describe('formatLongDateTime and formatLongDate', () => {
  it("tell a date in the reader's language", () => {
    const iso = new Date(2026, 10, 27, 15, 0, 0).toISOString();
    expect(formatLongDate(iso, 'en')).toBe('November 27, 2026');
    expect(formatLongDate(iso, 'hi')).toBe('27 नवंबर 2026');
    expect(formatLongDateTime(iso, 'en')).toContain('November 27, 2026');
    expect(formatLongDateTime(iso, 'hi')).toContain('27 नवंबर 2026');
  });

  it('pass an unreadable value through', () => {
    expect(formatLongDateTime('soon', 'en')).toBe('soon');
    expect(formatLongDate('soon', 'hi')).toBe('soon');
  });
});
