import { useQuery } from '@tanstack/react-query';
import { fetchJackpots, JACKPOT_KEYS } from '../../../lib/jackpot/jackpot-api.ts';

/** Without a socket (a visitor) the pot is fetched again this often; a player's socket pushes it instead. */
export const JACKPOT_POLL_MS = 30_000;

/**
 * The brand's first active jackpot (the home counter shows one pot). `live`: the realtime socket is open for
 * this page (a signed-in player), so the pushes keep the query current and it is not polled.
 */
export function useJackpotPot(live: boolean) {
  const query = useQuery({
    queryKey: JACKPOT_KEYS.pots,
    queryFn: ({ signal }) => fetchJackpots(signal),
    refetchInterval: live ? false : JACKPOT_POLL_MS,
    staleTime: live ? Number.POSITIVE_INFINITY : JACKPOT_POLL_MS,
  });
  return { ...query, jackpot: query.data?.list[0] ?? null };
}
