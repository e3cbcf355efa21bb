/**
 * Money arrives as a string of minor units (ARCHITECTURE §4: `amountMinor`, never a float). It is turned
 * into text with BigInt only: 12345678901234567 hundredths stays exact, which a Number would not.
 * Two decimals, the currency's minor unit for every currency the site offers.
 */
const MINOR_DIGITS = 2;
const MINOR_FACTOR = 10n ** BigInt(MINOR_DIGITS);
const INTEGER_PATTERN = /^-?\d+$/;

export function formatAmountMinor(amountMinor: string, currencySymbol: string, locale: string): string {
  const trimmed = amountMinor.trim();
  // Not an integer string: the API broke its contract; show nothing rather than a wrong figure.
  if (!INTEGER_PATTERN.test(trimmed)) return '—';
  const minor = BigInt(trimmed);
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const whole = absolute / MINOR_FACTOR;
  const fraction = (absolute % MINOR_FACTOR).toString().padStart(MINOR_DIGITS, '0');
  const format = new Intl.NumberFormat(locale, { numberingSystem: 'latn' });
  const decimalMark = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  // Intl.NumberFormat formats a bigint exactly (no conversion to a float).
  return `${negative ? '-' : ''}${currencySymbol} ${format.format(whole)}${decimalMark}${fraction}`;
}
