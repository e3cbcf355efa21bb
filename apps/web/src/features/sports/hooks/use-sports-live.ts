import type { SportGroup } from '@lotus/shared/sportsbook.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sportsKeys } from '../api/keys.ts';
import { followSports } from './sports-socket.ts';

/** A lobby list refetches at most this often however many of its events move (a live minute is busy). */
const LIST_REFETCH_MS = 2_000;

/**
 * Live odds and scores (docs/sportsbook.md "Real time"): a push about an event refetches that event's page
 * and, at most every 2 s, the lobby lists and the open bets (their cash-out value moved with it); after a
 * reconnect everything of the book refetches, since pushes sent meanwhile are lost.
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
    let listTimer: ReturnType<typeof setTimeout> | null = null;
    const refetchLists = () => {
      listTimer = null;
      void queryClient.invalidateQueries({ queryKey: sportsKeys.lists });
      void queryClient.invalidateQueries({ queryKey: sportsKeys.bets('open') });
    };
    const stop = followSports({
      eventIds: key === '' ? [] : key.split(','),
      group,
      pushed: (eventId) => {
        void queryClient.invalidateQueries({ queryKey: sportsKeys.event(eventId) });
        listTimer ??= setTimeout(refetchLists, LIST_REFETCH_MS);
      },
      resumed: () => void queryClient.invalidateQueries({ queryKey: sportsKeys.all }),
    });
    return () => {
      stop();
      if (listTimer !== null) clearTimeout(listTimer);
    };
  }, [key, group, queryClient]);
}
