/**
 * Baccarat roadmaps (docs/live-tables.md "Roads") from the coups of a shoe in order. Pure display data:
 * every client draws the same grids from the table's result list.
 *
 * - Bead plate: one cell per coup (ties included), filled top to bottom in columns of 6, left to right.
 * - Big road: player and banker wins only; a run of the same winner fills a column downwards; a change of
 *   winner starts the next column at the top. A tie is a mark on the previous cell (ties before the first
 *   win are marked on the first cell). A run longer than the 6 rows, or one whose next cell below is taken,
 *   turns right along its row (the "dragon tail"); the next run still starts one column right of the
 *   previous run's first column (further right if that top cell is taken by a tail).
 * - Derived roads, k = 1 (big eye boy), 2 (small road), 3 (cockroach pig), read the big road's runs (its
 *   logical columns, whatever the tails did), for each big road entry at column c, row r (0-based):
 *   - r = 0: red when columns c − 1 and c − 1 − k have the same length, blue otherwise (needs c ≥ k + 1);
 *   - r ≥ 1: look at column c − k: red when it has a cell at row r, blue when its last cell is at row r − 1,
 *     red when it is shorter still (needs c ≥ k).
 *   So big eye boy starts at the big road's column 1 row 1 (or column 2 row 0 if that comes first), small
 *   road at column 2 row 1 / column 3 row 0, cockroach pig at column 3 row 1 / column 4 row 0. A derived
 *   road's marks are laid out like the big road (runs of a colour, dragon tails).
 */

export type RoadWinner = 'player' | 'banker' | 'tie';
export type RoadCoup = { winner: RoadWinner; playerPair?: boolean; bankerPair?: boolean };
export type RoadColour = 'red' | 'blue';

export const ROAD_ROWS = 6;

export type Placed<T> = { column: number; row: number } & T;

export type BeadCell = Placed<{ winner: RoadWinner; playerPair: boolean; bankerPair: boolean }>;
export type BigRoadEntry = {
  winner: 'player' | 'banker';
  ties: number;
  playerPair: boolean;
  bankerPair: boolean;
};
export type BigRoadCell = Placed<BigRoadEntry>;
export type DerivedCell = Placed<{ colour: RoadColour }>;

export function beadPlate(coups: readonly RoadCoup[], rows: number = ROAD_ROWS): BeadCell[] {
  return coups.map((c, i) => ({
    column: Math.floor(i / rows),
    row: i % rows,
    winner: c.winner,
    playerPair: c.playerPair ?? false,
    bankerPair: c.bankerPair ?? false,
  }));
}

/** The big road's runs: one array per change of winner, ties counted on the entry before them. */
export function bigRoadColumns(coups: readonly RoadCoup[]): BigRoadEntry[][] {
  const columns: BigRoadEntry[][] = [];
  let leadingTies = 0;
  let last: BigRoadEntry | undefined;
  for (const coup of coups) {
    if (coup.winner === 'tie') {
      if (last) last.ties++;
      else leadingTies++;
      continue;
    }
    const entry: BigRoadEntry = {
      winner: coup.winner,
      ties: last ? 0 : leadingTies,
      playerPair: coup.playerPair ?? false,
      bankerPair: coup.bankerPair ?? false,
    };
    const column = columns[columns.length - 1];
    if (column && column[0]?.winner === coup.winner) column.push(entry);
    else columns.push([entry]);
    last = entry;
  }
  return columns;
}

/** Lays runs out on a grid `rows` high, with dragon tails (the rule in the header). */
export function placeRuns<T extends object>(
  runs: readonly (readonly T[])[],
  rows: number = ROAD_ROWS,
): Placed<T>[] {
  const taken = new Set<string>();
  const key = (column: number, row: number) => `${column},${row}`;
  const out: Placed<T>[] = [];
  let start = -1;
  for (const run of runs) {
    start++;
    while (taken.has(key(start, 0))) start++;
    let column = start;
    let row = 0;
    let turned = false;
    run.forEach((item, i) => {
      if (i > 0) {
        if (!turned && row + 1 < rows && !taken.has(key(column, row + 1))) row++;
        else {
          column++;
          turned = true;
        }
      }
      taken.add(key(column, row));
      out.push({ ...item, column, row });
    });
  }
  return out;
}

export function bigRoad(coups: readonly RoadCoup[], rows: number = ROAD_ROWS): BigRoadCell[] {
  return placeRuns(bigRoadColumns(coups), rows);
}

/** The marks of derived road k (1 big eye boy, 2 small road, 3 cockroach pig), in order. */
export function derivedMarks(columns: readonly (readonly unknown[])[], k: 1 | 2 | 3): RoadColour[] {
  const length = (c: number) => columns[c]?.length ?? 0;
  const marks: RoadColour[] = [];
  columns.forEach((column, c) => {
    for (let r = 0; r < column.length; r++) {
      if (r === 0) {
        if (c >= k + 1) marks.push(length(c - 1) === length(c - 1 - k) ? 'red' : 'blue');
      } else if (c >= k) marks.push(length(c - k) === r ? 'blue' : 'red');
    }
  });
  return marks;
}

/** Groups marks into runs of one colour (the derived road's logical columns). */
function runsOf(marks: readonly RoadColour[]): { colour: RoadColour }[][] {
  const runs: { colour: RoadColour }[][] = [];
  for (const colour of marks) {
    const run = runs[runs.length - 1];
    if (run && run[0]?.colour === colour) run.push({ colour });
    else runs.push([{ colour }]);
  }
  return runs;
}

export function derivedRoad(
  coups: readonly RoadCoup[],
  k: 1 | 2 | 3,
  rows: number = ROAD_ROWS,
): DerivedCell[] {
  return placeRuns(runsOf(derivedMarks(bigRoadColumns(coups), k)), rows);
}

export const bigEyeBoy = (coups: readonly RoadCoup[], rows?: number) => derivedRoad(coups, 1, rows);
export const smallRoad = (coups: readonly RoadCoup[], rows?: number) => derivedRoad(coups, 2, rows);
export const cockroachPig = (coups: readonly RoadCoup[], rows?: number) => derivedRoad(coups, 3, rows);
