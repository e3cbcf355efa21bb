import type { PlaySession } from '@lotus/shared/player-protection.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PLAY_PAUSED_MESSAGE, PROTECTION_KEYS } from '../../../lib/protection/protection-api.ts';
import { useBalance } from '../../../lib/wallet/use-wallet-queries.ts';
import { fetchPlaySession } from '../api/play-session-api.ts';

const SECOND = 1000;
/** Looked at again at least this often, so a check the server moved (another tab acknowledged it) shows. */
const LONGEST_WAIT_MS = 5 * 60 * SECOND;

/**
 * When to read the session again: just after its next reality check or its end, whichever comes first, by
 * the server's clock (`now`), so the modal opens on time whatever the device's clock says. Once the check is
 * due the modal is open and waits for the player.
 */
export function nextReadInMs(session: PlaySession): number | false {
  if (session.realityCheckDue) return false;
  const now = Date.parse(session.now);
  const waits = [session.realityCheckAt, session.sessionEndsAt]
    .filter((moment): moment is string => moment !== null)
    .map((moment) => Date.parse(moment) - now + SECOND)
    .filter(Number.isFinite);
  const soonest = waits.length > 0 ? Math.min(...waits) : LONGEST_WAIT_MS;
  return Math.min(LONGEST_WAIT_MS, Math.max(SECOND, soonest));
}

/**
 * The login session's play (issue 17), while a real game is open: read on a timer aligned to the next
 * reality check, again whenever the balance changes (the realtime push writes the balance query) and when
 * the studio's frame says a bet was paused for the check.
 */
export function usePlaySession(enabled: boolean) {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: PROTECTION_KEYS.session,
    queryFn: ({ signal }) => fetchPlaySession(signal),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data ? nextReadInMs(query.state.data) : false),
    refetchIntervalInBackground: true,
  });

  const balance = useBalance({ enabled });
  const balanceSeen = useRef(balance.dataUpdatedAt);
  useEffect(() => {
    if (!enabled || balanceSeen.current === balance.dataUpdatedAt) return;
    balanceSeen.current = balance.dataUpdatedAt;
    void queryClient.invalidateQueries({ queryKey: PROTECTION_KEYS.session });
  }, [enabled, balance.dataUpdatedAt, queryClient]);

  useEffect(() => {
    if (!enabled) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if ((event.data as { type?: unknown } | null)?.type !== PLAY_PAUSED_MESSAGE) return;
      void queryClient.invalidateQueries({ queryKey: PROTECTION_KEYS.session });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [enabled, queryClient]);

  return session;
}

/**
 * Seconds played, ticking each second from the server's figure: the time since it was read is measured on
 * the device's monotonic clock, so a wrong device clock cannot skew it.
 */
export function useElapsedSeconds(session: PlaySession | undefined): number | null {
  const [base, setBase] = useState<{ seconds: number; at: number } | null>(null);
  const [, tick] = useState(0);
  const elapsed = session?.elapsedSeconds;
  const now = session?.now;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` changes on every read even when the figure does not, and the clock restarts from each fresh read.
  useEffect(() => {
    if (elapsed === undefined) return;
    setBase({ seconds: elapsed, at: performance.now() });
  }, [elapsed, now]);
  useEffect(() => {
    const timer = window.setInterval(() => tick((count) => count + 1), SECOND);
    return () => window.clearInterval(timer);
  }, []);
  if (!base) return null;
  return base.seconds + Math.floor((performance.now() - base.at) / SECOND);
}
