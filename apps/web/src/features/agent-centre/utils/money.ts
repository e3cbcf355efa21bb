import { DEFAULT_CURRENCY_SYMBOL } from '@lotus/shared/constants';
import { formatMoney } from '@lotus/shared/money';

const MINOR = /^-?[0-9]+$/;

/** SPEC §9: a brand without its own symbol shows 'P'. */
export function symbolOf(symbol: string | null | undefined): string {
  return symbol?.trim() ? symbol.trim() : DEFAULT_CURRENCY_SYMBOL;
}

/** Minor units (an integer string from the API) as `₹1,234.50`; never through a float, '—' if malformed. */
export function minorText(minor: string, symbol: string): string {
  const trimmed = minor.trim();
  return MINOR.test(trimmed) ? formatMoney(BigInt(trimmed), symbol) : '—';
}
