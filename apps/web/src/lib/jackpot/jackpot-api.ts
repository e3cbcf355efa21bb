import type { JackpotView } from '@lotus/shared/jackpot.schema';
import type { RealtimeJackpotPot } from '@lotus/shared/realtime';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '../api-client.ts';

/**
 * The brand's progressive jackpots (issue 19, docs/jackpot.md): fetched once by the home counter, then kept
 * current by the realtime socket's `jackpot` pushes (features/wallet use-balance-push writes them here). In
 * lib/ because two features share it: the counter reads, the socket writes.
 */
export type JackpotPots = { list: JackpotView[] };

export const JACKPOT_KEYS = { pots: ['jackpot', 'pots'] as const };

/** GET /wps/jackpots (public). Typed, not zod-parsed: the counter is on the first screen. */
export function fetchJackpots(signal?: AbortSignal): Promise<JackpotPots> {
  return apiGet<JackpotPots>('/wps/jackpots', signal ? { signal } : {});
}

/** A socket push: the pots it names take their new amounts; a pot the page has not loaded is ignored. */
export function applyJackpotPush(queryClient: QueryClient, pots: readonly RealtimeJackpotPot[]): void {
  queryClient.setQueryData<JackpotPots>(JACKPOT_KEYS.pots, (current) =>
    current
      ? {
          list: current.list.map((jackpot) => {
            const pushed = pots.find((pot) => pot.code === jackpot.code);
            return pushed ? { ...jackpot, potMinor: pushed.potMinor } : jackpot;
          }),
        }
      : current,
  );
}
