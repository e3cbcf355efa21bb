import type { SystemStatus } from '@lotus/shared/system.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /wps/system/status: 0 normal, 1 maintenance, 2 region restricted (SPEC §2 root view). */
export function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  return apiGet<SystemStatus>('/wps/system/status', signal ? { signal } : {});
}

export const systemStatusQueryOptions = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: ({ signal }) => getSystemStatus(signal),
  // The operator can switch maintenance on at any moment; do not serve a stale "normal" for long.
  staleTime: 30_000,
});

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions);
}
