import type { LotteryDraw } from '@lotus/shared/lottery.schema';

/**
 * The result shapes of packages/games/src/lottery/types.ts `LotteryResult`, restated here so the pages do not
 * load the maths package (only the verify page's lazy chunk does). The server checks each family's shape.
 */
export type PrizeTier = { tier: string; numbers: string[] };
export type ResultView =
  | { family: 'vn'; variant: 'north' | 'south'; tiers: PrizeTier[] }
  | { family: 'sea4d'; tiers: PrizeTier[] }
  | { family: 'sea6d'; number: string }
  | { family: 'lott5d'; digits: number[] }
  | { family: 'dice3'; dice: number[] }
  | { family: 'pick11x5'; balls: number[] }
  | { family: 'race10'; order: number[] }
  | { family: 'keno'; numbers: number[] };

const FAMILIES = new Set(['vn', 'sea4d', 'sea6d', 'lott5d', 'dice3', 'pick11x5', 'race10', 'keno']);

/** The draw's result when it has one of a known family, else null (awaiting, cancelled, or malformed). */
export function resultOf(draw: Pick<LotteryDraw, 'result'>): ResultView | null {
  const result = draw.result;
  if (result === null || typeof result.family !== 'string' || !FAMILIES.has(result.family)) return null;
  return result as unknown as ResultView;
}

export const pad2 = (value: number) => String(value).padStart(2, '0');

/** The one-line headline of a card: VN special, 4D first prize, the 6D number, else the values joined. */
export function headlineOf(result: ResultView): string {
  switch (result.family) {
    case 'vn':
    case 'sea4d': {
      const top = result.family === 'vn' ? 'special' : 'first';
      return result.tiers.find((tier) => tier.tier === top)?.numbers[0] ?? '';
    }
    case 'sea6d':
      return result.number;
    case 'lott5d':
      return result.digits.join(' ');
    case 'dice3':
      return result.dice.join(' ');
    case 'pick11x5':
      return result.balls.map(pad2).join(' ');
    case 'race10':
      return result.order.map(pad2).join(' ');
    case 'keno':
      return [...result.numbers]
        .sort((a, b) => a - b)
        .map(pad2)
        .join(' ');
  }
}
