import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { withdrawalErrorText } from './withdrawal-error-text.ts';

/** A `t` that shows the key and its values, so the test reads what the text is given. */
const t = ((key: string, values?: Record<string, unknown>) =>
  `${key} ${JSON.stringify(values ?? {})}`) as unknown as TFunction;

describe('withdrawalErrorText', () => {
  it('names the open bonuses’ wagering progress and the locked money', () => {
    const error = new ApiError('bonus_wagering_open', 409, {
      done: '0.00',
      required: '5000.00',
      percent: 2,
      locked: '500.00',
    });
    expect(withdrawalErrorText(t, error, '₹')).toBe(
      'errors:bonus_wagering_open {"done":"₹0.00","required":"₹5,000.00","percent":"2","locked":"₹500.00"}',
    );
  });

  it('leaves the other refusals to the money texts', () => {
    expect(withdrawalErrorText(t, new ApiError('insufficient_funds', 409), '₹')).toContain(
      'insufficient_funds',
    );
  });
});
