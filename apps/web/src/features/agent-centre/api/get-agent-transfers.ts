import type { AgentTransfersPage } from '@lotus/shared/agents.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { AGENT_KEYS } from './agent-keys.ts';

export const AGENT_TRANSFERS_PAGE_SIZE = 20;

export type AgentTransfersListQuery = { page: number; from: string; to: string };

/** GET /wps/agent/transfers: transfers between the agent and its direct downline, in a date range. */
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
  return apiGet<AgentTransfersPage>(`/wps/agent/transfers?${params}`, signal ? { signal } : {});
}

export function useAgentTransfers(query: AgentTransfersListQuery) {
  return useQuery({
    queryKey: AGENT_KEYS.transfers(query.page, query.from, query.to),
    queryFn: ({ signal }) => getAgentTransfers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
