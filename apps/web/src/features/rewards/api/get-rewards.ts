import type { RewardList, RewardStatus } from '@lotus/shared/rewards.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { REWARDS_KEYS } from './rewards-keys.ts';

export type { RewardList, RewardStatus };

/** GET /wps/member/rewards: one tab's page, newest first, with both titles (the page picks by language). */
export function getRewards(status: RewardStatus, page: number, signal?: AbortSignal): Promise<RewardList> {
  const params = new URLSearchParams({ status, page: String(page) });
  return apiGet<RewardList>(`/wps/member/rewards?${params}`, signal ? { signal } : {});
}

/** One tab's page, only with a session; the previous page stays on screen while the next loads. */
export function useRewards(status: RewardStatus, page: number) {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: REWARDS_KEYS.page(status, page),
    queryFn: ({ signal }) => getRewards(status, page, signal),
    enabled: hasSession,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
