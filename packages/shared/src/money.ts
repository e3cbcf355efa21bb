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
