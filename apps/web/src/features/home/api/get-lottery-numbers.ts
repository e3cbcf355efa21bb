import type { LotteryDrawStatus, LotteryOpenedNumber } from '@lotus/shared/lottery.schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** One opened result as the SPEC §7 lgw paths answer it (lotteryOpenedNumberSchema). */
export type OpenedNumber = LotteryOpenedNumber & { status?: LotteryDrawStatus };
export type OpenedNumbers = { list: OpenedNumber[] };

/** SPEC §7 asks both calls for the brand's prize mode, its device and the language. */
export type LgwParams = { prizeMode: string | null; device: string; language: string };

const PRIZE_MODES = new Set(['Lott', 'ZY', 'Elott', 'SEA']);

export const LGW_PATHS = {
  popular: '/lotto/lgw/games/opened/numero',
  vnNumbers: '/lgw/vn/numeros/opened/game',
};
export const LGW_COUNTS = { popular: 20, vnNumbers: 100 } as const;

function query(params: LgwParams, count: number): string {
  const search = new URLSearchParams({
    count: String(count),
    device: params.device,
    language: params.language,
  });
  if (params.prizeMode !== null && PRIZE_MODES.has(params.prizeMode))
    search.set('prizeMode', params.prizeMode);
  return search.toString();
}

/** The home page's lottery lists: popular lotteries (every game's latest result) or Vietnam numbers. */
export function useOpenedNumbers(kind: 'popular' | 'vnNumbers', params: LgwParams) {
  return useQuery({
    queryKey: ['home', 'lottery', kind, params.prizeMode, params.device, params.language],
    queryFn: ({ signal }) =>
      apiGet<OpenedNumbers>(`${LGW_PATHS[kind]}?${query(params, LGW_COUNTS[kind])}`, { signal }),
    // A result changes at most once a minute for the fastest games.
    staleTime: 30_000,
  });
}
