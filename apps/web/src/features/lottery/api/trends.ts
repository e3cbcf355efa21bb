import type { lotteryTrendGroupSchema } from '@lotus/shared/lottery.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api-client.ts';
import { lotteryKeys } from './keys.ts';

export type LotteryTrendGroupView = z.infer<typeof lotteryTrendGroupSchema>;
export type LotteryTrendsView = { gameCode: string; sampleSize: number; groups: LotteryTrendGroupView[] };

/** The sample sizes a player can pick (the server accepts 10–500). */
export const TREND_SAMPLES = [50, 100, 200] as const;

/** GET /lotto/api/games/:gameCode/trends?sample (public). */
export function getLotteryTrends(
  gameCode: string,
  sample: number,
  signal?: AbortSignal,
): Promise<LotteryTrendsView> {
  return apiGet<LotteryTrendsView>(
    `/lotto/api/games/${encodeURIComponent(gameCode)}/trends?sample=${sample}`,
    signal ? { signal } : {},
  );
}

export function useLotteryTrends(gameCode: string, sample: number) {
  return useQuery({
    queryKey: lotteryKeys.trends(gameCode, sample),
    queryFn: ({ signal }) => getLotteryTrends(gameCode, sample, signal),
    placeholderData: keepPreviousData,
  });
}
