import type { MyRaffle, MyRaffles } from '@lotus/shared/raffles.schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { RAFFLES_KEYS } from './raffles-keys.ts';

export type { MyRaffle, MyRaffles };

/** GET /wps/member/raffles: running campaigns and those ended in the last 30 days, with my tickets. */
export function getRaffles(signal?: AbortSignal): Promise<MyRaffles> {
  return apiGet<MyRaffles>('/wps/member/raffles', signal ? { signal } : {});
}

export function useMyRaffles() {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: RAFFLES_KEYS.mine,
    queryFn: ({ signal }) => getRaffles(signal),
    enabled: hasSession,
    staleTime: 0,
  });
}
