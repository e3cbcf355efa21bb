import { WINNER_BOARD_SIZE } from '@lotus/shared/constants';
import type { RankList } from '@lotus/shared/content.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/**
 * GET /wps/relay/GCSGAME_getRankList (SPEC §7 winner board: gameCategory ALL, limitNum 20). Real wins only:
 * the list stays empty until the games issue records them.
 */
export function getWinnerBoard(language: string, signal?: AbortSignal): Promise<RankList> {
  const query = new URLSearchParams({ gameCategory: 'ALL', language, limitNum: String(WINNER_BOARD_SIZE) });
  return apiGet<RankList>(`/wps/relay/GCSGAME_getRankList?${query}`, signal ? { signal } : {});
}

export function winnerBoardQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['content', 'winners', language],
    queryFn: ({ signal }) => getWinnerBoard(language, signal),
  });
}

export function useWinnerBoard() {
  const { i18n } = useTranslation();
  return useQuery(winnerBoardQueryOptions(toBrandLanguage(i18n.language)));
}
