import type { ConvertPointPayload, PointsMoveResult } from '@lotus/shared/points.schema';
import { idempotencyHeaders } from '../../../lib/money/money.ts';
import { postSealed } from '../../../lib/sealed-request.ts';

/** POST /wps/relay/passwordCheck/MCS2_convertPoint: sealed, with the intent's Idempotency-Key. */
export function convertPoints(
  payload: ConvertPointPayload,
  idempotencyKey: string,
): Promise<PointsMoveResult> {
  return postSealed<PointsMoveResult>(
    '/wps/relay/passwordCheck/MCS2_convertPoint',
    payload,
    'POST',
    idempotencyHeaders(idempotencyKey),
  );
}
