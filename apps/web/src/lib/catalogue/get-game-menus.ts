import type { GameMenus } from '@lotus/shared/catalogue.schema';
import { VENDOR_LIST_PLATFORM } from '@lotus/shared/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client.ts';

/**
 * GET /lgw/games/game_menus: the brand's game categories with their vendors (nav bar, footer). Typed, not
 * zod-parsed: the header is on every page's eager path (ARCHITECTURE §1 traps).
 */
export function getGameMenus(language: string, signal?: AbortSignal): Promise<GameMenus> {
  const query = new URLSearchParams({ language, platform: VENDOR_LIST_PLATFORM });
  return apiGet<GameMenus>(`/lgw/games/game_menus?${query}`, signal ? { signal } : {});
}

/** Keyed by language: vendor names are per language, and SPEC §3 flushes the vendor cache on a change. */
export function gameMenusQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['catalogue', 'game-menus', language],
    queryFn: ({ signal }) => getGameMenus(language, signal),
  });
}

/**
 * While another language's menu loads, the nav keeps showing the previous one instead of emptying.
 * `enabled` false (a page without nav or footer, e.g. a game screen in its iframe) asks nothing.
 */
export function useGameMenus(language: string, enabled = true) {
  return useQuery({ ...gameMenusQueryOptions(language), placeholderData: keepPreviousData, enabled });
}
