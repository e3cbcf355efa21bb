import { useEffect } from 'react';
import { onApiError } from '../api-client.ts';
import { useSessionStore } from '../session/session-store.ts';
import { useEndSessionLocally } from '../session/use-session.ts';

/**
 * The session time limit the player set ends the session on the server (issue 17); from then on every call
 * of that session answers 401 `play_session_limit_reached`, whichever page made it. The browser follows the
 * first such answer: it signs out and says why, in words the player chose nothing wrong by. Mounted once, by
 * the site layout.
 */
export function useSessionLimitGuard(): void {
  const endLocally = useEndSessionLocally();
  useEffect(
    () =>
      onApiError((error) => {
        if (error.code !== 'play_session_limit_reached') return;
        // Several calls may meet it at once: the first signs out, the rest find no token.
        if (useSessionStore.getState().token === null) return;
        void endLocally({ code: 'play_session_limit_reached' });
      }),
    [endLocally],
  );
}
