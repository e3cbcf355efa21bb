import { ROULETTE_BETS, ROULETTE_COLUMNS, ROULETTE_DOZENS, rouletteColour } from '@lotus/games/roulette';
import type { RouletteBet, RouletteBetKind } from '@lotus/games/types';

/**
 * The European single-zero table as drawn on screen. Colours and bet pockets come from packages/games
 * (the engine that settles the bets), so the layout can never disagree with the maths.
 */
export type PocketColour = 'red' | 'black' | 'green';

export function colourOf(pocket: number): PocketColour {
  return rouletteColour(pocket);
}

/** The wheel's pockets clockwise from zero (European wheel). */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

/**
 * The number grid as the layout shows it: three rows of twelve, the top row 3, 6 … 36 (column 3), the
 * bottom row 1, 4 … 34 (column 1). Each column of the grid is one street.
 */
export const GRID_ROWS: readonly (readonly number[])[] = [3, 2, 1].map((offset) =>
  Array.from({ length: 12 }, (_, street) => street * 3 + offset),
);

/** Numbers covered by the outside bets. `index` is 1..3 for dozens and columns. */
export function outsideNumbers(kind: RouletteBetKind, index = 1): number[] {
  if (kind === 'dozen') return [...(ROULETTE_DOZENS[index - 1] ?? [])];
  if (kind === 'column') return [...(ROULETTE_COLUMNS[index - 1] ?? [])];
  return [...(ROULETTE_BETS[kind][0] ?? [])];
}

/** The street (row of three on the real table) a number belongs to. */
export function streetOf(n: number): number[] {
  const first = Math.floor((n - 1) / 3) * 3 + 1;
  return [first, first + 1, first + 2];
}

/** Inside bets placed by clicking numbers; split and corner collect numbers until complete. */
export type InsideKind = 'straight' | 'split' | 'street' | 'corner' | 'line' | 'basket';
export const INSIDE_KINDS: readonly InsideKind[] = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'basket',
];
export const PICKS_NEEDED: Record<InsideKind, number> = {
  straight: 1,
  split: 2,
  street: 1,
  corner: 4,
  line: 1,
  basket: 0,
};

/** Picks still needed: a street started on 0 is one of the zero trios (0-1-2, 0-2-3), three picks. */
export function picksNeeded(kind: InsideKind, picks: readonly number[]): number {
  return kind === 'street' && picks[0] === 0 ? 3 : PICKS_NEEDED[kind];
}

/**
 * The numbers of an inside bet once enough picks are in (null while more are needed). A street or line
 * comes from one click: the clicked number's street (and, for a line, the next street — the previous one
 * for 34–36). The result still goes through validateRouletteBet (packages/games) before it is placed.
 */
export function insideNumbers(kind: InsideKind, picks: readonly number[]): number[] | null {
  if (kind === 'basket') return [0, 1, 2, 3];
  if (picks.length < picksNeeded(kind, picks)) return null;
  const [first = 0] = picks;
  if (kind === 'street' && first !== 0) return streetOf(first);
  if (kind === 'line') {
    if (first === 0) return [];
    const street = streetOf(first);
    const start = street[0] ?? 1;
    return start === 34 ? [...streetOf(31), ...street] : [...street, ...streetOf(start + 3)];
  }
  return [...picks].sort((a, b) => a - b);
}

/** Same kind on the same numbers is one bet: a second chip adds to it. */
export function betKey(bet: Pick<RouletteBet, 'kind' | 'numbers'>): string {
  return `${bet.kind}:${[...bet.numbers].sort((a, b) => a - b).join('-')}`;
}

export function addBet(bets: readonly RouletteBet[], bet: RouletteBet): RouletteBet[] {
  const key = betKey(bet);
  const existing = bets.find((b) => betKey(b) === key);
  if (!existing) return [...bets, bet];
  return bets.map((b) =>
    b === existing ? { ...b, amountMinor: (BigInt(b.amountMinor) + BigInt(bet.amountMinor)).toString() } : b,
  );
}
