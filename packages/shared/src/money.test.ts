import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatMoney, minorToDecimal } from './money.ts';

describe('minorToDecimal', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [99n, '0.99'],
    [100n, '1.00'],
    [123456n, '1234.56'],
    [-5n, '-0.05'],
    [-123456n, '-1234.56'],
    [9_007_199_254_740_993n, '90071992547409.93'],
  ])('%s minor units read %s', (minor, text) => {
    expect(minorToDecimal(minor)).toBe(text);
  });

  it('follows the number of decimals', () => {
    expect(minorToDecimal(1234n, 0)).toBe('1234');
    expect(minorToDecimal(1234n, 3)).toBe('1.234');
  });
});

describe('decimalToMinor', () => {
  it('reads whole and decimal amounts exactly', () => {
    expect(decimalToMinor('1500')).toBe(150000n);
    expect(decimalToMinor('1500.5')).toBe(150050n);
    expect(decimalToMinor(' 0.05 ')).toBe(5n);
    expect(decimalToMinor('9999999999999.99')).toBe(999999999999999n);
  });

  it('refuses what is not a positive amount of at most two decimals', () => {
    for (const text of [
      '',
      '0',
      '0.00',
      '-5',
      '1.234',
      '1e3',
      '1,000',
      '01',
      '.5',
      '5.',
      'abc',
      '10000000000000',
    ]) {
      expect(decimalToMinor(text), text).toBeNull();
    }
  });

  it('round-trips with minorToDecimal', () => {
    for (const minor of [1n, 99n, 100n, 123456n, 999999999999999n]) {
      expect(decimalToMinor(minorToDecimal(minor))).toBe(minor);
    }
  });
});

describe('formatMoney', () => {
  it('groups thousands and keeps the sign before the symbol', () => {
    expect(formatMoney(123456789n, '₹')).toBe('₹1,234,567.89');
    expect(formatMoney(-5n, 'P')).toBe('-P0.05');
    expect(formatMoney(100000n, '₹')).toBe('₹1,000.00');
  });
});
