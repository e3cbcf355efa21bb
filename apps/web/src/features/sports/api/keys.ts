import type { SportGroup } from '@lotus/shared/sportsbook.schema';

/**
 * The sportsbook's query keys (issue 21): every request of features/sports/api hangs under ['sports'], so a
 * live push refetches exactly the event it names and the lobby lists, and a bet or a cash-out refreshes
 * "my bets" in one call.
 */
export type EventsFilter = {
  group: SportGroup;
  sport: string;
  competition: string;
  when: 'live' | 'soon' | 'all';
};

export const sportsKeys = {
  all: ['sports'] as const,
  lists: ['sports', 'events'] as const,
  events: (filter: EventsFilter) =>
    ['sports', 'events', filter.group, filter.sport, filter.competition, filter.when] as const,
  /** Under `lists`, so a live push that finishes an event refetches the results with the lobby lists. */
  results: (group: SportGroup, sport: string, limit: number) =>
    ['sports', 'events', 'results', group, sport, limit] as const,
  event: (eventId: string) => ['sports', 'event', eventId] as const,
  bets: (status: 'open' | 'settled') => ['sports', 'bets', status] as const,
  session: (gameCode: string) => ['sports', 'session', gameCode] as const,
  launchFb: ['sports', 'launchFb'] as const,
};
