import type { Lane } from '@lotus/shared/games.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchLanes } from '../../../lib/games/games-api.ts';
import { useGameLanguageAndSession } from '../../../lib/games/use-game-pages.ts';

export type { Lane };

/**
 * The home lanes (`POST /wps/relay/GCSGAME_newGameVendor`, fetched by the games feature's `fetchLanes`):
 * each a titled row of game cards with where its "more" leads. Keyed by language (titles and names are
 * per language) and by whether a player is logged in (a member's cards carry favourite hearts, a visitor's
 * never do). Under ['games'], so whatever refreshes the games refreshes the lanes too; not the games
 * feature's own `lanes` key, which caches the /new page's tiles in another shape.
 */
export function homeLanesQueryOptions(loggedIn: boolean, language: string) {
  return queryOptions({
    queryKey: ['games', 'home-lanes', loggedIn, language] as const,
    queryFn: ({ signal }): Promise<Lane[]> => fetchLanes(language, signal),
  });
}

export function useHomeLanes() {
  const { language, loggedIn } = useGameLanguageAndSession();
  return useQuery(homeLanesQueryOptions(loggedIn, language));
}
