import { decimalToMinor } from '@lotus/shared/money';
import { ApiError } from '../../../lib/api-client.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { moneyErrorText, moneyText } from '../../../lib/money/money.ts';

/** A figure of the refusal (`"2500.00"`, `"0.00"`) as money text. */
function figure(raw: unknown, symbol: string): string {
  const text = typeof raw === 'string' ? raw : '';
  // decimalToMinor refuses zero (no amount is zero); a figure may be, e.g. no wagering done yet.
  return moneyText(decimalToMinor(text) ?? 0n, symbol);
}

/**
 * The text of a refused withdrawal: the money errors, and `bonus_wagering_open` (issue 19) with the open
 * bonuses' wagering progress and the money they lock. Here, in the lazy withdrawal page, rather than in
 * lib/money, which the first screen loads.
 */
export function withdrawalErrorText(t: TFunction, error: unknown, symbol: string): string {
  if (error instanceof ApiError && error.code === 'bonus_wagering_open' && error.value !== null) {
    return t('errors:bonus_wagering_open', {
      done: figure(error.value.done, symbol),
      required: figure(error.value.required, symbol),
      percent: String(error.value.percent ?? 0),
      locked: figure(error.value.locked, symbol),
    });
  }
  return moneyErrorText(t, error, symbol);
}
