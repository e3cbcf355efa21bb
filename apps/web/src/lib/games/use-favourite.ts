import type { GameCard } from '@lotus/shared/games.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../api-client.ts';
import { openAuthModal } from '../session/auth-modal-store.ts';
import { useSessionStore } from '../session/session-store.ts';
import { favouriteThrottle, useFavouriteOverrides } from './favourite-store.ts';
import { useGameOverlay } from './game-overlay-store.ts';
import { GAMES_KEYS, toggleFavourite } from './games-api.ts';

/**
 * A game's favourite heart (SPEC §4 "Favourites"): a visitor gets the login pop-up; a player's toggle
 * shows at once, is sent with nodeId, vendor and gameType, and is undone if the server refuses it. Clicks
 * faster than one a second are ignored.
 */
export function useFavourite(card: GameCard): { favourite: boolean; toggle: () => void } {
  const token = useSessionStore((state) => state.token);
  const override = useFavouriteOverrides((state) =>
    state.token === token ? state.overrides[card.nodeId] : undefined,
  );
  const favourite = token === null ? false : (override ?? card.favourite);
  const queryClient = useQueryClient();

  const toggle = useCallback(() => {
    if (token === null) {
      openAuthModal({ kind: 'login' });
      return;
    }
    if (!favouriteThrottle.gate.tryPass()) return;
    const store = useFavouriteOverrides.getState();
    store.set(token, card.nodeId, !favourite);
    toggleFavourite({ nodeId: card.nodeId, vendor: card.vassalage, gameType: card.gameType }).then(
      (result) => {
        useFavouriteOverrides.getState().set(token, card.nodeId, result.favourite);
        void queryClient.invalidateQueries({ queryKey: GAMES_KEYS.favourites });
      },
      (error: unknown) => {
        useFavouriteOverrides.getState().set(token, card.nodeId, favourite);
        useGameOverlay
          .getState()
          .showNotice(error instanceof ApiError ? `errors:${error.code}` : 'errors:unknown_error');
      },
    );
  }, [token, card.nodeId, card.vassalage, card.gameType, favourite, queryClient]);

  return { favourite, toggle };
}
