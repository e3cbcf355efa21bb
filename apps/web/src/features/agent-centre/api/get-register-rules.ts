import type { RegisterSetting } from '@lotus/shared/system.schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * GET /wps/system/setting/register: the brand's field rules, which the server applies to a downline account
 * too. Same key as the register form's query, so the two share one cached answer.
 */
export function useRegisterRules() {
  return useQuery({
    queryKey: ['system', 'registerSetting'],
    queryFn: ({ signal }) => apiGet<RegisterSetting>('/wps/system/setting/register', { signal }),
    staleTime: 5 * 60_000,
  });
}
