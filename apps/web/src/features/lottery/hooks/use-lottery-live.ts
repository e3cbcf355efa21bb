import type { LotteryDraw } from '@lotus/shared/lottery.schema';
import type { RealtimeLotteryMessage } from '@lotus/shared/realtime';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lotteryKeys } from '../api/keys.ts';
import { followLottery } from './live-socket.ts';

type Summary = { gameCode: string; nextDraw: LotteryDraw | null; lastResult: LotteryDraw | null };

function withPush<T>(data: T, message: RealtimeLotteryMessage): T {
  if (typeof data !== 'object' || data === null) return data;
  const { gameCode, nextDraw, lastResult } = message;
  if ('list' in data && Array.isArray(data.list)) {
    const list = (data.list as Summary[]).map((game) =>
      game.gameCode === gameCode ? { ...game, nextDraw, lastResult } : game,
    );
    return { ...data, list };
  }
  if ((data as Partial<Summary>).gameCode === gameCode) return { ...data, nextDraw, lastResult };
  return data;
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
    .map(([, data]) => {
      const found = withPushLookup(data, gameCode);
      return found?.lastResult?.drawId ?? null;
    })
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

function withPushLookup(data: unknown, gameCode: string): Summary | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  if ('list' in data && Array.isArray(data.list)) {
    return (data.list as Summary[]).find((game) => game.gameCode === gameCode);
  }
  return (data as Partial<Summary>).gameCode === gameCode ? (data as Summary) : undefined;
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
