import type { MemberRank } from '@lotus/shared/ranks.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /wps/member/rank: the member's rank, labels and the brand's ladder, in `language` (EN / HI). */
export function getMemberRank(language: string, signal?: AbortSignal): Promise<MemberRank> {
  return apiGet<MemberRank>(`/wps/member/rank?language=${encodeURIComponent(language)}`, {
    ...(signal ? { signal } : {}),
  });
}

/** Under ['member', ...] so the session's end (which clears member queries) drops it too. */
export const memberRankQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['member', 'rank', language],
    queryFn: ({ signal }) => getMemberRank(language, signal),
    // An operator's change of level shows on the next visit, not mid-read.
    staleTime: 60_000,
  });

export function useMemberRank(language: string, enabled: boolean) {
  return useQuery({ ...memberRankQueryOptions(language), enabled });
}
