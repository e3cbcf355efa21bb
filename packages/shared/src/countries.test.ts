import { describe, expect, it } from 'vitest';
import { COUNTRY_LIST, dialingCodeOf, isCountryCode } from './countries.ts';
import { LANGUAGE_CATALOGUE } from './languages.ts';

describe('country dialing codes', () => {
  it('knows the calling code of every country a catalogue language points at', () => {
    for (const language of LANGUAGE_CATALOGUE) {
      expect(dialingCodeOf(language.flag), language.flag).toMatch(/^\+[0-9]{1,4}$/);
    }
  });

  it.each([
    ['IN', '+91'],
    ['PH', '+63'],
    ['US', '+1'],
    ['GB', '+44'],
    ['FR', '+33'],
    ['NL', '+31'],
    ['AU', '+61'],
    ['SG', '+65'],
    ['JM', '+1'],
    ['in', '+91'],
  ])('%s → %s', (country, code) => {
    expect(dialingCodeOf(country)).toBe(code);
  });

  it('answers null for unknown or missing codes', () => {
    expect(dialingCodeOf('ZZ')).toBeNull();
    expect(dialingCodeOf(null)).toBeNull();
    expect(isCountryCode('ZZ')).toBe(false);
  });

  it('lists the full ISO table, every code well formed', () => {
    expect(COUNTRY_LIST.length).toBeGreaterThanOrEqual(249);
    for (const country of COUNTRY_LIST) {
      expect(country.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(country.countryDialingCode).toMatch(/^\+[0-9]{1,4}$/);
    }
  });
});
