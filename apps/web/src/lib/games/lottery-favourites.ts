import { readLocal, STORAGE_KEYS, writeLocal } from '../storage.ts';

/**
 * SPEC §3 "lottery favourites kept locally per username": lottery games are not in the games catalogue,
 * so their favourites never reach the server; each username on this browser keeps its own list of game
 * codes, newest first.
 */
type Store = Record<string, string[]>;

function readStore(): Store {
  try {
    const parsed: unknown = JSON.parse(readLocal(STORAGE_KEYS.lotteryFavourites) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Store) : {};
  } catch {
    return {};
  }
}

export function readLotteryFavourites(username: string): string[] {
  const list = readStore()[username];
  return Array.isArray(list) ? list.filter((code) => typeof code === 'string') : [];
}

export function isLotteryFavourite(username: string, gameCode: string): boolean {
  return readLotteryFavourites(username).includes(gameCode);
}

/** Adds or removes `gameCode` for `username`; returns whether it is a favourite now. */
export function toggleLotteryFavourite(username: string, gameCode: string): boolean {
  const store = readStore();
  const current = readLotteryFavourites(username);
  const present = current.includes(gameCode);
  store[username] = present ? current.filter((code) => code !== gameCode) : [gameCode, ...current];
  writeLocal(STORAGE_KEYS.lotteryFavourites, JSON.stringify(store));
  return !present;
}
