import type { AgentTransferResult, TransferUplinePayload } from '@lotus/shared/wallet.schema';
import { postSealed } from '../../../lib/sealed-request.ts';
import { idempotent } from '../../../lib/wallet/wallet-api.ts';

/*
 * Apart from wallet-api.ts on purpose: the header's balance imports that file, and the sealing code (WebCrypto
 * and the key fetch) must stay out of the first page's bundle; only the lazy upline page needs it.
 */

/** POST /wps/member/transfer/upline (sealed): to the member's own upline. */
export function transferToUpline(
  payload: TransferUplinePayload,
  idempotencyKey: string,
): Promise<AgentTransferResult> {
  return postSealed<AgentTransferResult>(
    '/wps/member/transfer/upline',
    payload,
    'POST',
    idempotent(idempotencyKey),
  );
}
