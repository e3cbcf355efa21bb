import type { RegisterSetting } from '@lotus/shared/system.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client.ts';

/**
 * GET /wps/system/setting/register: the brand's field rules, captcha and SMS switches, mobile length and
 * dialing code. One fetcher and one cache entry for every form that reads them (login, register, password
 * flows, the agent centre's downline registration, which the server checks with the same rules).
 */
export function registerSettingQueryOptions() {
  return queryOptions({
    queryKey: ['system', 'registerSetting'],
    queryFn: ({ signal }) => apiGet<RegisterSetting>('/wps/system/setting/register', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRegisterSetting() {
  return useQuery(registerSettingQueryOptions());
}
