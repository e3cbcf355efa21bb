import type { RaffleDraws, RaffleDrawView } from '@lotus/shared/raffles.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { RAFFLES_KEYS } from './raffles-keys.ts';

export type { RaffleDraws, RaffleDrawView };

/** GET /wps/member/raffles/draws: my opened tickets, newest first, each with its proof. */
export function getRaffleDraws(page: number, signal?: AbortSignal): Promise<RaffleDraws> {
  return apiGet<RaffleDraws>(`/wps/member/raffles/draws?page=${page}`, signal ? { signal } : {});
}

export function useRaffleDraws(page: number) {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: RAFFLES_KEYS.draws(page),
    queryFn: ({ signal }) => getRaffleDraws(page, signal),
    enabled: hasSession,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
