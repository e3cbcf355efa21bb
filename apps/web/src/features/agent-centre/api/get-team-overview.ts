import type { TeamOverview } from '@lotus/shared/agents.schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { AGENT_KEYS } from './agent-keys.ts';

/** GET /wps/agent/team/overview (agents only). */
export function getTeamOverview(signal?: AbortSignal): Promise<TeamOverview> {
  return apiGet<TeamOverview>('/wps/agent/team/overview', signal ? { signal } : {});
}

export function useTeamOverview() {
  return useQuery({
    queryKey: AGENT_KEYS.overview,
    queryFn: ({ signal }) => getTeamOverview(signal),
    staleTime: 0,
  });
}
