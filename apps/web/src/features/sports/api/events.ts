import {
  SPORTSBOOK_API,
  type SportCode,
  type SportsEventDetail,
  type SportsEventSummary,
} from '@lotus/shared/sportsbook.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { type EventsFilter, sportsKeys } from './keys.ts';

export type NamesEnHi = { EN: string; HI: string };
export type EventsPage = {
  sports: { sport: SportCode; live: number; total: number }[];
  competitions: { code: string; sport: SportCode; name: NamesEnHi }[];
  list: SportsEventSummary[];
};

/** `GET /sportsbook/api/events`: a lobby's sports with counts, competitions and events (public). */
export function eventsQuery(filter: EventsFilter) {
  const params = new URLSearchParams({ group: filter.group, when: filter.when });
  if (filter.sport) params.set('sport', filter.sport);
  if (filter.competition) params.set('competition', filter.competition);
  return queryOptions({
    queryKey: sportsKeys.events(filter),
    queryFn: ({ signal }) => apiGet<EventsPage>(`${SPORTSBOOK_API}/events?${params}`, { signal }),
    // Pushes refetch what moved; this only bounds how old a list seen without a socket can be.
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}

/** `GET /sportsbook/api/events/:eventId`: every market, the score and the timeline (public). */
export function eventQuery(eventId: string) {
  return queryOptions({
    queryKey: sportsKeys.event(eventId),
    queryFn: ({ signal }) =>
      apiGet<SportsEventDetail>(`${SPORTSBOOK_API}/events/${encodeURIComponent(eventId)}`, { signal }),
    staleTime: 5_000,
    // A finished event changes no more (a correction is an operator's rare act): no polling for it.
    refetchInterval: (query) =>
      query.state.data?.status === 'resulted' || query.state.data?.status === 'cancelled' ? false : 15_000,
  });
}
