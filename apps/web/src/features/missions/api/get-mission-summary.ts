import type { MissionSummary } from '@lotus/shared/missions.schema';
import { MISSIONS_SUMMARY_PATH } from '@lotus/shared/missions-constants';
import { useQuery } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { MISSIONS_KEYS } from './missions-keys.ts';

export type { MissionSummary };

/** POST /wps/relay/MCSFE_getMissionSummaryDetails (SPEC §7): missions with progress, status, period end. */
export function getMissionSummary(language: string, signal?: AbortSignal): Promise<MissionSummary> {
  return apiSend<MissionSummary>('POST', MISSIONS_SUMMARY_PATH, { language }, signal ? { signal } : {});
}

/** The summary, only with a session; asked again on focus, since rounds played elsewhere move it. */
export function useMissionSummary(language: string) {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: MISSIONS_KEYS.summary(language),
    queryFn: ({ signal }) => getMissionSummary(language, signal),
    enabled: hasSession,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
