import type { DownlinePage } from '@lotus/shared/agents.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { AGENT_KEYS } from './agent-keys.ts';

export type DownlineListQuery = { page: number; pageSize: number; username: string };

/** GET /wps/agent/downlines: the direct downline, newest first. */
export function getDownlines(query: DownlineListQuery, signal?: AbortSignal): Promise<DownlinePage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.username !== '') params.set('username', query.username);
  return apiGet<DownlinePage>(`/wps/agent/downlines?${params}`, signal ? { signal } : {});
}

export function useDownlines(query: DownlineListQuery) {
  return useQuery({
    queryKey: AGENT_KEYS.downlines(query.page, query.pageSize, query.username),
    queryFn: ({ signal }) => getDownlines(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
