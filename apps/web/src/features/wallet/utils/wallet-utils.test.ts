import { describe, expect, it } from 'vitest';
import {
  moneyText as formatMinor,
  signedMoneyText as formatSignedMinor,
  symbolOrDefault,
} from '../../../lib/money/money.ts';
import { checkAmount } from './amount.ts';

describe('wallet money text', () => {
  it('formats minor units exactly, with the symbol', () => {
    expect(formatMinor('1000000', '₹')).toBe('₹10,000.00');
    expect(formatMinor('5', 'P')).toBe('P0.05');
    expect(formatMinor('-150050', '₹')).toBe('-₹1,500.50');
    // Beyond a float's precision: still exact.
    expect(formatMinor('12345678901234567', '₹')).toBe('₹123,456,789,012,345.67');
  });

  it('shows a dash for a value that is not minor units', () => {
    expect(formatMinor('12.50', '₹')).toBe('—');
    expect(formatMinor('', '₹')).toBe('—');
    expect(formatSignedMinor('abc', '₹')).toBe('—');
  });

  it('signs credits and debits', () => {
    expect(formatSignedMinor('20000', '₹')).toBe('+₹200.00');
    expect(formatSignedMinor('-20000', '₹')).toBe('-₹200.00');
    expect(formatSignedMinor('0', '₹')).toBe('₹0.00');
  });

  it("falls back to 'P' without a symbol", () => {
    expect(symbolOrDefault('')).toBe('P');
    expect(symbolOrDefault('  ')).toBe('P');
    expect(symbolOrDefault(undefined)).toBe('P');
    expect(symbolOrDefault('₹')).toBe('₹');
  });
});

describe('checkAmount', () => {
  it('needs a positive amount with at most two decimals', () => {
    expect(checkAmount('', null)).toEqual({ ok: false, error: 'amountRequired' });
    expect(checkAmount('  ', null)).toEqual({ ok: false, error: 'amountRequired' });
    for (const text of ['0', '-5', '1.234', '1e3', '1,000', 'abc', '0.00']) {
      expect(checkAmount(text, null)).toEqual({ ok: false, error: 'amountInvalid' });
    }
    expect(checkAmount('1500.5', null)).toEqual({ ok: true, minor: 150050n });
  });

  it('stays within what the source wallet holds', () => {
    expect(checkAmount('100', '10000')).toEqual({ ok: true, minor: 10000n });
    expect(checkAmount('100.01', '10000')).toEqual({ ok: false, error: 'amountTooHigh' });
  });
});
