import type { LiveSession } from '@lotus/shared/live.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { liveKeys } from '../api/keys.ts';
import { openLiveSession, openLiveSessionWithToken } from '../api/open-session.ts';

/** The refusals that mean "open a new session" rather than "this call failed". */
const SESSION_GONE = new Set(['session_expired', 'not_logged_in']);

/**
 * The player's live session for one table (docs/live-tables.md "Server"): from the launch token the table
 * page was opened with (the catalogue's launch, in the game frame), else opened through the platform's
 * launch of the table's catalogue game once a member is on the page. Kept in the query cache for the page's
 * life; `withSession` runs a player call and, when the session is gone, opens a new one once and retries.
 */
export function useLiveSession(gameCode: string | null, launchToken: string | null) {
  // The session store and the brand language directly (not lib/games/use-game-pages.ts): that module
  // shares a chunk with the home page's launcher, which a third importer would split (bench/web budget).
  const loggedIn = useSessionStore((state) => state.token !== null);
  const language = toBrandLanguage(useTranslation().i18n.language);
  const queryClient = useQueryClient();
  const options = useMemo(
    () => ({
      queryKey: [...liveKeys.session(gameCode ?? ''), launchToken ?? ''] as const,
      queryFn: (): Promise<LiveSession> =>
        launchToken ? openLiveSessionWithToken(launchToken) : openLiveSession(gameCode ?? '', language),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
    [gameCode, launchToken, language],
  );
  const query = useQuery({ ...options, enabled: gameCode !== null && (loggedIn || launchToken !== null) });

  const withSession = useCallback(
    async <T>(call: (token: string) => Promise<T>): Promise<T> => {
      const session = await queryClient.fetchQuery(options);
      try {
        return await call(session.sessionToken);
      } catch (error) {
        // A launch token opens one session only: without one, a new launch is the way back.
        if (!(error instanceof ApiError && SESSION_GONE.has(error.code)) || launchToken) throw error;
        queryClient.removeQueries({ queryKey: options.queryKey });
        const fresh = await queryClient.fetchQuery(options);
        return call(fresh.sessionToken);
      }
    },
    [queryClient, options, launchToken],
  );

  return { session: query.data ?? null, sessionError: query.error, withSession, loggedIn };
}
