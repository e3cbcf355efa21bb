import type { AgentIncomeKind, AgentIncomeReport } from '@lotus/shared/agent-reports.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { AGENT_KEYS } from './agent-keys.ts';

/** The kinds of income, in the report's order (agent-reports.schema.ts AGENT_INCOME_KINDS, zod-free). */
export const INCOME_KINDS = [
  'commission',
  'agent_dividend',
  'agent_daily_salary',
  'agent_hourly_salary',
  'agent_realtime_salary',
] as const satisfies readonly AgentIncomeKind[];

/** GET /wps/agent/income: what was paid to the agent, per UTC day and kind. */
export function getAgentIncome(from: string, to: string, signal?: AbortSignal): Promise<AgentIncomeReport> {
  const params = new URLSearchParams({ from, to });
  return apiGet<AgentIncomeReport>(`/wps/agent/income?${params}`, signal ? { signal } : {});
}

export function useAgentIncome(from: string, to: string) {
  return useQuery({
    queryKey: AGENT_KEYS.income(from, to),
    queryFn: ({ signal }) => getAgentIncome(from, to, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
