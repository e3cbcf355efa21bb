import { describe, expect, it } from 'vitest';
import { minorToDecimal } from './money.ts';

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
