import type { RebateList } from '@lotus/shared/loyalty.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /wps/member/rebates?page`: the member's daily rebates, newest first. Under ['member', ...]. */
export function useRebates(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['member', 'rebates', page],
    queryFn: ({ signal }) => apiGet<RebateList>(`/wps/member/rebates?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
