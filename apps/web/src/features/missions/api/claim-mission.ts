import type { MissionClaim } from '@lotus/shared/missions.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { MISSIONS_KEYS, REWARDS_KEY, UNREAD_COUNT_KEY } from './missions-keys.ts';

export type { MissionClaim };

/**
 * POST /wps/member/missions/:id/claim: once per mission and period on the server (a repeat answers
 * mission_already_claimed), so it needs no Idempotency-Key; no money moves until the reward is claimed in
 * the reward centre.
 */
export function claimMission(id: string): Promise<MissionClaim> {
  return apiSend<MissionClaim>('POST', `/wps/member/missions/${encodeURIComponent(id)}/claim`);
}

/** The claim; after it, whatever the answer, the missions, the leaderboard, the rewards and the counts refresh. */
export function useClaimMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimMission,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MISSIONS_KEYS.all }),
        queryClient.invalidateQueries({ queryKey: REWARDS_KEY }),
        queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }),
      ]),
  });
}
