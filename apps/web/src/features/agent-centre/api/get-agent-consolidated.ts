import type { AgentConsolidated } from '@lotus/shared/agent-contracts.schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { AGENT_KEYS } from './agent-keys.ts';

/**
 * GET /wps/agent/consolidated (SPEC §3 "Consolidated"): how many offers of each kind wait for the agent, and
 * which contract kinds apply to it. The header and home read it for their prompts (so this file stays
 * small: it is loaded with them), the agent centre for its menu.
 */
export function getAgentConsolidated(signal?: AbortSignal): Promise<AgentConsolidated> {
  return apiGet<AgentConsolidated>('/wps/agent/consolidated', signal ? { signal } : {});
}

/** A minute fresh: an offer is not urgent to the second, and every answer to one refreshes it at once. */
const CONSOLIDATED_STALE_MS = 60_000;

export function useAgentConsolidated(enabled = true) {
  return useQuery({
    queryKey: AGENT_KEYS.consolidated,
    queryFn: ({ signal }) => getAgentConsolidated(signal),
    staleTime: CONSOLIDATED_STALE_MS,
    enabled,
  });
}
