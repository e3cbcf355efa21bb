import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useGamesLanguage } from '../../../lib/games/use-game-pages.ts';
import { sportsKeys } from '../api/keys.ts';
import { openSportsSession, type SportsSession } from '../api/open-session.ts';

/**
 * The book's sessions of this page load, by catalogue game (`sports`, `esports`, `cockfight`): in memory
 * only, so nothing new is stored in the browser and a reload simply opens another.
 */
const opened = new Map<string, SportsSession>();

/** Keeps (or with null forgets) a game's session: /fbsports hands in the one its launch URL opened. */
export function keepSportsSession(gameCode: string, session: SportsSession | null): void {
  if (session === null) opened.delete(gameCode);
  else opened.set(gameCode, session);
}

export function forgetSportsSessions(): void {
  opened.clear();
}

/** Refusals that mean "this session is over, open another" rather than "this call failed". */
const GONE = new Set(['session_expired', 'not_logged_in', 'session_invalid']);

/**
 * `withSession(call)` runs a player call of the book with the game's session token, opening the session
 * first when there is none, and once more with a new session when the book says the old one is gone.
 */
export function useSportsSession(gameCode: string) {
  const language = useGamesLanguage();
  const queryClient = useQueryClient();
  const sessionOf = useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: sportsKeys.session(gameCode),
        queryFn: async () => {
          const known = opened.get(gameCode);
          if (known) return known;
          const session = await openSportsSession(gameCode, language);
          opened.set(gameCode, session);
          return session;
        },
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      }),
    [queryClient, gameCode, language],
  );
  const withSession = useCallback(
    async <T>(call: (token: string) => Promise<T>): Promise<T> => {
      const first = await sessionOf();
      try {
        return await call(first.sessionToken);
      } catch (error) {
        if (!(error instanceof ApiError) || !GONE.has(error.code)) throw error;
        opened.delete(gameCode);
        queryClient.removeQueries({ queryKey: sportsKeys.session(gameCode) });
        return call((await sessionOf()).sessionToken);
      }
    },
    [sessionOf, gameCode, queryClient],
  );
  return { withSession };
}
