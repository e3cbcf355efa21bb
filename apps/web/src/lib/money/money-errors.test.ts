import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.ts';
import type { TFunction } from '../i18n.ts';
import { moneyErrorText } from './money.ts';

/** A `t` that shows the key and its values, so the test reads what the text is given. */
const t = ((key: string, values?: Record<string, unknown>) =>
  `${key} ${JSON.stringify(values ?? {})}`) as unknown as TFunction;

describe('moneyErrorText', () => {
  it('names the open bonuses’ wagering progress and the locked money in a withdrawal refusal', () => {
    const error = new ApiError('bonus_wagering_open', 409, {
      done: '0.00',
      required: '5000.00',
      percent: 2,
      locked: '500.00',
    });
    expect(moneyErrorText(t, error, '₹')).toBe(
      'errors:bonus_wagering_open {"done":"₹0.00","required":"₹5,000.00","percent":"2","locked":"₹500.00"}',
    );
  });
});
