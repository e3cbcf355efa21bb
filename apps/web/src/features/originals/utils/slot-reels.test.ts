import { slotTitle } from '@lotus/games/slots/titles';
import type { SlotSpin } from '@lotus/games/types';
import { describe, expect, it } from 'vitest';
import { FILLER_PER_REEL, initialWindow, SPIN_FILLER, spinColumn, winningCells } from './slot-reels.ts';

const title = slotTitle('lotus-fortune');
if (!title) throw new Error('lotus-fortune missing');

describe('slot reels', () => {
  it('starts every reel at the top of its real strip', () => {
    const window = initialWindow(title);
    expect(window).toHaveLength(title.reels.length);
    window.forEach((column, reel) => {
      expect(column).toEqual(title.reels[reel]?.slice(0, title.rows));
    });
  });

  it('scrolls from the old window through the strip that follows the stop to the new window', () => {
    const strip = title.reels[2] ?? [];
    const stop = strip.length - 2; // wraps round the end of the strip
    const newWindow = [0, 1, 2].map((row) => strip[(stop + row) % strip.length] ?? '');
    const oldWindow = ['A', 'K', 'Q'];
    const column = spinColumn(title, 2, stop, newWindow, oldWindow);
    const filler = SPIN_FILLER + 2 * FILLER_PER_REEL;
    expect(column).toHaveLength(title.rows + filler + title.rows);
    expect(column.slice(0, 3)).toEqual(newWindow);
    expect(column.slice(-3)).toEqual(oldWindow);
    // Window and filler together are consecutive strip symbols from the stop, wrapping: the real order.
    expect(column.slice(0, 3 + filler)).toEqual(
      Array.from({ length: 3 + filler }, (_, i) => strip[(stop + i) % strip.length]),
    );
    // Later reels scroll further, so they stop later.
    expect(spinColumn(title, 4, 0, newWindow, oldWindow).length).toBeGreaterThan(column.length);
  });

  it('lights the cells of each winning line up to its count, and scatters when they paid', () => {
    const spin: SlotSpin = {
      stops: [0, 0, 0, 0, 0],
      window: [
        ['scatter', 'A', 'K'],
        ['Q', 'A', 'J'],
        ['scatter', 'A', 'K'],
        ['Q', 'J', 'scatter'],
        ['K', 'Q', 'J'],
      ],
      lineWins: [{ line: 0, symbol: 'A', count: 3, payMinor: '25' }],
      scatterCount: 3,
      scatterPayMinor: '200',
      payMinor: '225',
      freeSpinsAwarded: 10,
    };
    const cells = winningCells(title, spin);
    // Line 0 is the middle row on lotus-fortune.
    expect(title.paylines[0]).toEqual([1, 1, 1, 1, 1]);
    expect([...cells].sort()).toEqual(['0:0', '0:1', '1:1', '2:0', '2:1', '3:2'].sort());
    expect(
      winningCells(title, { ...spin, lineWins: [], scatterPayMinor: '0', freeSpinsAwarded: 0 }).size,
    ).toBe(0);
  });
});
