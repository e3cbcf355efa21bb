import type { PointConfig } from '@lotus/shared/points.schema';
import { useQuery } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { POINTS_KEYS } from './points-keys.ts';

/** POST /wps/relay/MCS2_getPointConfig: the earning rates and the conversion (no login needed). */
export function getPointConfig(): Promise<PointConfig> {
  return apiSend<PointConfig>('POST', '/wps/relay/MCS2_getPointConfig');
}

export function usePointConfig() {
  return useQuery({ queryKey: POINTS_KEYS.config, queryFn: getPointConfig, staleTime: 60_000 });
}
