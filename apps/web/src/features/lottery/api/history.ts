import type { LotteryDraw } from '@lotus/shared/lottery.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { lotteryKeys } from './keys.ts';

/** One page of a game's result history (drawn, settled and cancelled draws), newest first. */
export type LotteryHistory = { list: LotteryDraw[]; pageNum: number; totalPages: number };

/** GET /lotto/api/games/:gameCode/draws (public). */
export function getLotteryHistory(
  gameCode: string,
  pageNo: number,
  signal?: AbortSignal,
): Promise<LotteryHistory> {
  return apiGet<LotteryHistory>(
    `/lotto/api/games/${encodeURIComponent(gameCode)}/draws?pageNo=${pageNo}`,
    signal ? { signal } : {},
  );
}

export function useLotteryHistory(gameCode: string, pageNo: number) {
  return useQuery({
    queryKey: lotteryKeys.history(gameCode, pageNo),
    queryFn: ({ signal }) => getLotteryHistory(gameCode, pageNo, signal),
    placeholderData: keepPreviousData,
  });
}
