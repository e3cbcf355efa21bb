import type { LotteryDraw } from '@lotus/shared/lottery.schema';

/**
 * A draw's result drawn for its family (issue 20 helper E): the VN prize table (27 or 18 prizes), 4D tiers,
 * the 6-digit number, digits, dice, balls, the race order, keno numbers. Placeholder until E's lands.
 */
export function LotteryResultBoard(_props: { draw: LotteryDraw; compact?: boolean }) {
  return null;
}
