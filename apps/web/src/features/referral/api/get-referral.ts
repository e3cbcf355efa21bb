import type { ReferralSummary } from '@lotus/shared/missions.schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';

export type { ReferralSummary };

/** Under ['member'], so logging out forgets it. */
export const REFERRAL_KEY = ['member', 'referral'] as const;

/** GET /wps/member/referral: code, link, the brand's rule, the friends and the earnings. */
export function getReferral(signal?: AbortSignal): Promise<ReferralSummary> {
  return apiGet<ReferralSummary>('/wps/member/referral', signal ? { signal } : {});
}

export function useReferral() {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: REFERRAL_KEY,
    queryFn: ({ signal }) => getReferral(signal),
    enabled: hasSession,
    staleTime: 0,
    // 403 activity_coming (referral off) will not change on a retry.
    retry: false,
  });
}
