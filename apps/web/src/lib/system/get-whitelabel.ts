import type { Permission } from '@lotus/shared/system.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client.ts';

/**
 * GET /wps/system/whitelabel?url=<host>: the brand's configuration, flags, resources and the visitor's
 * location (the country code SPEC §2 "app start" asks for).
 */
export function getWhitelabel(host: string, signal?: AbortSignal): Promise<Permission> {
  const path = `/wps/system/whitelabel?url=${encodeURIComponent(host)}`;
  return apiGet<Permission>(path, signal ? { signal } : {});
}

export function whitelabelQueryOptions(host: string) {
  return queryOptions({
    queryKey: ['system', 'whitelabel', host],
    queryFn: ({ signal }) => getWhitelabel(host, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useWhitelabel(host: string = window.location.host) {
  return useQuery(whitelabelQueryOptions(host));
}
