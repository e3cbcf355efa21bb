/**
 * Money as text (ARCHITECTURE §4): amounts are integers of minor units (`bigint`) everywhere; JSON carries
 * them as decimal strings, never floats.
 */

/** Minor units per major unit of every currency Lotus keeps (INR, like most, has 2 decimals). */
export const MINOR_DIGITS = 2;

/** `123456n` → `'1234.56'`; `-5n` → `'-0.05'`. Exact for any bigint. */
export function minorToDecimal(minor: bigint, digits: number = MINOR_DIGITS): string {
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/** What a person may type as an amount: digits, optionally a point and up to two decimals, no sign. */
const AMOUNT_TEXT = /^(?:0|[1-9][0-9]{0,12})(?:\.[0-9]{1,2})?$/;

/**
 * A positive amount typed by a person (`'1500'`, `'1500.5'`, `'0.05'`) → minor units, or null when the text
 * is not such an amount (empty, negative, more than two decimals, exponent, thousands separators, zero).
 * Parsed from the text, never through a float.
 */
export function decimalToMinor(text: string, digits: number = MINOR_DIGITS): bigint | null {
  const trimmed = text.trim();
  if (!AMOUNT_TEXT.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  if (fraction.length > digits) return null;
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  return minor > 0n ? minor : null;
}

/** `123456n, '₹'` → `'₹1,234.56'` (Indian digit grouping is left to Intl in the browser; this is plain). */
export function formatMoney(minor: bigint, symbol: string, digits: number = MINOR_DIGITS): string {
  const text = minorToDecimal(minor < 0n ? -minor : minor, digits);
  const [whole = '0', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minor < 0n ? '-' : ''}${symbol}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}
