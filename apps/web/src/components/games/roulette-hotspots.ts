import type { RouletteBetKind } from '@lotus/games/types';
import type { CSSProperties } from 'react';
import { streetOf } from './roulette-layout.ts';

/**
 * The lines and crossings of the layout that take a bet (roulette-board.tsx). The board is a CSS grid:
 * column 1 is zero, columns 2–13 the twelve streets (1-2-3 … 34-35-36), column 14 the columns' 2:1; rows
 * 1–3 the numbers (3, 6 … 36 on top, 1, 4 … 34 at the bottom), row 4 the dozens, row 5 the even chances.
 * A hotspot sits in its anchor number's grid cell, pushed onto one of the cell's edges or corners by CSS
 * (`data-edge`), so it stays on its line at every width without measuring anything.
 */
export type HotspotEdge = 'right' | 'bottom' | 'bottom-right' | 'left' | 'bottom-left';

export type BoardHotspot = {
  /** test id suffix and React key: `split-8-11`, `corner-1-2-4-5`, … */
  key: string;
  kind: RouletteBetKind;
  numbers: number[];
  /** The number whose cell holds the hotspot. */
  anchor: number;
  edge: HotspotEdge;
};

/** The grid cell of a number (zero spans the three number rows). */
export function gridCellOf(n: number): CSSProperties {
  if (n === 0) return { gridColumn: 1, gridRow: '1 / span 3' };
  const street = Math.floor((n - 1) / 3);
  // 3, 6 … on row 1; 2, 5 … on row 2; 1, 4 … on row 3.
  return { gridColumn: street + 2, gridRow: 3 - ((n - 1) % 3) };
}

const spot = (kind: RouletteBetKind, numbers: number[], anchor: number, edge: HotspotEdge): BoardHotspot => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return { key: `${kind}-${sorted.join('-')}`, kind, numbers: sorted, anchor, edge };
};

/**
 * Every inside bet other than a straight, once each: 57 splits, 14 streets (with the trios 0-1-2 and
 * 0-2-3), 22 corners, 11 six-lines and the basket. Pure and fixed, so it is computed once.
 */
function allHotspots(): BoardHotspot[] {
  const out: BoardHotspot[] = [
    // Beside zero: its three splits on the line left of the first street, the trios at the crossings
    // between them, and the basket (0-1-2-3) at the bottom corner, where a real table has it.
    spot('split', [0, 3], 3, 'left'),
    spot('split', [0, 2], 2, 'left'),
    spot('split', [0, 1], 1, 'left'),
    spot('street', [0, 2, 3], 3, 'bottom-left'),
    spot('street', [0, 1, 2], 2, 'bottom-left'),
    spot('basket', [0, 1, 2, 3], 1, 'bottom-left'),
  ];
  for (let n = 1; n <= 36; n += 1) {
    const bottomRow = n % 3 === 1;
    const lastStreet = n > 33;
    // The line to the right: the same row's number in the next street.
    if (!lastStreet) out.push(spot('split', [n, n + 3], n, 'right'));
    if (!bottomRow) {
      // The line below: the street's next number down (3 over 2, 2 over 1).
      out.push(spot('split', [n - 1, n], n, 'bottom'));
      if (!lastStreet) out.push(spot('corner', [n - 1, n, n + 2, n + 3], n, 'bottom-right'));
    } else {
      // The street's outer edge (below its bottom number) and, between two streets, the six-line.
      out.push(spot('street', streetOf(n), n, 'bottom'));
      if (!lastStreet) out.push(spot('line', [...streetOf(n), ...streetOf(n + 3)], n, 'bottom-right'));
    }
  }
  return out;
}

const HOTSPOTS = allHotspots();

export function boardHotspots(): readonly BoardHotspot[] {
  return HOTSPOTS;
}
