import { CLIENT_TYPE, GAME_LIST_PLATFORM, VENDOR_LIST_PLATFORM } from '@lotus/shared/constants';
import type {
  FavouriteList,
  FavouriteToggle,
  GameCardList,
  GameList,
  Lane,
  LaunchGame,
  RecentGames,
} from '@lotus/shared/games.schema';
import { apiGet, apiSend } from '../api-client.ts';

/**
 * The catalogue calls of docs/games-contract.md "Catalogue API". Typed, not zod-parsed, like every browser
 * call (ARCHITECTURE §1 traps: zod would weigh on the lobby pages).
 */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The filters a game list page sends (SPEC §3 "Game list request"); the rest is filled in here. */
export type GameListFilter = {
  gameType?: string;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
};

export function fetchGameList(
  filter: GameListFilter & { pageNo: number; pageSize: number; language: string },
  signal?: AbortSignal,
): Promise<GameList> {
  return apiSend<GameList>(
    'POST',
    '/wps/relay/GCSGAME_gameList',
    { clientType: CLIENT_TYPE, platform: GAME_LIST_PLATFORM, ...filter },
    withSignal(signal),
  );
}

export function fetchHotGames(
  filter: { gameType?: string; vassalage?: string; language: string },
  signal?: AbortSignal,
): Promise<GameCardList> {
  return apiSend<GameCardList>(
    'POST',
    '/wps/relay/GCSGAME_hotGamesV2',
    // SPEC §7 "Hot games: merchantCode, isPlatform 2, vassalage, platform, language".
    { isPlatform: 2, platform: GAME_LIST_PLATFORM, ...filter },
    withSignal(signal),
  );
}

export async function fetchLanes(language: string, signal?: AbortSignal): Promise<Lane[]> {
  const value = await apiSend<{ data: { lanes: Lane[] } }>(
    'POST',
    '/wps/relay/GCSGAME_newGameVendor',
    { platform: VENDOR_LIST_PLATFORM, language },
    withSignal(signal),
  );
  return value.data.lanes;
}

export function fetchPopularGames(
  query: { count: number; gameType?: string; language: string },
  signal?: AbortSignal,
): Promise<GameCardList> {
  const params = new URLSearchParams({ count: String(query.count), language: query.language });
  if (query.gameType) params.set('gameType', query.gameType);
  return apiGet<GameCardList>(`/lgw/games/popular?${params}`, withSignal(signal));
}

export function toggleFavourite(body: {
  nodeId: string;
  vendor: string;
  gameType: string;
}): Promise<FavouriteToggle> {
  return apiSend<FavouriteToggle>('POST', '/wps/relay/MCSFE_getFavoriteGames', body);
}

export function fetchFavourites(
  query: { pageNo: number; pageSize: number; language: string },
  signal?: AbortSignal,
): Promise<FavouriteList> {
  return apiSend<FavouriteList>('POST', '/wps/relay/MCSFE_getFavoriteGamesList', query, withSignal(signal));
}

export function fetchRecentGames(
  query: { page: number; pageSize: number; language: string },
  signal?: AbortSignal,
): Promise<RecentGames> {
  return apiSend<RecentGames>(
    'POST',
    '/wps/relay/GCS_recentGame',
    { clientType: CLIENT_TYPE, ...query },
    withSignal(signal),
  );
}

export function launchGame(
  query: { nodeId: string; trial: boolean; language: string },
  signal?: AbortSignal,
): Promise<LaunchGame> {
  const params = new URLSearchParams({
    nodeId: query.nodeId,
    trial: query.trial ? '1' : '0',
    platform: VENDOR_LIST_PLATFORM,
    language: query.language,
  });
  return apiGet<LaunchGame>(`/wps/game/launchGame?${params}`, withSignal(signal));
}

/**
 * Query keys. Everything hangs under ['games']; lists carry whether a session exists, since a member's
 * tiles say which games are favourites and a visitor's never do.
 */
export const GAMES_KEYS = {
  all: ['games'] as const,
  list: (member: boolean, language: string, filter: GameListFilter, pageSize: number) =>
    ['games', 'list', member, language, filter, pageSize] as const,
  hot: (member: boolean, language: string) => ['games', 'hot', member, language] as const,
  lanes: (member: boolean, language: string) => ['games', 'lanes', member, language] as const,
  popular: (language: string, gameType: string | undefined) =>
    ['games', 'popular', language, gameType ?? null] as const,
  favourites: ['games', 'favourites'] as const,
  favouritesOf: (language: string) => ['games', 'favourites', language] as const,
  recent: ['games', 'recent'] as const,
  recentOf: (language: string, pageSize: number) => ['games', 'recent', language, pageSize] as const,
  launch: (nodeId: string, trial: boolean, language: string) =>
    ['games', 'launch', nodeId, trial, language] as const,
};
