import { DEFAULT_CURRENCY_SYMBOL } from '@lotus/shared/constants';
import { formatMoney } from '@lotus/shared/money';

const MINOR_PATTERN = /^-?[0-9]+$/;

/** SPEC §9: a brand without its own symbol shows 'P'. */
export function symbolOrDefault(symbol: string | null | undefined): string {
  const trimmed = symbol?.trim();
  return trimmed ? trimmed : DEFAULT_CURRENCY_SYMBOL;
}

/**
 * `'1000000', '₹'` → `'₹10,000.00'`. Minor units are turned into text with BigInt only (never a float); a
 * value that is not an integer string (the API broke its contract) shows a dash rather than a wrong figure.
 */
export function formatMinor(minor: string, symbol: string): string {
  const trimmed = typeof minor === 'string' ? minor.trim() : '';
  if (!MINOR_PATTERN.test(trimmed)) return '—';
  return formatMoney(BigInt(trimmed), symbol);
}

/** Like formatMinor, with an explicit '+' on credits (the account record colours the sign). */
export function formatSignedMinor(minor: string, symbol: string): string {
  const text = formatMinor(minor, symbol);
  return text !== '—' && !text.startsWith('-') && BigInt(minor.trim()) > 0n ? `+${text}` : text;
}
