import type { RewardView } from '@lotus/shared/rewards.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ConfirmedIntent, useConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import { claimReward, type RewardClaimResult } from '../api/claim-reward.ts';
import { REWARDS_KEYS, UNREAD_COUNT_KEY, WALLET_KEY } from '../api/rewards-keys.ts';

export type ClaimIntent = ConfirmedIntent<RewardView, RewardClaimResult>;

const sendClaim = (reward: RewardView, idempotencyKey: string) => claimReward(reward.id, idempotencyKey);

/**
 * One claim from confirm to result, like the wallet's money intents (lib/use-confirmed-intent.ts); after
 * every attempt the rewards, the balance and the unread count are refreshed.
 */
export function useClaimIntent(onDone: (result: RewardClaimResult) => void): ClaimIntent {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REWARDS_KEYS.all }),
        queryClient.invalidateQueries({ queryKey: WALLET_KEY }),
        queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }),
      ]),
    [queryClient],
  );
  return useConfirmedIntent(sendClaim, onDone, refresh);
}
