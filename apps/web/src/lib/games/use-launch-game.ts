import type { GameCard } from '@lotus/shared/games.schema';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { openAuthModal } from '../session/auth-modal-store.ts';
import { useSessionStore } from '../session/session-store.ts';
import { resolveGameLaunch } from '../vendor-launch.ts';
import { useGameOverlay } from './game-overlay-store.ts';

/** Mantine's `sm` breakpoint: below it the game gets the whole page rather than a pop-up. */
export const PHONE_QUERY = '(max-width: 48em)';

/** Carries out lib/vendor-launch.ts's decision for a game tile's play or free-trial button. */
export function useLaunchGame(): (card: GameCard, options?: { trial?: boolean }) => void {
  const loggedIn = useSessionStore((state) => state.token !== null);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const navigate = useNavigate();
  return useCallback(
    (card, { trial = false } = {}) => {
      const overlay = useGameOverlay.getState();
      const action = resolveGameLaunch(card, { loggedIn, trial, phone });
      switch (action.kind) {
        case 'login':
          overlay.close();
          openAuthModal({ kind: 'login' });
          return;
        case 'maintenance':
          overlay.open({ kind: 'maintenance', card });
          return;
        case 'popup':
          overlay.open({ kind: 'play', card, trial: action.trial });
          return;
        case 'page': {
          overlay.close();
          // The name rides along for the frame's title; the launch answer does not carry it.
          const to = `${action.to}&${new URLSearchParams({ name: card.gameName })}`;
          Promise.resolve(navigate(to)).catch(() => undefined);
          return;
        }
        default:
          overlay.close();
          // SPEC §4: navigation errors (an aborted navigation) are ignored.
          Promise.resolve(navigate(action.to)).catch(() => undefined);
      }
    },
    [loggedIn, phone, navigate],
  );
}
