import type { RewardClaimResult } from '@lotus/shared/rewards.schema';
import { apiSend } from '../../../lib/api-client.ts';

export type { RewardClaimResult };

/**
 * POST /wps/member/rewards/:id/claim with the intent's Idempotency-Key (docs/wallet-contract.md
 * "Idempotency"): a retry of the same intent sends the same key, so a lost answer never claims twice.
 */
export function claimReward(id: string, idempotencyKey: string): Promise<RewardClaimResult> {
  return apiSend<RewardClaimResult>(
    'POST',
    `/wps/member/rewards/${encodeURIComponent(id)}/claim`,
    undefined,
    {
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );
}
