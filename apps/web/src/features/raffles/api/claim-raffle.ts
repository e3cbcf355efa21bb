import { RAFFLE_CLAIM_PATH, type RaffleClaimResult } from '@lotus/shared/raffles.schema';
import { apiSend } from '../../../lib/api-client.ts';

export type { RaffleClaimResult };

/**
 * POST /wps/relay/MCS2_claimRafflePromotion (SPEC §7) with the intent's Idempotency-Key: opens the next
 * unused ticket of the campaign; a retry of the same intent replays the same ticket, never a second one.
 */
export function claimRaffle(campaignCode: string, idempotencyKey: string): Promise<RaffleClaimResult> {
  return apiSend<RaffleClaimResult>(
    'POST',
    RAFFLE_CLAIM_PATH,
    { campaignCode },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
