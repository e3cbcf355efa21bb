import { describe, expect, it } from 'vitest';
import { isAtLeastYearsOld, parseBirthday } from './registration.service.ts';

describe('parseBirthday', () => {
  it('reads both date patterns of the brand rules (11: yyyy-MM-dd, 12: MM-dd-yyyy)', () => {
    expect(parseBirthday('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseBirthday('02-29-2000')).toEqual({ year: 2000, month: 2, day: 29 });
  });

  it('refuses dates that do not exist and other shapes', () => {
    expect(parseBirthday('2001-02-29')).toBeNull();
    expect(parseBirthday('2000-13-01')).toBeNull();
    expect(parseBirthday('2000-04-31')).toBeNull();
    expect(parseBirthday('2000/01/01')).toBeNull();
    expect(parseBirthday('1 Jan 2000')).toBeNull();
  });
});

describe('isAtLeastYearsOld', () => {
  const now = new Date('2026-03-01T10:00:00Z');

  it('counts the birthday itself as reaching the age', () => {
    expect(isAtLeastYearsOld({ year: 2005, month: 3, day: 1 }, 21, now)).toBe(true);
    expect(isAtLeastYearsOld({ year: 2005, month: 3, day: 2 }, 21, now)).toBe(false);
    expect(isAtLeastYearsOld({ year: 2005, month: 2, day: 28 }, 21, now)).toBe(true);
    expect(isAtLeastYearsOld({ year: 2006, month: 1, day: 1 }, 21, now)).toBe(false);
  });

  it('uses the UTC calendar day of "now"', () => {
    const lateEvening = new Date('2026-02-28T23:59:59Z');
    expect(isAtLeastYearsOld({ year: 2005, month: 3, day: 1 }, 21, lateEvening)).toBe(false);
  });
});
