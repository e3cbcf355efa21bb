import type { LotteryDraw } from '@lotus/shared/lottery.schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { lotteryKeys } from './keys.ts';

/** GET /lotto/api/draws/:drawId (public): one draw, its seed once drawn. */
export function getLotteryDraw(drawId: string, signal?: AbortSignal): Promise<LotteryDraw> {
  return apiGet<LotteryDraw>(`/lotto/api/draws/${encodeURIComponent(drawId)}`, signal ? { signal } : {});
}

export function useLotteryDraw(drawId: string | null) {
  return useQuery({
    queryKey: lotteryKeys.draw(drawId ?? ''),
    queryFn: ({ signal }) => getLotteryDraw(drawId ?? '', signal),
    enabled: drawId !== null && drawId !== '',
  });
}
