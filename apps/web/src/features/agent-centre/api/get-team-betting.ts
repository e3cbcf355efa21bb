import type { TeamBettingReport } from '@lotus/shared/agent-reports.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { AGENT_KEYS } from './agent-keys.ts';

export const TEAM_BETTING_PAGE_SIZE = 20;

export type TeamBettingListQuery = {
  page: number;
  from: string;
  to: string;
  /** Empty: every game type. */
  gameType: string;
  /** A direct downline's member id; empty: the whole team. */
  downline: string;
};

/** GET /wps/agent/team/betting: per direct downline (its subtree summed) and per game type, with totals. */
export function getTeamBetting(
  query: TeamBettingListQuery,
  signal?: AbortSignal,
): Promise<TeamBettingReport> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(TEAM_BETTING_PAGE_SIZE),
    from: query.from,
    to: query.to,
  });
  if (query.gameType !== '') params.set('gameType', query.gameType);
  if (query.downline !== '') params.set('downline', query.downline);
  return apiGet<TeamBettingReport>(`/wps/agent/team/betting?${params}`, signal ? { signal } : {});
}

export function useTeamBetting(query: TeamBettingListQuery) {
  return useQuery({
    queryKey: AGENT_KEYS.teamBetting(query),
    queryFn: ({ signal }) => getTeamBetting(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
