import type { ActivityQuery, ActivityReport } from '@lotus/shared/player-protection.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** "My activity" (issue 17): the member's own money per UTC day. Member data: under ['member']. */
export const ACTIVITY_KEYS = {
  all: ['member', 'activity'] as const,
  range: (query: ActivityQuery) => ['member', 'activity', query.from, query.to] as const,
};

/** `GET /wps/member/activity?from&to`; the last range stays on screen while the next loads. */
export function useActivity(query: ActivityQuery) {
  return useQuery({
    queryKey: ACTIVITY_KEYS.range(query),
    queryFn: ({ signal }) =>
      apiGet<ActivityReport>(
        `/wps/member/activity?from=${encodeURIComponent(query.from)}&to=${encodeURIComponent(query.to)}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
