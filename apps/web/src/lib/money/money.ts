import { DEFAULT_CURRENCY_SYMBOL } from '@lotus/shared/constants';
import { decimalToMinor, formatMoney } from '@lotus/shared/money';
import { ApiError } from '../api-client.ts';
import { formatDateTime } from '../date-time.ts';
import { messageForApiError } from '../forms/validation.ts';
import type { TFunction } from '../i18n.ts';

/**
 * Money on the member centre's pages (docs/wallet-contract.md "Conventions"): amounts travel as strings of
 * minor units and are shown with the brand's symbol; what a person types stays a decimal string and is
 * parsed with the same `decimalToMinor` the server uses, never through a float.
 */

const MINOR_PATTERN = /^-?[0-9]+$/;

/** SPEC §9: a brand without its own symbol shows 'P'. */
export function symbolOrDefault(symbol: string | null | undefined): string {
  const trimmed = symbol?.trim();
  return trimmed ? trimmed : DEFAULT_CURRENCY_SYMBOL;
}

/**
 * `'1000000', '₹'` → `'₹10,000.00'`, as the wallet pages show it. Minor units are turned into text with
 * BigInt only (never a float); a value that is not an integer string (the API broke its contract) shows a
 * dash rather than a wrong figure.
 */
export function moneyText(minor: bigint | string, symbol: string): string {
  if (typeof minor === 'bigint') return formatMoney(minor, symbol);
  const trimmed = typeof minor === 'string' ? minor.trim() : '';
  return MINOR_PATTERN.test(trimmed) ? formatMoney(BigInt(trimmed), symbol) : '—';
}

/** Like moneyText, with an explicit '+' on credits (the account record colours the sign). */
export function signedMoneyText(minor: string, symbol: string): string {
  const text = moneyText(minor, symbol);
  return text !== '—' && !text.startsWith('-') && BigInt(minor.trim()) > 0n ? `+${text}` : text;
}

export type AmountLimits = {
  minMinor?: bigint | null;
  maxMinor?: bigint | null;
  /** The spendable balance, when the amount leaves the wallet. */
  availableMinor?: bigint | null;
};

/** Why a typed amount cannot be sent; each is an `errors` key except `required`. */
export type AmountProblem =
  | { code: 'required' }
  | { code: 'amount_invalid' }
  | { code: 'amount_below_minimum'; limitMinor: bigint }
  | { code: 'amount_above_maximum'; limitMinor: bigint }
  | { code: 'insufficient_funds' };

export type AmountCheck = { ok: true; minor: bigint } | { ok: false; problem: AmountProblem };

/** The server's rules, checked before sending so the player learns at once (the server checks again). */
export function checkAmount(text: string, limits: AmountLimits = {}): AmountCheck {
  if (text.trim() === '') return { ok: false, problem: { code: 'required' } };
  const minor = decimalToMinor(text);
  if (minor === null) return { ok: false, problem: { code: 'amount_invalid' } };
  if (limits.minMinor != null && minor < limits.minMinor) {
    return { ok: false, problem: { code: 'amount_below_minimum', limitMinor: limits.minMinor } };
  }
  if (limits.maxMinor != null && minor > limits.maxMinor) {
    return { ok: false, problem: { code: 'amount_above_maximum', limitMinor: limits.maxMinor } };
  }
  if (limits.availableMinor != null && minor > limits.availableMinor) {
    return { ok: false, problem: { code: 'insufficient_funds' } };
  }
  return { ok: true, minor };
}

export function amountProblemText(t: TFunction, problem: AmountProblem, symbol: string) {
  switch (problem.code) {
    case 'required':
      return t('validation:required');
    case 'amount_below_minimum':
      return t('errors:amount_below_minimum', { min: moneyText(problem.limitMinor, symbol) });
    case 'amount_above_maximum':
      return t('errors:amount_above_maximum', { max: moneyText(problem.limitMinor, symbol) });
    default:
      return t(`errors:${problem.code}`);
  }
}

/** A decimal string of the error's `value` (`{ min: "100.00" }`) as money text, else the raw value. */
function limitText(raw: unknown, symbol: string): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') return '';
  const minor = decimalToMinor(String(raw));
  return minor === null ? String(raw) : moneyText(minor, symbol);
}

/**
 * The text for a failed money call: the `errors` namespace by code, with the limits the server sent
 * (`amount_below_minimum` `{ min }`, `amount_above_maximum` `{ max }`, `payout_account_limit` `{ max }`).
 */
export function moneyErrorText(t: TFunction, error: unknown, symbol: string): string {
  if (error instanceof ApiError && error.value !== null) {
    if (error.code === 'amount_below_minimum') {
      return t('errors:amount_below_minimum', { min: limitText(error.value.min, symbol) });
    }
    if (error.code === 'amount_above_maximum') {
      return t('errors:amount_above_maximum', { max: limitText(error.value.max, symbol) });
    }
    if (error.code === 'payout_account_limit') {
      return t('errors:payout_account_limit', { max: String(error.value.max ?? '') });
    }
  }
  return messageForApiError(t, error);
}

/**
 * One key per user intent (docs/wallet-contract.md "Idempotency"): made when the confirm dialog opens and
 * sent with every retry of that intent, so a repeated click or a lost answer never moves money twice.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers without randomUUID (non-secure contexts): 128 random bits from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function idempotencyHeaders(key: string): { headers: Record<string, string> } {
  return { headers: { 'Idempotency-Key': key } };
}

/** SPEC §2's `yyyy-MM-dd HH:mm:ss` for lists and deadlines; a missing time reads as a dash. */
export function dateTimeText(iso: string | null): string {
  return iso ? formatDateTime(iso) : '—';
}
