import type { SlotSpin, SlotTitle } from '@lotus/games/types';

/** How many strip symbols scroll past between the old and the new window of the first reel. */
export const SPIN_FILLER = 12;
/** Each later reel scrolls this many more, so the reels stop one after another. */
export const FILLER_PER_REEL = 4;

/** The window shown before any spin: the top of every strip. */
export function initialWindow(title: SlotTitle): string[][] {
  return title.reels.map((strip) =>
    Array.from({ length: title.rows }, (_, row) => strip[row % strip.length] ?? ''),
  );
}

/**
 * The column a reel scrolls through during a spin, top to bottom: the new window (strip symbols from the
 * stop, as the engine reads them), then the strip symbols that follow it on the real strip, then the old
 * window. The reel starts showing the bottom (old window) and slides down until the new window is in view,
 * so the symbols pass in the strip's real order.
 */
export function spinColumn(
  title: SlotTitle,
  reel: number,
  stop: number,
  newWindow: readonly string[],
  oldWindow: readonly string[],
): string[] {
  const strip = title.reels[reel] ?? [];
  const count = SPIN_FILLER + reel * FILLER_PER_REEL;
  const filler: string[] = [];
  for (let i = 0; i < count && strip.length > 0; i += 1) {
    filler.push(strip[(stop + newWindow.length + i) % strip.length] ?? '');
  }
  return [...newWindow, ...filler, ...oldWindow];
}

/**
 * "reel:row" of every cell in a ways win (issue 22): the win's symbol or a wild on each of its first
 * `count` reels — the cells a cascade removes.
 */
export function waysCells(
  window: readonly (readonly string[])[],
  wins: SlotSpin['waysWins'],
  wild: string | null,
) {
  const cells = new Set<string>();
  for (const win of wins ?? []) {
    for (let reel = 0; reel < win.count; reel += 1) {
      (window[reel] ?? []).forEach((symbol, row) => {
        if (symbol === win.symbol || symbol === wild) cells.add(`${reel}:${row}`);
      });
    }
  }
  return cells;
}

/** "reel:row" of every cell on a winning line or in a ways win, for highlighting. */
export function winningCells(title: SlotTitle, spin: SlotSpin): Set<string> {
  const wild = title.symbols.find((s) => s.kind === 'wild')?.id ?? null;
  const cells = waysCells(spin.window, spin.waysWins, wild);
  for (const win of spin.lineWins) {
    const line = title.paylines[win.line];
    if (!line) continue;
    for (let reel = 0; reel < win.count; reel += 1) cells.add(`${reel}:${line[reel]}`);
  }
  const scatterIds = new Set(title.symbols.filter((s) => s.kind === 'scatter').map((s) => s.id));
  if (BigInt(spin.scatterPayMinor) > 0n || spin.freeSpinsAwarded > 0) {
    spin.window.forEach((column, reel) => {
      column.forEach((symbol, row) => {
        if (scatterIds.has(symbol)) cells.add(`${reel}:${row}`);
      });
    });
  }
  return cells;
}
