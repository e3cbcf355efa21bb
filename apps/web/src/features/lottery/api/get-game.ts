import { LOTTERY_API, type LotteryGameDetail } from '@lotus/shared/lottery.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { lotteryKeys } from './keys.ts';

/** `GET /lotto/api/games/:gameCode`: the game with its odds per bet type, limits and currency (public). */
export function gameQuery(gameCode: string, language: string) {
  return queryOptions({
    queryKey: lotteryKeys.game(gameCode, language),
    queryFn: ({ signal }) =>
      apiGet<LotteryGameDetail>(
        `${LOTTERY_API}/games/${encodeURIComponent(gameCode)}?${new URLSearchParams({ language })}`,
        { signal },
      ),
    staleTime: 15_000,
  });
}
