import type { LiveResult, LiveTableSnapshot, LiveTableSummary } from '@lotus/shared/live.schema';
import { LIVE_LAST_RESULTS } from '@lotus/shared/live-constants';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveKeys } from '../api/keys.ts';
import { followLiveTables } from './live-socket.ts';

/** The pushed results first, then the older ones the cache held (a push carries 20, the table read 50). */
export function mergeResults(pushed: LiveResult[], cached: LiveResult[] | undefined): LiveResult[] {
  const seen = new Set(pushed.map((result) => result.roundId));
  return [...pushed, ...(cached ?? []).filter((result) => !seen.has(result.roundId))].slice(
    0,
    LIVE_LAST_RESULTS,
  );
}

/**
 * A `live.table` push: the table's query takes the snapshot at once (no request), keeping older results it
 * had; the lobby's row takes the summary part. The player's bets at the table refetch on every phase move
 * (a settlement writes their payouts); the wallet follows through its own balance push.
 */
export function applyLiveTablePush(queryClient: QueryClient, table: LiveTableSnapshot): void {
  const before = queryClient.getQueryData<LiveTableSnapshot>(liveKeys.table(table.code));
  queryClient.setQueryData<LiveTableSnapshot>(liveKeys.table(table.code), {
    ...table,
    lastResults: mergeResults(table.lastResults, before?.lastResults),
  });
  queryClient.setQueryData<LiveTableSummary[]>(liveKeys.tables, (list) =>
    list?.map((row) => {
      if (row.code !== table.code) return row;
      const { round: _round, ...summary } = table;
      return summary;
    }),
  );
  // A phase move may have settled the player's bets (dealing → result) or opened a new round: their bets
  // at the table refetch (a visitor has no such query, so nothing is sent).
  if (table.phase !== before?.phase || table.roundId !== before?.roundId) {
    void queryClient.invalidateQueries({ queryKey: liveKeys.bets(table.code) });
  }
}

/** Follows the tables' pushes (a visitor's too) and writes them into the live queries. */
export function useLiveTablesLive(codes: readonly string[]): void {
  const queryClient = useQueryClient();
  // The list's content, not its identity, decides when to follow again.
  const key = [...codes].sort().join(',');
  useEffect(() => {
    if (key === '') return;
    return followLiveTables({
      codes: key.split(','),
      table: (table) => applyLiveTablePush(queryClient, table),
      resumed: () => void queryClient.invalidateQueries({ queryKey: liveKeys.all }),
    });
  }, [key, queryClient]);
}
