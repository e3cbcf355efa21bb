import { readLocal, STORAGE_KEYS, writeLocal } from '../../../lib/storage.ts';

/** How many past searches the search modal keeps. */
export const SEARCH_HISTORY_MAX = 10;

export function readSearchHistory(): string[] {
  try {
    const parsed: unknown = JSON.parse(readLocal(STORAGE_KEYS.gameSearchHistory) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((term): term is string => typeof term === 'string').slice(0, SEARCH_HISTORY_MAX)
      : [];
  } catch {
    return [];
  }
}

function write(terms: readonly string[]): string[] {
  const kept = terms.slice(0, SEARCH_HISTORY_MAX);
  writeLocal(STORAGE_KEYS.gameSearchHistory, JSON.stringify(kept));
  return kept;
}

/** Puts `term` first; an earlier search of the same words (any case) moves up rather than repeating. */
export function addSearchTerm(term: string): string[] {
  const trimmed = term.trim();
  if (!trimmed) return readSearchHistory();
  const rest = readSearchHistory().filter((old) => old.toLowerCase() !== trimmed.toLowerCase());
  return write([trimmed, ...rest]);
}

export function removeSearchTerm(term: string): string[] {
  return write(readSearchHistory().filter((old) => old !== term));
}
