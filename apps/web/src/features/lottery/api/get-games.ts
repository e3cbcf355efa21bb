import { LOTTERY_API, type LotteryGameSummary } from '@lotus/shared/lottery.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { lotteryKeys } from './keys.ts';

/** `GET /lotto/api/games`: every enabled game with its next draw and last result (public). */
export function gamesQuery(language: string) {
  return queryOptions({
    queryKey: lotteryKeys.games(language),
    queryFn: ({ signal }) =>
      apiGet<{ list: LotteryGameSummary[] }>(`${LOTTERY_API}/games?${new URLSearchParams({ language })}`, {
        signal,
      }).then((value) => value.list),
    staleTime: 15_000,
  });
}
