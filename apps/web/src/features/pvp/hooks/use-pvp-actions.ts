import type { PvpActionRequest, PvpTable } from '@lotus/shared/pvp.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import { invalidateWallet } from '../../../lib/wallet/use-wallet-queries.ts';
import { pvpKeys } from '../api/keys.ts';
import { sendAction } from '../api/table.ts';
import { storeTable } from './use-pvp-table.ts';

export type SitIntent = { seat: number; buyInMinor: string };
export type LeaveIntent = { stackMinor: string; inHand: boolean };
type PlayAction = Exclude<PvpActionRequest, { type: 'sit' } | { type: 'leave' }>;

/**
 * The table's actions. Play (see, chaal, pack, show, side show and its reply) moves no money between the
 * wallet and the table: one request, its answer is the new snapshot. Sitting (buy-in) and leaving (the
 * stack back) do: each runs through a confirm dialog that makes the Idempotency-Key
 * (lib/use-confirmed-intent.ts), and after either the wallet and the room list are fetched again.
 */
export function usePvpActions(roomCode: string) {
  const queryClient = useQueryClient();
  const play = useMutation({
    mutationFn: (action: PlayAction) => sendAction(roomCode, action),
    onSuccess: (table) => storeTable(queryClient, table),
    // A refused action (not your turn any more, a time-out got there first): show the table as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: pvpKeys.table(roomCode) }),
  });
  const refresh = useCallback(
    () =>
      Promise.all([invalidateWallet(queryClient), queryClient.invalidateQueries({ queryKey: pvpKeys.all })]),
    [queryClient],
  );
  const stored = useCallback((table: PvpTable) => storeTable(queryClient, table), [queryClient]);
  const sit = useConfirmedIntent<SitIntent, PvpTable>(
    useCallback(
      (input: SitIntent, key: string) =>
        sendAction(roomCode, { type: 'sit', seat: input.seat, buyInMinor: input.buyInMinor }, key),
      [roomCode],
    ),
    stored,
    refresh,
  );
  const leave = useConfirmedIntent<LeaveIntent, PvpTable>(
    useCallback(
      (_input: LeaveIntent, key: string) => sendAction(roomCode, { type: 'leave' }, key),
      [roomCode],
    ),
    stored,
    refresh,
  );
  const playErrorCode =
    play.error instanceof ApiError ? play.error.code : play.error ? 'unknown_error' : null;
  return { play, playErrorCode, sit, leave };
}
