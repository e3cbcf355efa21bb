import type { ProfitDay } from '@lotus/shared/loyalty.schema';

/** Whether a day (or the totals) has any play or rebate to show. */
export function hasPlay(figures: { rounds: number; rebateMinor: string }): boolean {
  return figures.rounds > 0 || figures.rebateMinor !== '0';
}

/**
 * Each day's net (payout − stake) as a share of the largest net of the range in size (−1 … 1). BigInt
 * until the last step, so no amount is rounded before the drawing needs it.
 */
export function netRatios(days: readonly ProfitDay[]): number[] {
  const nets = days.map((day) => BigInt(day.netMinor));
  let largest = 0n;
  for (const net of nets) {
    const size = net < 0n ? -net : net;
    if (size > largest) largest = size;
  }
  if (largest === 0n) return nets.map(() => 0);
  return nets.map((net) => Number((net * 10_000n) / largest) / 10_000);
}

/** A UTC calendar day (`2026-11-27`) in the reader's language, never shifted by the reader's time zone. */
export function profitDayText(day: string, language: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(time);
}
