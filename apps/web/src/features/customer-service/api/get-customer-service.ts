import type { CustomerServiceInfo } from '@lotus/shared/content.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /wps/system/customerService: the lines (type 3 live chat and 4 VIP are sealed, SPEC §7). */
export function getCustomerService(signal?: AbortSignal): Promise<CustomerServiceInfo> {
  return apiGet<CustomerServiceInfo>('/wps/system/customerService', signal ? { signal } : {});
}

export const customerServiceQueryOptions = queryOptions({
  queryKey: ['system', 'customer-service'],
  queryFn: ({ signal }) => getCustomerService(signal),
  // Asked afresh on every click: an operator's change of chat address applies at once (contract: no caching).
  staleTime: 0,
  gcTime: 0,
});
