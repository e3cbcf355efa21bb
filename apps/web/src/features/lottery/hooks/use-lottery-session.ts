import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useGamesLanguage, useLoggedIn } from '../../../lib/games/use-game-pages.ts';
import { readSession, STORAGE_KEYS, writeSession } from '../../../lib/storage.ts';
import { type LotterySession, openLotterySession } from '../api/open-session.ts';

type Stored = Record<string, LotterySession>;

function readStored(): Stored {
  try {
    const parsed: unknown = JSON.parse(readSession(STORAGE_KEYS.lotterySessions) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

function store(gameCode: string, session: LotterySession | null): void {
  const all = readStored();
  if (session) all[gameCode] = session;
  else delete all[gameCode];
  writeSession(STORAGE_KEYS.lotterySessions, JSON.stringify(all));
}

/** The engine's refusals that mean "open a new session" rather than "this bet failed". */
const SESSION_GONE = new Set(['session_expired', 'not_logged_in']);

export const lotterySessionKey = (gameCode: string) => ['lottery', 'session', gameCode] as const;

/**
 * The player's lottery session for one game (docs/lottery.md step 1), opened once a member is on the page and
 * kept for the tab (sessionStorage per game code). `withSession` runs a player call with the token and, when
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
        const stored = readStored()[code];
        if (stored) return stored;
        const session = await openLotterySession(code, language);
        store(code, session);
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
        store(gameCode, null);
        queryClient.removeQueries({ queryKey: options.queryKey });
        const fresh = await queryClient.fetchQuery(options);
        return call(fresh.sessionToken);
      }
    },
    [queryClient, options, gameCode],
  );

  return { session: query.data ?? null, sessionError: query.error, withSession };
}
