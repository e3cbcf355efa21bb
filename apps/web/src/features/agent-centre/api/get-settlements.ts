import type { ContractKind, SettlementsPage } from '@lotus/shared/agent-contracts.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { AGENT_KEYS } from './agent-keys.ts';

export const SETTLEMENTS_PAGE_SIZE = 20;

/** `received`: what my contract paid me; `paid`: what I paid under my downline's contracts. */
export type SettlementRole = 'received' | 'paid';

export type SettlementsListQuery = {
  kind: ContractKind;
  role: SettlementRole;
  page: number;
  from: string;
  to: string;
};

/** GET /wps/agent/contracts/settlements: the periods settled under one kind's contracts, newest first. */
export function getSettlements(query: SettlementsListQuery, signal?: AbortSignal): Promise<SettlementsPage> {
  const params = new URLSearchParams({
    kind: query.kind,
    role: query.role,
    page: String(query.page),
    pageSize: String(SETTLEMENTS_PAGE_SIZE),
    from: query.from,
    to: query.to,
  });
  return apiGet<SettlementsPage>(`/wps/agent/contracts/settlements?${params}`, signal ? { signal } : {});
}

export function useSettlements(query: SettlementsListQuery) {
  return useQuery({
    queryKey: AGENT_KEYS.settlements(query),
    queryFn: ({ signal }) => getSettlements(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
