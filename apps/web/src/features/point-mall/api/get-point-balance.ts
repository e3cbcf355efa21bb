import type { PointBalance } from '@lotus/shared/points.schema';
import { useQuery } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { POINTS_KEYS } from './points-keys.ts';

/** POST /wps/relay/MCS2_getPointBalance: the member's whole points. */
export function getPointBalance(): Promise<PointBalance> {
  return apiSend<PointBalance>('POST', '/wps/relay/MCS2_getPointBalance');
}

/** Only for a real account (trial and type-4 accounts hold no points). */
export function usePointBalance() {
  const { token, isRealAccount } = useSession();
  return useQuery({
    queryKey: POINTS_KEYS.balance,
    queryFn: getPointBalance,
    enabled: token !== null && isRealAccount,
    staleTime: 0,
  });
}
