import type { Winner } from '@lotus/shared/content.schema';

/**
 * React keys for the board's rows. A win has no id in the API, and the same player can win the same amount
 * in the same game twice in a second, so the key is what the row shows plus how many identical rows came
 * before it: stable while the list is unchanged, unique always.
 */
export function keyedWinners(winners: readonly Winner[]): { key: string; winner: Winner }[] {
  const seen = new Map<string, number>();
  return winners.map((winner) => {
    const { vo } = winner;
    const base = `${vo.wonAt}|${vo.account}|${vo.gameName}|${vo.amountMinor}`;
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return { key: `${base}|${occurrence}`, winner };
  });
}
