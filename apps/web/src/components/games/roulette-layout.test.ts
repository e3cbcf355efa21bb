import { validateRouletteBet } from '@lotus/games/roulette';
import { describe, expect, it } from 'vitest';
import {
  addBet,
  colourOf,
  GRID_ROWS,
  insideNumbers,
  outsideNumbers,
  picksNeeded,
  WHEEL_ORDER,
} from './roulette-layout.ts';

describe('roulette layout', () => {
  it('colours the table like a real European table', () => {
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
    for (let n = 1; n <= 36; n += 1) expect(colourOf(n), String(n)).toBe(red.includes(n) ? 'red' : 'black');
    expect(colourOf(0)).toBe('green');
    // Neighbours on the wheel alternate red and black (zero aside).
    for (let i = 1; i < WHEEL_ORDER.length - 1; i += 1) {
      expect(colourOf(WHEEL_ORDER[i] ?? 0)).not.toBe(colourOf(WHEEL_ORDER[i + 1] ?? 0));
    }
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
  });

  it('lays the grid out in three rows of twelve, 3…36 on top and 1…34 at the bottom', () => {
    expect(GRID_ROWS[0]?.slice(0, 3)).toEqual([3, 6, 9]);
    expect(GRID_ROWS[1]?.at(-1)).toBe(35);
    expect(GRID_ROWS[2]?.slice(0, 2)).toEqual([1, 4]);
    expect(GRID_ROWS.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
  });

  it('gives the outside bets their numbers, all accepted by the engine', () => {
    expect(outsideNumbers('dozen', 2)).toEqual(Array.from({ length: 12 }, (_, i) => i + 13));
    expect(outsideNumbers('column', 1).slice(0, 3)).toEqual([1, 4, 7]);
    expect(outsideNumbers('low')).toHaveLength(18);
    expect(outsideNumbers('red')).toContain(36);
    for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) {
      expect(validateRouletteBet({ kind, numbers: outsideNumbers(kind) }), kind).not.toBeNull();
    }
  });

  it('builds inside bets from clicks: street and line from one, split and corner from their numbers', () => {
    expect(insideNumbers('street', [17])).toEqual([16, 17, 18]);
    expect(insideNumbers('line', [4])).toEqual([4, 5, 6, 7, 8, 9]);
    expect(insideNumbers('line', [35])).toEqual([31, 32, 33, 34, 35, 36]);
    expect(insideNumbers('split', [8])).toBeNull();
    expect(insideNumbers('split', [11, 8])).toEqual([8, 11]);
    expect(insideNumbers('corner', [1, 2, 4])).toBeNull();
    expect(insideNumbers('corner', [5, 1, 2, 4])).toEqual([1, 2, 4, 5]);
    expect(insideNumbers('basket', [])).toEqual([0, 1, 2, 3]);
    // A zero trio is a street of three picks.
    expect(picksNeeded('street', [0])).toBe(3);
    expect(insideNumbers('street', [0, 2])).toBeNull();
    expect(insideNumbers('street', [0, 2, 3])).toEqual([0, 2, 3]);
    // What the clicks build, the engine accepts; numbers that do not touch are refused before placing.
    for (const numbers of [
      [16, 17, 18],
      [4, 5, 6, 7, 8, 9],
      [8, 11],
      [1, 2, 4, 5],
      [0, 2, 3],
    ]) {
      expect(
        validateRouletteBet({
          kind:
            numbers.length === 6
              ? 'line'
              : numbers.length === 4
                ? 'corner'
                : numbers.length === 2
                  ? 'split'
                  : 'street',
          numbers,
        }),
      ).not.toBeNull();
    }
    expect(validateRouletteBet({ kind: 'split', numbers: insideNumbers('split', [3, 4]) ?? [] })).toBeNull();
    expect(
      validateRouletteBet({ kind: 'corner', numbers: insideNumbers('corner', [3, 4, 6, 7]) ?? [] }),
    ).toBeNull();
  });

  it('adds a second chip on the same bet to it', () => {
    const one = addBet([], { kind: 'split', numbers: [8, 11], amountMinor: '1000' });
    const two = addBet(one, { kind: 'split', numbers: [11, 8], amountMinor: '5000' });
    expect(two).toEqual([{ kind: 'split', numbers: [8, 11], amountMinor: '6000' }]);
    expect(addBet(two, { kind: 'straight', numbers: [8], amountMinor: '1000' })).toHaveLength(2);
  });
});
