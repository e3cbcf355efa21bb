import type { FreeRoundGrant } from '@lotus/shared/free-rounds.schema';
import type { ForfeitResult, MyBonuses } from '@lotus/shared/promotion-engine.schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';

export type { ForfeitResult, FreeRoundGrant, MyBonuses };

/**
 * Keys of the member's bonuses, under ['member'] (logging out forgets them). A forfeit invalidates them and
 * the wallet's views (features/wallet WALLET_KEYS, repeated: features do not import each other).
 */
export const BONUS_KEYS = {
  all: ['member', 'bonuses'] as const,
  freeRounds: ['member', 'free-rounds'] as const,
  wallet: ['wallet'] as const,
};

/** GET /wps/member/bonuses: each bonus with its wagering, newest first, and what the open ones lock. */
export function useBonuses() {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: BONUS_KEYS.all,
    queryFn: ({ signal }) => apiGet<MyBonuses>('/wps/member/bonuses', signal ? { signal } : {}),
    enabled: hasSession,
    staleTime: 0,
  });
}

/** POST /wps/member/bonuses/:id/forfeit with the intent's Idempotency-Key. */
export function forfeitBonus(id: string, idempotencyKey: string): Promise<ForfeitResult> {
  return apiSend<ForfeitResult>('POST', `/wps/member/bonuses/${encodeURIComponent(id)}/forfeit`, undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** GET /wps/member/free-rounds (issue 19): the member's free-round grants with the rounds left. */
export function useFreeRounds() {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: BONUS_KEYS.freeRounds,
    queryFn: ({ signal }) =>
      apiGet<{ list: FreeRoundGrant[] }>('/wps/member/free-rounds', signal ? { signal } : {}),
    enabled: hasSession,
    staleTime: 0,
  });
}
