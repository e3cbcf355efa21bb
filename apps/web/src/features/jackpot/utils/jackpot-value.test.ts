import { describe, expect, it } from 'vitest';
import { formatJackpot, jackpotParts, ROLL_STEPS, rolledValue } from './jackpot-value.ts';

describe('jackpot roll', () => {
  it('rolls towards a new pot in ROLL_STEPS steps and lands on it', () => {
    expect(ROLL_STEPS).toBe(4);
    expect([1, 2, 3, 4].map((step) => rolledValue(100_000, 100_400, step))).toEqual([
      100_100, 100_200, 100_300, 100_400,
    ]);
    expect(rolledValue(100, 103, 1)).toBe(100);
    expect(rolledValue(100, 103, 9)).toBe(103);
  });
});

describe('jackpot digit split', () => {
  it('splits into digit columns and separators, English grouping', () => {
    const parts = jackpotParts(123_456_789, 'en');
    expect(formatJackpot(123_456_789, 'en')).toBe('1,234,567.89');
    expect(parts.filter((part) => part.kind === 'digit').map((part) => part.digit)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(parts[1]).toEqual({ kind: 'symbol', text: ',' });
    expect(parts.at(-3)).toEqual({ kind: 'symbol', text: '.' });
  });

  it('groups in lakhs for Hindi and keeps Latin digits', () => {
    expect(formatJackpot(3_428_617_611, 'hi')).toBe('3,42,86,176.11');
  });

  it('keeps leading zeros of the fraction', () => {
    expect(formatJackpot(100_000_005, 'en')).toBe('1,000,000.05');
    expect(formatJackpot(100_000_000, 'en')).toBe('1,000,000.00');
  });
});
