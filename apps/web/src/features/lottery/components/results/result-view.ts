import { pad } from '@lotus/games/lottery/digits';
import type { LotteryResult } from '@lotus/games/lottery/types';
import type { LotteryDraw } from '@lotus/shared/lottery.schema';

/**
 * The result shapes are packages/games' `LotteryResult` (a type: nothing loads). The pages import only
 * `lottery/display.ts` and `lottery/digits.ts` of that package, which import no maths, so the draw maths load
 * only in the verify page's lazy chunk. The server checks each family's shape.
 */
const FAMILIES = new Set(['vn', 'sea4d', 'sea6d', 'lott5d', 'dice3', 'pick11x5', 'race10', 'keno']);

/** The draw's result when it has one of a known family, else null (awaiting, cancelled, or malformed). */
export function resultOf(draw: Pick<LotteryDraw, 'result'>): LotteryResult | null {
  const result = draw.result;
  if (result === null || typeof result.family !== 'string' || !FAMILIES.has(result.family)) return null;
  return result as unknown as LotteryResult;
}

export const pad2 = (value: number) => pad(value, 2);
