import type { PvpTable } from '@lotus/shared/pvp.schema';
import type { RealtimeServerMessage } from '@lotus/shared/realtime';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useMemberSubscription } from '../../../lib/realtime/member-socket.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { pvpKeys } from '../api/keys.ts';
import { tableQuery } from '../api/table.ts';

/**
 * Puts a newer snapshot of the table in the cache. Pushes and action answers can cross: the one with the
 * higher `version` wins, so the screen never steps back to an older table (docs/pvp.md "Contract").
 */
export function storeTable(queryClient: QueryClient, table: PvpTable): void {
  queryClient.setQueryData<PvpTable>(pvpKeys.table(table.roomCode), (shown) =>
    shown !== undefined && shown.version > table.version ? shown : table,
  );
}

/** The table as this member sees it: the first read, then every `pvp.table` push of the room's socket. */
export function usePvpTable(roomCode: string) {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  const query = useQuery({ ...tableQuery(roomCode), enabled: token !== null });
  const onMessage = useCallback(
    (message: RealtimeServerMessage) => {
      if (message.type === 'pvp.table' && message.table.roomCode === roomCode) {
        storeTable(queryClient, message.table);
      }
    },
    [queryClient, roomCode],
  );
  const onResumed = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: pvpKeys.table(roomCode) }),
    [queryClient, roomCode],
  );
  useMemberSubscription(token, roomCode, { type: 'pvp.subscribe', roomCode }, onMessage, onResumed);
  return query;
}
