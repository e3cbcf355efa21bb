import type { PointRewardList } from '@lotus/shared/points.schema';
import { useQuery } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { POINTS_KEYS } from './points-keys.ts';

/** POST /wps/relay/MCS2_getPointReward: the mall's rewards with stock (no login needed). */
export function getPointRewards(language: string): Promise<PointRewardList> {
  return apiSend<PointRewardList>('POST', '/wps/relay/MCS2_getPointReward', { language });
}

export function usePointRewards(language: string) {
  return useQuery({
    queryKey: POINTS_KEYS.rewards(language),
    queryFn: () => getPointRewards(language),
    staleTime: 0,
  });
}
