import type { SlotSpin, SlotTitle } from '@lotus/games/types';
import { useEffect, useState } from 'react';
import classes from './slot-art.module.css';

/** Line colours, by line index (cycling): bright enough on the light tiles and the dark ones. */
const LINE_COLOURS = [
  '#ffd600',
  '#ff1744',
  '#00e676',
  '#2979ff',
  '#ff9100',
  '#d500f9',
  '#00e5ff',
  '#f50057',
  '#76ff03',
  '#ffea00',
];

export function lineColour(line: number): string {
  return LINE_COLOURS[line % LINE_COLOURS.length] ?? '#ffd600';
}

/** Cell size and the gap between reels in the overlay's units: the gap is 5 % of a cell (originals.module.css); rows have none. */
export const CELL = 100;
export const GAP = 5;

/** The centre of a cell in overlay units. */
export function cellCentre(reel: number, row: number): [number, number] {
  return [reel * (CELL + GAP) + CELL / 2, row * CELL + CELL / 2];
}

/** A payline as polyline points through the centres of its cells, reel by reel. */
export function linePoints(line: readonly number[]): string {
  return line.map((row, reel) => cellCentre(reel, row).join(',')).join(' ');
}

/** How long each winning line stays drawn before the next one when several win. */
export const LINE_CYCLE_MS = 1400;

type SlotWinLinesProps = { title: SlotTitle; spin: SlotSpin | null; reducedMotion: boolean };

/**
 * The winning lines drawn over the stopped reels, each in its colour with a dot on every cell that counted;
 * with several wins the lines take turns (with reduced motion they are all drawn at once, nothing blinks).
 * Paying scatters get a ring wherever they landed.
 */
export function SlotWinLines({ title, spin, reducedMotion }: SlotWinLinesProps) {
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    setTurn(0);
    if (reducedMotion || (spin?.lineWins.length ?? 0) < 2) return;
    const timer = setInterval(() => setTurn((value) => value + 1), LINE_CYCLE_MS);
    return () => clearInterval(timer);
  }, [spin, reducedMotion]);
  if (!spin) return null;
  const wins = spin.lineWins;

  const scatterIds = new Set(title.symbols.filter((s) => s.kind === 'scatter').map((s) => s.id));
  const scatterPaid = BigInt(spin.scatterPayMinor) > 0n || spin.freeSpinsAwarded > 0;
  const scatters = scatterPaid
    ? spin.window.flatMap((column, reel) =>
        column.flatMap((symbol, row) => (scatterIds.has(symbol) ? [[reel, row] as const] : [])),
      )
    : [];
  if (wins.length === 0 && scatters.length === 0) return null;
  const shown =
    reducedMotion || wins.length < 2 ? wins : [wins[turn % wins.length]].filter((w) => w !== undefined);
  const width = title.reels.length * (CELL + GAP) - GAP;
  const height = title.rows * CELL;

  return (
    <svg
      className={classes.winLines}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="win-lines"
    >
      {shown.map((win) => {
        const line = title.paylines[win.line] ?? [];
        const colour = lineColour(win.line);
        return (
          <g key={win.line} data-testid="win-line" data-line={win.line} data-count={win.count}>
            <polyline points={linePoints(line)} fill="none" className={classes.lineShadow} />
            <polyline points={linePoints(line)} fill="none" stroke={colour} className={classes.line} />
            {line.slice(0, win.count).map((row, reel) => {
              const [x, y] = cellCentre(reel, row);
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per reel of the line.
              return <circle key={reel} cx={x} cy={y} r={9} fill={colour} className={classes.lineDot} />;
            })}
          </g>
        );
      })}
      {scatters.map(([reel, row]) => {
        const [x, y] = cellCentre(reel, row);
        return (
          <circle
            key={`${reel}:${row}`}
            cx={x}
            cy={y}
            r={CELL / 2 - 4}
            fill="none"
            className={classes.scatterRing}
            data-testid="scatter-win"
          />
        );
      })}
    </svg>
  );
}
