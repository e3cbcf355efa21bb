import type { PointsMoveResult, RedeemPointPayload } from '@lotus/shared/points.schema';
import { idempotencyHeaders } from '../../../lib/money/money.ts';
import { postSealed } from '../../../lib/sealed-request.ts';

export type { PointsMoveResult, RedeemPointPayload };

/**
 * POST /wps/relay/passwordCheck/MCS2_redeemPointReward: sealed (it carries the withdraw password), with the
 * intent's Idempotency-Key so a retry after a lost answer never redeems twice.
 */
export function redeemPointReward(
  payload: RedeemPointPayload,
  idempotencyKey: string,
): Promise<PointsMoveResult> {
  return postSealed<PointsMoveResult>(
    '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    payload,
    'POST',
    idempotencyHeaders(idempotencyKey),
  );
}
