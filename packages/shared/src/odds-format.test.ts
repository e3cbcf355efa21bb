import { describe, expect, it } from 'vitest';
import { formatOdds } from './odds-format.ts';

describe('formatOdds', () => {
  it('shows decimal, fractional, Indian and Malay odds', () => {
    expect(formatOdds(1910, 'decimal')).toBe('1.91');
    expect(formatOdds(1333, 'decimal')).toBe('1.333');
    expect(formatOdds(2000, 'fractional')).toBe('Evs');
    expect(formatOdds(1909, 'fractional')).toBe('10/11');
    expect(formatOdds(2500, 'fractional')).toBe('3/2');
    expect(formatOdds(11000, 'fractional')).toBe('10/1');
    expect(formatOdds(1910, 'indian')).toBe('91');
    expect(formatOdds(2500, 'indian')).toBe('150');
    expect(formatOdds(1910, 'malay')).toBe('0.91');
    expect(formatOdds(2500, 'malay')).toBe('-0.67');
  });
});
