import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { GAMES_KEYS, launchGame } from '../../../lib/games/games-api.ts';
import { useGamesLanguage } from '../../../lib/games/use-game-pages.ts';
import { WALLET_KEYS } from '../../../lib/wallet/use-wallet-queries.ts';

/**
 * `GET /wps/game/launchGame` for one game: each launch makes a new vendor session (and a recent-games
 * entry), so it runs once per opening — never refetched on focus (the iframe takes focus) and forgotten
 * when the game closes.
 */
export function useLaunchUrl(nodeId: string, trial: boolean, enabled = true) {
  const language = useGamesLanguage();
  return useQuery({
    queryKey: GAMES_KEYS.launch(nodeId, trial, language),
    queryFn: ({ signal }) => launchGame({ nodeId, trial, language }, signal),
    enabled,
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * When the game closes, the balance it changed is fetched again so the header shows it (the header's
 * socket pushes changes too; this covers a push missed while the game ran) and recent games refresh.
 */
export function useRefreshAfterGame(active: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    return () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_KEYS.balance });
      void queryClient.invalidateQueries({ queryKey: GAMES_KEYS.recent });
    };
  }, [active, queryClient]);
}
