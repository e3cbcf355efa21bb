import type { AgentTransferResult, TransferDownlinePayload } from '@lotus/shared/wallet.schema';
import { postSealed } from '../../../lib/sealed-request.ts';

/** POST /wps/agent/transfer/downline (sealed; the Idempotency-Key names one intent, reused by its retries). */
export function transferToDownline(
  payload: TransferDownlinePayload,
  idempotencyKey: string,
): Promise<AgentTransferResult> {
  return postSealed<AgentTransferResult>('/wps/agent/transfer/downline', payload, 'POST', {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
