import type { AgentContracts, ContractKind } from '@lotus/shared/agent-contracts.schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { AGENT_KEYS } from './agent-keys.ts';

/**
 * SPEC §7: the relay call of each kind (agent-contracts.schema.ts CONTRACT_RELAY_PATHS, restated so the
 * agent centre does not load zod; the `satisfies` keeps the two in step).
 */
export const CONTRACT_PATHS = {
  dividend: '/wps/relay/MCS2_processDividendReq',
  daily_salary: '/wps/relay/MCS2_processDailySalContract',
  hourly_salary: '/wps/relay/MCS2_processContractHourSalary',
  realtime_salary: '/wps/relay/MCSFE_processRealTimeSalaryContract',
} as const satisfies Record<ContractKind, string>;

/** GET of the kind's relay path: my contract, offers waiting for me, my downline's, and the closed ones. */
export function getAgentContracts(kind: ContractKind, signal?: AbortSignal): Promise<AgentContracts> {
  return apiGet<AgentContracts>(CONTRACT_PATHS[kind], signal ? { signal } : {});
}

export function useAgentContracts(kind: ContractKind) {
  return useQuery({
    queryKey: AGENT_KEYS.contractsOf(kind),
    queryFn: ({ signal }) => getAgentContracts(kind, signal),
    staleTime: 0,
  });
}
