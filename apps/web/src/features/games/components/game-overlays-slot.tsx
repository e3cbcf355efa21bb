import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useGameOverlay } from '../../../lib/games/game-overlay-store.ts';
import { GAMES_KEYS } from '../../../lib/games/games-api.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';

// The dialogs (Mantine's modal, the search and the game frame) load when first asked for.
const GameOverlays = lazy(() => import('./game-overlays.tsx').then((m) => ({ default: m.GameOverlays })));

/**
 * Mounted once by the site layout. Also forgets every game list when the session changes (login, logout,
 * another player): tiles carry the viewer's favourites, and favourites and recent games are per player.
 */
export function GameOverlaysSlot() {
  const wanted = useGameOverlay((state) => state.overlay !== null || state.notice !== null);
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);

  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();
  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current === token) return;
    previousToken.current = token;
    void queryClient.resetQueries({ queryKey: GAMES_KEYS.all });
  }, [token, queryClient]);

  return mounted ? (
    <Suspense fallback={null}>
      <GameOverlays />
    </Suspense>
  ) : null;
}
