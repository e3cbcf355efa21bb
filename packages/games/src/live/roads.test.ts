import { describe, expect, it } from 'vitest';
import {
  beadPlate,
  bigEyeBoy,
  bigRoad,
  bigRoadColumns,
  cockroachPig,
  derivedMarks,
  type RoadCoup,
  smallRoad,
} from './roads.ts';

/** Coups from letters: B banker, P player, T tie; a lower-case b / p is that win with a pair of its side. */
function coups(text: string): RoadCoup[] {
  return [...text.replace(/ /g, '')].map((ch) => {
    if (ch === 'T') return { winner: 'tie' };
    if (ch === 'b') return { winner: 'banker', bankerPair: true };
    if (ch === 'p') return { winner: 'player', playerPair: true };
    return { winner: ch === 'B' ? 'banker' : 'player' };
  });
}

const cells = (road: { column: number; row: number }[]) => road.map((c) => `${c.column},${c.row}`);
const colours = (road: { colour: string }[]) => road.map((c) => c.colour[0]).join('');

describe('bead plate', () => {
  it('fills columns of six top to bottom, ties and pairs included', () => {
    const plate = beadPlate(coups('BPTbBBPp'));
    expect(cells(plate)).toEqual(['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,0', '1,1']);
    expect(plate.map((c) => c.winner[0]).join('')).toBe('bptbbbpp');
    expect(plate[3]).toMatchObject({ bankerPair: true, playerPair: false });
    expect(plate[7]).toMatchObject({ playerPair: true, bankerPair: false });
  });
});

describe('big road', () => {
  it('starts a column at each change of winner; ties mark the cell before', () => {
    const road = bigRoad(coups('TBBTTPbBBPPB'));
    expect(cells(road)).toEqual(['0,0', '0,1', '1,0', '2,0', '2,1', '2,2', '3,0', '3,1', '4,0']);
    // The leading tie sits on the first cell, the two after the second B on that B.
    expect(road.map((c) => c.ties)).toEqual([1, 2, 0, 0, 0, 0, 0, 0, 0]);
    expect(road[3]).toMatchObject({ winner: 'banker', bankerPair: true });
  });

  it('turns a run right past row 6 or onto a taken cell (dragon tail)', () => {
    const road = bigRoad(coups('BBBBBBBB PPPPPPP B'));
    expect(cells(road)).toEqual([
      // 8 bankers: down column 0, then right along row 5.
      ...['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,5', '2,5'],
      // 7 players from column 1: row 5 is the bankers' tail, so the run turns at row 4.
      ...['1,0', '1,1', '1,2', '1,3', '1,4', '2,4', '3,4'],
      // The next run starts one column right of the previous run's start.
      '2,0',
    ]);
    // The derived roads read the runs, not the tails: lengths 8, 7, 1.
    expect(bigRoadColumns(coups('BBBBBBBB PPPPPPP B')).map((c) => c.length)).toEqual([8, 7, 1]);
  });
});

describe('derived roads (worked by hand from the rules in roads.ts)', () => {
  // Runs BB | P | BBB | PP | B: lengths 2, 1, 3, 2, 1; entries in order (column,row):
  // (0,0) (0,1) (1,0) (2,0) (2,1) (2,2) (3,0) (3,1) (4,0).
  const shoe = coups('BB P BBB PP B');

  it('big eye boy (k = 1) starts at column 2 row 0 when column 1 has one cell', () => {
    // (2,0): columns 1 and 0 have lengths 1 ≠ 2 → blue. (2,1): column 1 ends at row 0 → blue.
    // (2,2): column 1 is shorter still → red. (3,0): 3 ≠ 1 → blue. (3,1): column 2 has row 1 → red.
    // (4,0): 2 ≠ 3 → blue.
    expect(colours(derivedMarks(bigRoadColumns(shoe), 1).map((colour) => ({ colour })))).toBe('bbrbrb');
    const road = bigEyeBoy(shoe);
    expect(colours(road)).toBe('bbrbrb');
    expect(cells(road)).toEqual(['0,0', '0,1', '1,0', '2,0', '3,0', '4,0']);
  });

  it('small road (k = 2) starts at column 2 row 1', () => {
    // (2,1): column 0 has row 1 → red. (2,2): column 0 ends at row 1 → blue. (3,0): 3 ≠ 2 → blue.
    // (3,1): column 1 ends at row 0 → blue. (4,0): 2 ≠ 1 → blue.
    expect(colours(smallRoad(shoe))).toBe('rbbbb');
    expect(cells(smallRoad(shoe))).toEqual(['0,0', '1,0', '1,1', '1,2', '1,3']);
  });

  it('cockroach pig (k = 3) starts at column 3 row 1', () => {
    // (3,1): column 0 has row 1 → red. (4,0): columns 3 and 0 both have 2 → red.
    expect(colours(cockroachPig(shoe))).toBe('rr');
  });

  it('a chop (alternating winners) is all red; a single run gives no marks', () => {
    const chop = coups('BPBPBPBP');
    expect(colours(bigEyeBoy(chop))).toBe('rrrrrr');
    expect(colours(smallRoad(chop))).toBe('rrrrr');
    expect(colours(cockroachPig(chop))).toBe('rrrr');
    expect(bigEyeBoy(coups('BBBBBBB'))).toEqual([]);
    // Two long runs: the second repeats the first's length row by row → red.
    expect(colours(bigEyeBoy(coups('BBB PPP')))).toBe('rr');
    // Ties never count.
    expect(colours(bigEyeBoy(coups('BTPTBTPTBTPTBP')))).toBe('rrrrrr');
  });
});
