import type { SportGroup, SportsEventSummary } from '@lotus/shared/sportsbook.schema';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventsPage } from '../api/events.ts';
import { sportsKeys } from '../api/keys.ts';
import { followSports } from './sports-socket.ts';

/** A lobby list refetches at most this often however many of its events move (a live minute is busy). */
const LIST_REFETCH_MS = 2_000;
/** Statuses after which an event is a result (`GET /sportsbook/api/results`) and no longer in a lobby list. */
const FINISHED: ReadonlySet<string> = new Set(['resulted', 'cancelled']);

/**
 * A pushed summary written where it shows at once (no request): the event's row in every cached lobby list,
 * and the score, status and main market of its cached page. The page's other markets come with its refetch.
 */
export function applySportsSummary(queryClient: QueryClient, summary: SportsEventSummary): void {
  queryClient.setQueriesData<EventsPage>({ queryKey: sportsKeys.lists }, (page) =>
    page?.list.some((event) => event.id === summary.id)
      ? { ...page, list: page.list.map((event) => (event.id === summary.id ? summary : event)) }
      : page,
  );
  queryClient.setQueryData<SportsEventSummary & { markets?: unknown[] }>(
    sportsKeys.event(summary.id),
    (detail) => {
      if (!detail) return detail;
      const main = summary.mainMarket;
      const markets =
        main && Array.isArray(detail.markets)
          ? detail.markets.map((market) => ((market as { id?: string }).id === main.id ? main : market))
          : detail.markets;
      return { ...detail, score: summary.score, status: summary.status, mainMarket: main, markets };
    },
  );
}

/**
 * Live odds and scores (docs/sportsbook.md "Real time"): a push about an event writes its summary into the
 * lists and its page at once, and refetches the event's page (every market) and — at most every 2 s — the
 * open bets (their cash-out value moved with it), and the lists (the results too) when the push carried no
 * summary or finished its event. After a reconnect everything of the book refetches, since pushes sent
 * meanwhile are lost.
 */
export function useSportsLive({
  eventIds,
  group,
}: {
  eventIds: readonly string[];
  group: SportGroup | null;
}) {
  const queryClient = useQueryClient();
  const key = [...eventIds].sort().join(',');
  useEffect(() => {
    // Nothing to follow (an empty slip): no socket for it.
    if (key === '' && group === null) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lists = false;
    const later = (withLists: boolean) => {
      lists ||= withLists;
      timer ??= setTimeout(() => {
        timer = null;
        if (lists) void queryClient.invalidateQueries({ queryKey: sportsKeys.lists });
        lists = false;
        void queryClient.invalidateQueries({ queryKey: sportsKeys.bets('open') });
      }, LIST_REFETCH_MS);
    };
    const stop = followSports({
      eventIds: key === '' ? [] : key.split(','),
      group,
      pushed: (eventId, summary) => {
        if (summary) applySportsSummary(queryClient, summary);
        void queryClient.invalidateQueries({ queryKey: sportsKeys.event(eventId) });
        // A finished event leaves the lobby lists and joins the results (both under `lists`): refetch them.
        later(summary === null || FINISHED.has(summary.status));
      },
      resumed: () => void queryClient.invalidateQueries({ queryKey: sportsKeys.all }),
    });
    return () => {
      stop();
      if (timer !== null) clearTimeout(timer);
    };
  }, [key, group, queryClient]);
}
