import type { LossPeriod, TeamLossReport } from '@lotus/shared/agent-reports.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { AGENT_KEYS } from './agent-keys.ts';

export const TEAM_LOSS_PAGE_SIZE = 20;

/** The periods a statement is cut in (agent-reports.schema.ts LOSS_PERIODS, without pulling zod in). */
export const LOSS_PERIOD_CHOICES = ['day', 'week', 'month'] as const satisfies readonly LossPeriod[];

export type TeamLossListQuery = {
  page: number;
  from: string;
  to: string;
  period: LossPeriod;
  /** A part of a username; empty: every member. */
  username: string;
};

/** GET /wps/agent/team/loss: each member of the subtree with its net per period. */
export function getTeamLoss(query: TeamLossListQuery, signal?: AbortSignal): Promise<TeamLossReport> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(TEAM_LOSS_PAGE_SIZE),
    from: query.from,
    to: query.to,
    period: query.period,
  });
  if (query.username !== '') params.set('username', query.username);
  return apiGet<TeamLossReport>(`/wps/agent/team/loss?${params}`, signal ? { signal } : {});
}

export function useTeamLoss(query: TeamLossListQuery) {
  return useQuery({
    queryKey: AGENT_KEYS.teamLoss(query),
    queryFn: ({ signal }) => getTeamLoss(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
