import type { RedeemPointList } from '@lotus/shared/points.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { POINTS_KEYS } from './points-keys.ts';

/** POST /wps/relay/MCS2_getRedeemPointList: one page of the member's redemptions, newest first. */
export function getRedeemList(page: number): Promise<RedeemPointList> {
  return apiSend<RedeemPointList>('POST', '/wps/relay/MCS2_getRedeemPointList', { page });
}

export function useRedeemList(page: number) {
  const { token, isRealAccount } = useSession();
  return useQuery({
    queryKey: POINTS_KEYS.history(page),
    queryFn: () => getRedeemList(page),
    enabled: token !== null && isRealAccount,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
