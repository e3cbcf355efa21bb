import type { TeamMoveFilter } from '@lotus/shared/agent-reports.schema';
import type { AgentTransfersPage } from '@lotus/shared/agents.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { AGENT_KEYS } from './agent-keys.ts';

export const AGENT_TRANSFERS_PAGE_SIZE = 20;

/**
 * The type filter's choices, in the order offered (agent-reports.schema.ts TEAM_MOVE_FILTERS, zod-free):
 * the agent's own transfers first (the default, as before), then every move of the team.
 */
export const TEAM_MOVE_CHOICES = [
  'agent_transfer',
  'all',
  'deposit',
  'withdrawal',
  'transfer',
  'reward',
  'adjustment',
  'bet',
  'win',
] as const satisfies readonly TeamMoveFilter[];

export type AgentTransfersListQuery = { page: number; from: string; to: string; type: TeamMoveFilter };

/** GET /wps/agent/transfers: the agent's transfers with its direct downline, or the team's money moves. */
export function getAgentTransfers(
  query: AgentTransfersListQuery,
  signal?: AbortSignal,
): Promise<AgentTransfersPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(AGENT_TRANSFERS_PAGE_SIZE),
    from: query.from,
    to: query.to,
  });
  // The default type is left out, so the call stays the one the first slice made.
  if (query.type !== 'agent_transfer') params.set('type', query.type);
  return apiGet<AgentTransfersPage>(`/wps/agent/transfers?${params}`, signal ? { signal } : {});
}

export function useAgentTransfers(query: AgentTransfersListQuery) {
  return useQuery({
    queryKey: AGENT_KEYS.transfers(query.page, query.from, query.to, query.type),
    queryFn: ({ signal }) => getAgentTransfers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
