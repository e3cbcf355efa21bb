import { formatMoney } from '@lotus/shared/money';

/** A JSON minor-unit string as money text ('12345', '₹' → '₹123.45'). */
export function money(minor: string | bigint, symbol: string): string {
  return formatMoney(typeof minor === 'bigint' ? minor : BigInt(minor), symbol);
}

/** Sum of minor-unit strings. */
export function sumMinor(values: readonly string[]): bigint {
  return values.reduce((total, value) => total + BigInt(value), 0n);
}
