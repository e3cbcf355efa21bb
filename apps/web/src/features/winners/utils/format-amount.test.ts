import { describe, expect, it } from 'vitest';
import { formatAmountMinor } from './format-amount.ts';

describe('formatAmountMinor', () => {
  it('formats minor units with two decimals and the currency symbol', () => {
    expect(formatAmountMinor('123456', '₹', 'en')).toBe('₹ 1,234.56');
    expect(formatAmountMinor('5', 'P', 'en')).toBe('P 0.05');
    expect(formatAmountMinor('0', 'P', 'en')).toBe('P 0.00');
  });

  it('stays exact beyond the range of a float', () => {
    // 2^53 + 1 hundredths: a Number would round it to ...992.
    expect(formatAmountMinor('9007199254740993', 'P', 'en')).toBe('P 90,071,992,547,409.93');
  });

  it('groups in lakhs for Hindi', () => {
    expect(formatAmountMinor('1234567800', '₹', 'hi')).toBe('₹ 1,23,45,678.00');
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatAmountMinor('-250', 'P', 'en')).toBe('-P 2.50');
  });

  it('refuses what is not an integer string', () => {
    expect(formatAmountMinor('12.5', 'P', 'en')).toBe('—');
    expect(formatAmountMinor('', 'P', 'en')).toBe('—');
    expect(formatAmountMinor('1e9', 'P', 'en')).toBe('—');
  });
});
