import type { RewardView } from '@lotus/shared/rewards.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../member-centre/utils/money.ts';
import { claimReward, type RewardClaimResult } from '../api/claim-reward.ts';
import { REWARDS_KEYS, UNREAD_COUNT_KEY, WALLET_KEY } from '../api/rewards-keys.ts';

export type ClaimIntent = {
  /** The reward the open confirm dialog is about; null when no dialog is open. */
  pending: RewardView | null;
  busy: boolean;
  /** `errors` namespace key of the last failed attempt. */
  errorCode: string | null;
  /** Opens the confirm step: a new intent, so a new Idempotency-Key. */
  open: (reward: RewardView) => void;
  cancel: () => void;
  /** Sends (or re-sends, with the same key) the pending claim. */
  confirm: () => Promise<RewardClaimResult | null>;
};

/**
 * One claim from confirm to result, like the wallet's money intents: the key is made when the confirm
 * dialog opens and reused by every retry of that dialog; cancelling drops it. After every attempt, failed
 * ones too (a lost answer may still have claimed), the rewards, the balance and the unread count are
 * refreshed.
 */
export function useClaimIntent(onDone: (result: RewardClaimResult) => void): ClaimIntent {
  const [intent, setIntent] = useState<{ reward: RewardView; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const inFlight = useRef(false);
  const queryClient = useQueryClient();

  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: REWARDS_KEYS.all }),
      queryClient.invalidateQueries({ queryKey: WALLET_KEY }),
      queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }),
    ]);
  }, [queryClient]);

  const open = useCallback((reward: RewardView) => {
    setIntent({ reward, key: newIdempotencyKey() });
    setErrorCode(null);
  }, []);

  const cancel = useCallback(() => {
    if (inFlight.current) return;
    setIntent(null);
    setErrorCode(null);
  }, []);

  const confirm = useCallback(async () => {
    if (!intent || inFlight.current) return null;
    inFlight.current = true;
    setBusy(true);
    setErrorCode(null);
    try {
      const result = await claimReward(intent.reward.id, intent.key);
      setIntent(null);
      onDone(result);
      return result;
    } catch (error) {
      setErrorCode(error instanceof ApiError ? error.code : 'unknown_error');
      return null;
    } finally {
      inFlight.current = false;
      setBusy(false);
      void refresh();
    }
  }, [intent, onDone, refresh]);

  return { pending: intent?.reward ?? null, busy, errorCode, open, cancel, confirm };
}
