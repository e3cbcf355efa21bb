import type { OriginalsSession, PlayRound, PlayRoundRequest } from '@lotus/shared/originals.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client.ts';
import { PLAY_PAUSED_MESSAGE } from '../../../lib/protection/protection-api.ts';
import { originalsApi } from '../api/originals-api.ts';
import type { StudioSession } from './use-studio-session.ts';

export const ROUNDS_KEY = (sessionToken: string) => ['originals', 'rounds', sessionToken] as const;

function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * A bet refused because the reality check is due (issue 17): the site page around this frame shows the
 * check; telling it now opens it at once instead of at its next look. Same origin only.
 */
function tellThePageAround(): void {
  if (window.parent === window) return;
  window.parent.postMessage({ type: PLAY_PAUSED_MESSAGE }, window.location.origin);
}

export type PlayRoundState = ReturnType<typeof usePlayRound>;

/**
 * Plays rounds of the session's game. A round's request id is kept when the network failed (the server
 * may have played it), so the retry replays the same round instead of betting twice; any answer from the
 * server ends that round's id.
 */
export function usePlayRound(session: OriginalsSession, studio: StudioSession) {
  const queryClient = useQueryClient();
  const pendingId = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A problem found on this side (an invalid bet, too little balance, the fairness panel's): the server's
  // answer, when there is one, is shown before it.
  const [localError, setLocalError] = useState<string | null>(null);

  const play = useCallback(
    async (bet: PlayRoundRequest['bet'], freeRoundGrantId?: string): Promise<PlayRound | null> => {
      const requestId = pendingId.current ?? newRequestId();
      pendingId.current = requestId;
      setBusy(true);
      setError(null);
      try {
        const result = await originalsApi.play(session.sessionToken, {
          requestId,
          bet,
          ...(freeRoundGrantId ? { freeRoundGrantId } : {}),
        });
        pendingId.current = null;
        studio.update({ balanceMinor: result.balanceMinor, seed: result.seed });
        void queryClient.invalidateQueries({ queryKey: ROUNDS_KEY(session.sessionToken) });
        return result;
      } catch (caught) {
        const code = caught instanceof ApiError ? caught.code : 'unknown_error';
        if (code !== NETWORK_ERROR) pendingId.current = null;
        if (code === 'session_expired') studio.expire();
        if (code === 'reality_check_due') tellThePageAround();
        setError(code);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [session.sessionToken, studio, queryClient],
  );

  /** A new bet (changed stake, new chips) is a new round: forget a request id kept for a retry. */
  const clearError = useCallback(() => setError(null), []);
  /** Closes the error shown, whichever side found it. */
  const dismissError = useCallback(() => {
    setError(null);
    setLocalError(null);
  }, []);

  return { play, busy, error: error ?? localError, clearError, setLocalError, dismissError };
}
