import type { LiveLimit } from '@lotus/shared/live.schema';
import { moneyText } from '../../../lib/money/money.ts';

/** The smallest minimum and the largest maximum over a table's bet kinds, in minor units. */
export function limitsBounds(limits: readonly LiveLimit[]): { minMinor: bigint; maxMinor: bigint } {
  if (limits.length === 0) return { minMinor: 0n, maxMinor: 0n };
  let minMinor = BigInt(limits[0]?.minMinor ?? '0');
  let maxMinor = 0n;
  for (const limit of limits) {
    if (BigInt(limit.minMinor) < minMinor) minMinor = BigInt(limit.minMinor);
    if (BigInt(limit.maxMinor) > maxMinor) maxMinor = BigInt(limit.maxMinor);
  }
  return { minMinor, maxMinor };
}

/** "₹10 – ₹50,000" values for the `limits` text (whole amounts without ".00"). */
export function limitsRange(limits: readonly LiveLimit[], symbol: string): { min: string; max: string } {
  const { minMinor, maxMinor } = limitsBounds(limits);
  const whole = (minor: bigint) => moneyText(minor, symbol).replace(/\.00$/, '');
  return { min: whole(minMinor), max: whole(maxMinor) };
}
