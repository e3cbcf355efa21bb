import { SPORTSBOOK_API, type SportGroup, type SportsEventSummary } from '@lotus/shared/sportsbook.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { sportsKeys } from './keys.ts';

export type ResultsPage = { list: SportsEventSummary[] };

/**
 * `GET /sportsbook/api/results`: a group's latest finished events (resulted or cancelled), newest first, each
 * with its main market's outcomes (public). A push that finishes an event refetches it (use-sports-live).
 */
export function resultsQuery(filter: { group: SportGroup; sport?: string; limit: number }) {
  const params = new URLSearchParams({ group: filter.group, limit: String(filter.limit) });
  if (filter.sport) params.set('sport', filter.sport);
  return queryOptions({
    queryKey: sportsKeys.results(filter.group, filter.sport ?? '', filter.limit),
    queryFn: ({ signal }) => apiGet<ResultsPage>(`${SPORTSBOOK_API}/results?${params}`, { signal }),
    staleTime: 10_000,
    // Pushes refetch it when a followed event finishes; this bounds how old it gets without a socket.
    refetchInterval: 60_000,
  });
}
