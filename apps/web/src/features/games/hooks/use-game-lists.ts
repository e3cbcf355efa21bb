import { FAVOURITE_PAGE_SIZE, GAME_LIST_PAGE_SIZE, RECENT_PAGE_SIZE } from '@lotus/shared/constants';
import type { Lane } from '@lotus/shared/games.schema';
import { useQuery } from '@tanstack/react-query';
import {
  fetchFavourites,
  fetchGameList,
  fetchHotGames,
  fetchLanes,
  fetchPopularGames,
  fetchRecentGames,
  GAMES_KEYS,
  type GameListFilter,
} from '../../../lib/games/games-api.ts';
import {
  type GamePages,
  singlePage,
  useGameLanguageAndSession,
  useGamePages,
} from '../../../lib/games/use-game-pages.ts';

/** `GCSGAME_gameList` with `filter`, paged (SPEC §9: 20 a page, 24 in search). */
export function useGameListPages(
  filter: GameListFilter,
  { pageSize = GAME_LIST_PAGE_SIZE, enabled = true }: { pageSize?: number; enabled?: boolean } = {},
): GamePages {
  const { language, loggedIn } = useGameLanguageAndSession();
  return useGamePages({
    queryKey: GAMES_KEYS.list(loggedIn, language, filter, pageSize),
    fetchPage: async (pageNo, signal) => {
      const page = await fetchGameList({ ...filter, pageNo, pageSize, language }, signal);
      return { cards: page.list, pageNum: page.pageNum, totalPages: page.totalPages, total: page.total };
    },
    enabled,
  });
}

/** `GCSGAME_hotGamesV2`: every hot game, one page. */
export function useHotGames(): GamePages {
  const { language, loggedIn } = useGameLanguageAndSession();
  return useGamePages({
    queryKey: GAMES_KEYS.hot(loggedIn, language),
    fetchPage: async (_pageNo, signal) => singlePage((await fetchHotGames({ language }, signal)).list),
  });
}

/** The lane whose "more" leads to /new (SPEC §3 "Lane"): the list has no isNew filter of its own. */
export function newGamesLane(lanes: readonly Lane[]): Lane | undefined {
  return lanes.find((lane) => lane.page === '/new');
}

/** /new: the cards of the 'new' lane of `GCSGAME_newGameVendor`. */
export function useNewGames(): GamePages {
  const { language, loggedIn } = useGameLanguageAndSession();
  return useGamePages({
    queryKey: GAMES_KEYS.lanes(loggedIn, language),
    fetchPage: async (_pageNo, signal) =>
      singlePage(newGamesLane(await fetchLanes(language, signal))?.cards ?? []),
  });
}

/** `GET /lgw/games/popular`: what a game under maintenance suggests instead (SPEC §8). */
export function usePopularGames(gameType: string | undefined, enabled: boolean) {
  const { language } = useGameLanguageAndSession();
  return useQuery({
    queryKey: GAMES_KEYS.popular(language, gameType),
    queryFn: ({ signal }) =>
      fetchPopularGames({ count: 8, language, ...(gameType ? { gameType } : {}) }, signal),
    enabled,
  });
}

/** `MCSFE_getFavoriteGamesList`, newest first, 20 a page (login required). */
export function useFavouritePages(enabled: boolean): GamePages {
  const { language } = useGameLanguageAndSession();
  return useGamePages({
    queryKey: GAMES_KEYS.favouritesOf(language),
    fetchPage: async (pageNo, signal) => {
      const page = await fetchFavourites({ pageNo, pageSize: FAVOURITE_PAGE_SIZE, language }, signal);
      return { cards: page.content, pageNum: page.pageNum, totalPages: page.totalPages, total: page.total };
    },
    enabled,
  });
}

/** `GCS_recentGame`, last launched first (login required); 20 a page, 10 in the search view. */
export function useRecentPages(enabled: boolean, pageSize: number = RECENT_PAGE_SIZE): GamePages {
  const { language } = useGameLanguageAndSession();
  return useGamePages({
    queryKey: GAMES_KEYS.recentOf(language, pageSize),
    fetchPage: async (page, signal) => {
      const result = await fetchRecentGames({ page, pageSize, language }, signal);
      return {
        cards: result.list,
        pageNum: result.pageNum,
        totalPages: result.totalPages,
        total: result.total,
      };
    },
    enabled,
  });
}
