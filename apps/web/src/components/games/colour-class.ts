import { readSession, STORAGE_KEYS, writeSession } from '../../lib/storage.ts';

/** SPEC §9: 8 game colour classes. */
export const GAME_COLOUR_COUNT = 8;

function readColours(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(readSession(STORAGE_KEYS.gameColours) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, number>)
      : {};
  } catch {
    return {};
  }
}

/**
 * SPEC §2 "Each game gets a per-session colour class color1 to color8": drawn at random the first time a
 * game is shown and kept in sessionStorage, so a tile keeps its colour across pages and reloads of this tab
 * but a new session reshuffles them. `random` is injectable for tests.
 */
export function gameColourClass(nodeId: string, random: () => number = Math.random): string {
  const colours = readColours();
  const known = colours[nodeId];
  if (Number.isInteger(known) && known !== undefined && known >= 1 && known <= GAME_COLOUR_COUNT) {
    return `color${known}`;
  }
  const drawn = Math.min(GAME_COLOUR_COUNT, Math.floor(random() * GAME_COLOUR_COUNT) + 1);
  colours[nodeId] = drawn;
  writeSession(STORAGE_KEYS.gameColours, JSON.stringify(colours));
  return `color${drawn}`;
}
