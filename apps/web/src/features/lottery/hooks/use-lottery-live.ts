import type { LotteryDraw } from '@lotus/shared/lottery.schema';
import type { RealtimeLotteryMessage } from '@lotus/shared/realtime';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lotteryKeys } from '../api/keys.ts';
import { followLottery } from './live-socket.ts';

type Summary = { gameCode: string; nextDraw: LotteryDraw | null; lastResult: LotteryDraw | null };

/** A games list is cached as an array (or a `{ list }` page); a game as one object. */
function withPush<T>(data: T, message: RealtimeLotteryMessage): T {
  const { gameCode, nextDraw, lastResult } = message;
  const merge = (game: Summary) => (game.gameCode === gameCode ? { ...game, nextDraw, lastResult } : game);
  if (Array.isArray(data)) return (data as Summary[]).map(merge) as T;
  if (typeof data !== 'object' || data === null) return data;
  if ('list' in data && Array.isArray(data.list))
    return { ...data, list: (data.list as Summary[]).map(merge) };
  return merge(data as unknown as Summary) as T;
}

function summaryIn(data: unknown, gameCode: string): Summary | undefined {
  const list = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null && 'list' in data && Array.isArray(data.list)
      ? data.list
      : [data];
  return (list as (Summary | null | undefined)[]).find((game) => game?.gameCode === gameCode) ?? undefined;
}

/**
 * A push of a followed game: the games list and the game's page take its next draw and last result at once
 * (no request); its result history and trends refetch (only those on screen) when a new result came; the
 * pushed draws replace their own queries.
 */
export function applyLotteryPush(queryClient: QueryClient, message: RealtimeLotteryMessage): void {
  const { gameCode, lastResult } = message;
  const before = queryClient
    .getQueriesData<unknown>({ queryKey: ['lottery', 'game', gameCode] })
    .concat(queryClient.getQueriesData<unknown>({ queryKey: ['lottery', 'games'] }));
  const knownLast = before
    .map(([, data]) => summaryIn(data, gameCode)?.lastResult?.drawId ?? null)
    .find((drawId) => drawId !== null);
  queryClient.setQueriesData<unknown>({ queryKey: ['lottery', 'games'] }, (data: unknown) =>
    withPush(data, message),
  );
  queryClient.setQueriesData<unknown>({ queryKey: ['lottery', 'game', gameCode] }, (data: unknown) =>
    withPush(data, message),
  );
  for (const draw of [message.nextDraw, lastResult]) {
    if (draw) queryClient.setQueryData(lotteryKeys.draw(draw.drawId), draw);
  }
  // A new result (or a status change of one: settled, cancelled) moves the history, the trends and my bets.
  if (knownLast === undefined || knownLast !== (lastResult?.drawId ?? null)) {
    void queryClient.invalidateQueries({ queryKey: ['lottery', 'history', gameCode] });
    void queryClient.invalidateQueries({ queryKey: ['lottery', 'trends', gameCode] });
    void queryClient.invalidateQueries({ queryKey: ['lottery', 'slips'] });
  }
}

/**
 * Live draws over the site's WebSocket (issue 20, docs/lottery.md "Real time"): follows the games' pushes
 * and writes them into the lottery queries (lotteryKeys); after a reconnect every lottery query refetches,
 * since pushes sent meanwhile are lost. Visitors get them too (no login needed).
 */
export function useLotteryLive(gameCodes: readonly string[]): void {
  const queryClient = useQueryClient();
  // The list's content, not its identity, decides when to follow again.
  const key = [...gameCodes].sort().join(',');
  useEffect(() => {
    const codes = key === '' ? [] : key.split(',');
    if (codes.length === 0) return;
    return followLottery({
      gameCodes: codes,
      push: (message) => applyLotteryPush(queryClient, message),
      resumed: () => void queryClient.invalidateQueries({ queryKey: lotteryKeys.all }),
    });
  }, [key, queryClient]);
}
