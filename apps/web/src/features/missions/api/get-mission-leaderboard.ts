import type { MissionLeaderboard } from '@lotus/shared/missions.schema';
import { MISSIONS_LEADERBOARD_PATH } from '@lotus/shared/missions-constants';
import { useQuery } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { MISSIONS_KEYS } from './missions-keys.ts';

export type { MissionLeaderboard };

/** POST /wps/relay/MCSFE_getMissionLeaderboard (SPEC §7): this week's ranking and the caller's rank. */
export function getMissionLeaderboard(signal?: AbortSignal): Promise<MissionLeaderboard> {
  return apiSend<MissionLeaderboard>('POST', MISSIONS_LEADERBOARD_PATH, undefined, signal ? { signal } : {});
}

export function useMissionLeaderboard() {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: MISSIONS_KEYS.leaderboard,
    queryFn: ({ signal }) => getMissionLeaderboard(signal),
    enabled: hasSession,
    staleTime: 0,
  });
}
