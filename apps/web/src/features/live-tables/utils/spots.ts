import { SIC_BO_TOTAL_PAYS } from '@lotus/games/live/sic-bo';
import { rouletteColour } from '@lotus/games/roulette';
import type { LiveTableKind } from '@lotus/shared/live.schema';

/**
 * The bet spots a table shows, per kind (docs/live-tables.md "Bet spots"): the spot the server takes, the
 * text key of its name (liveTables `spots.*`, with `n` for a number), and what it pays ("11:1"), which the
 * button's accessible name says too. `group` lays them out (sic bo and roulette have several rows).
 */
export type SpotDef = {
  spot: string;
  /** liveTables key under `spots.` */
  nameKey: string;
  /** Values for the name's placeholders (`{{n}}`, `{{a}}`, `{{b}}`). */
  values?: Record<string, number>;
  pays: string;
  group: string;
  /** Roulette pockets: the colour the cell is drawn in. */
  colour?: 'red' | 'black' | 'green';
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function baccaratSpots(noCommission: boolean): SpotDef[] {
  return [
    { spot: 'player', nameKey: 'player', pays: '1:1', group: 'main' },
    { spot: 'tie', nameKey: 'tie', pays: '8:1', group: 'main' },
    { spot: 'banker', nameKey: 'banker', pays: noCommission ? '1:1 (6: 1:2)' : '0.95:1', group: 'main' },
    { spot: 'player-pair', nameKey: 'playerPair', pays: '11:1', group: 'side' },
    { spot: 'banker-pair', nameKey: 'bankerPair', pays: '11:1', group: 'side' },
  ];
}

function sicBoSpots(): SpotDef[] {
  const faces = range(1, 6);
  const pairs = faces.flatMap((a) => faces.filter((b) => b > a).map((b) => [a, b] as const));
  return [
    { spot: 'small', nameKey: 'small', pays: '1:1', group: 'main' },
    { spot: 'odd', nameKey: 'odd', pays: '1:1', group: 'main' },
    { spot: 'any-triple', nameKey: 'anyTriple', pays: '30:1', group: 'main' },
    { spot: 'even', nameKey: 'even', pays: '1:1', group: 'main' },
    { spot: 'big', nameKey: 'big', pays: '1:1', group: 'main' },
    ...range(4, 17).map((n) => ({
      spot: `total:${n}`,
      nameKey: 'total',
      values: { n },
      pays: `${SIC_BO_TOTAL_PAYS[n]}:1`,
      group: 'total',
    })),
    ...faces.map((n) => ({
      spot: `single:${n}`,
      nameKey: 'single',
      values: { n },
      pays: '1:1–3:1',
      group: 'single',
    })),
    ...faces.map((n) => ({
      spot: `double:${n}`,
      nameKey: 'double',
      values: { n },
      pays: '10:1',
      group: 'double',
    })),
    ...faces.map((n) => ({
      spot: `triple:${n}`,
      nameKey: 'triple',
      values: { n },
      pays: '180:1',
      group: 'triple',
    })),
    ...pairs.map(([a, b]) => ({
      spot: `combination:${a}-${b}`,
      nameKey: 'combination',
      values: { a, b },
      pays: '5:1',
      group: 'combination',
    })),
  ];
}

function rouletteSpots(): SpotDef[] {
  return [
    {
      spot: 'straight:0',
      nameKey: 'straight',
      values: { n: 0 },
      pays: '35:1',
      group: 'zero',
      colour: 'green',
    },
    ...range(1, 36).map((n) => ({
      spot: `straight:${n}`,
      nameKey: 'straight',
      values: { n },
      pays: '35:1',
      group: 'numbers',
      colour: rouletteColour(n),
    })),
    ...range(1, 3).map((n) => ({
      spot: `dozen:${range(12 * n - 11, 12 * n).join('-')}`,
      nameKey: 'dozen',
      values: { n },
      pays: '2:1',
      group: 'dozen',
    })),
    ...range(1, 3).map((n) => ({
      spot: `column:${range(0, 11)
        .map((row) => row * 3 + n)
        .join('-')}`,
      nameKey: 'column',
      values: { n },
      pays: '2:1',
      group: 'column',
    })),
    ...(['low', 'even', 'red', 'black', 'odd', 'high'] as const).map((kind) => ({
      spot: kind,
      nameKey: kind,
      pays: '1:1',
      group: 'even-chances',
    })),
  ];
}

/** Every spot a table of this kind shows. */
export function spotsOf(kind: LiveTableKind): SpotDef[] {
  switch (kind) {
    case 'baccarat':
    case 'baccarat-nc':
      return baccaratSpots(kind === 'baccarat-nc');
    case 'dragon-tiger':
      return [
        { spot: 'dragon', nameKey: 'dragon', pays: '1:1', group: 'main' },
        { spot: 'tie', nameKey: 'tie', pays: '8:1', group: 'main' },
        { spot: 'tiger', nameKey: 'tiger', pays: '1:1', group: 'main' },
      ];
    case 'andar-bahar':
      return [
        { spot: 'andar', nameKey: 'andar', pays: '0.9:1', group: 'main' },
        { spot: 'bahar', nameKey: 'bahar', pays: '1:1', group: 'main' },
      ];
    case 'sic-bo':
      return sicBoSpots();
    case 'roulette':
      return rouletteSpots();
  }
}

/** The spot's bet kind (`total:10` → `total`), which the table's limits are given per. */
export const spotKind = (spot: string) => spot.split(':')[0] ?? spot;

const EVEN_CHANCES = new Set(['red', 'black', 'odd', 'even', 'low', 'high']);

/** A roulette bet as the table's spot: `kind:n-n-…` ascending, the even chances without numbers. */
export function rouletteSpot(bet: { kind: string; numbers: readonly number[] }): string {
  if (EVEN_CHANCES.has(bet.kind) || bet.numbers.length === 0) return bet.kind;
  return `${bet.kind}:${[...bet.numbers].sort((a, b) => a - b).join('-')}`;
}
