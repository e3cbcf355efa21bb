import { LOTTERY_API, LOTTERY_SESSION_HEADER, type LotterySlip } from '@lotus/shared/lottery.schema';
import { apiGet } from '../../../lib/api-client.ts';

export type SlipsPage = { list: LotterySlip[]; pageNum: number; totalPages: number };

/** `GET /lotto/api/slips`: the player's slips of one game (lottery session). */
export function fetchSlips(
  query: { status: 'open' | 'settled' | 'all'; gameCode: string; pageNo: number },
  sessionToken: string,
  signal?: AbortSignal,
): Promise<SlipsPage> {
  const params = new URLSearchParams({ ...query, pageNo: String(query.pageNo) });
  return apiGet<SlipsPage>(`${LOTTERY_API}/slips?${params}`, {
    headers: { [LOTTERY_SESSION_HEADER]: sessionToken },
    ...(signal ? { signal } : {}),
  });
}
