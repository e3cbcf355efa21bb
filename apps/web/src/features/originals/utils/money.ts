import { formatMoney } from '@lotus/shared/money';

/** A JSON minor-unit string as money text ('12345', '₹' → '₹123.45'). */
export function money(minor: string | bigint, symbol: string): string {
  return formatMoney(typeof minor === 'bigint' ? minor : BigInt(minor), symbol);
}
