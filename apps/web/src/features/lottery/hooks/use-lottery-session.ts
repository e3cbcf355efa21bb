import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useGamesLanguage, useLoggedIn } from '../../../lib/games/use-game-pages.ts';
import { type LotterySession, openLotterySession } from '../api/open-session.ts';

/**
 * The open sessions of this page load, by game code: in memory only (the brief's first choice), so the
 * start chunk's storage keys stay as they are and a reload simply opens a new session.
 */
const sessions = new Map<string, LotterySession>();

/** Keeps (or with null drops) a game's session; tests seed one with it. */
export function keepLotterySession(gameCode: string, session: LotterySession | null): void {
  if (session) sessions.set(gameCode, session);
  else sessions.delete(gameCode);
}

/** Tests start each case with no session. */
export function forgetLotterySessions(): void {
  sessions.clear();
}

/** The engine's refusals that mean "open a new session" rather than "this bet failed". */
const SESSION_GONE = new Set(['session_expired', 'not_logged_in']);

export const lotterySessionKey = (gameCode: string) => ['lottery', 'session', gameCode] as const;

/**
 * The player's lottery session for one game (docs/lottery.md step 1), opened once a member is on the page and
 * kept in memory per game code. `withSession` runs a player call with the token and, when
 * the engine says the session is gone, opens a new one and runs the call once more.
 */
export function useLotterySession(gameCode: string | null) {
  const loggedIn = useLoggedIn();
  const language = useGamesLanguage();
  const queryClient = useQueryClient();
  const options = useMemo(
    () => ({
      queryKey: lotterySessionKey(gameCode ?? ''),
      queryFn: async () => {
        const code = gameCode ?? '';
        const stored = sessions.get(code);
        if (stored) return stored;
        const session = await openLotterySession(code, language);
        keepLotterySession(code, session);
        return session;
      },
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
    [gameCode, language],
  );
  const query = useQuery({ ...options, enabled: loggedIn && gameCode !== null });

  const withSession = useCallback(
    async <T>(call: (token: string) => Promise<T>): Promise<T> => {
      const session = await queryClient.fetchQuery(options);
      try {
        return await call(session.sessionToken);
      } catch (error) {
        if (!(error instanceof ApiError && SESSION_GONE.has(error.code)) || !gameCode) throw error;
        keepLotterySession(gameCode, null);
        queryClient.removeQueries({ queryKey: options.queryKey });
        const fresh = await queryClient.fetchQuery(options);
        return call(fresh.sessionToken);
      }
    },
    [queryClient, options, gameCode],
  );

  return { session: query.data ?? null, sessionError: query.error, withSession };
}
