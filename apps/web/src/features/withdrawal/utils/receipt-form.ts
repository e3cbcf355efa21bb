import { decimalToMinor } from '@lotus/shared/money';
import type { ReceiptAnswer } from '@lotus/shared/withdrawals.schema';

export type ReceiptDraft = {
  status: ReceiptAnswer | null;
  receivedAmount: string;
  proof: File | null;
  note: string;
};

export type ReceiptErrors = {
  status?: 'required';
  receivedAmount?: 'required' | 'received_amount_invalid';
  proof?: 'proof_required';
};

/**
 * SPEC §4 withdrawal confirmation (docs/wallet-contract.md "receipt"): received needs nothing more; not
 * received needs a proof image; partly received needs a received amount with 0 < x < the withdrawal, the
 * proof being optional. The server applies the same rules.
 */
export function checkReceiptForm(draft: ReceiptDraft, amountMinor: bigint): ReceiptErrors {
  const errors: ReceiptErrors = {};
  if (draft.status === null) {
    errors.status = 'required';
    return errors;
  }
  if (draft.status === 'not_received' && !draft.proof) errors.proof = 'proof_required';
  if (draft.status === 'partly_received') {
    if (draft.receivedAmount.trim() === '') errors.receivedAmount = 'required';
    else {
      const received = decimalToMinor(draft.receivedAmount);
      if (received === null || received >= amountMinor) errors.receivedAmount = 'received_amount_invalid';
    }
  }
  return errors;
}

/** What did not arrive, live while the player types; null while the typed amount is not usable. */
export function remainderMinor(receivedText: string, amountMinor: bigint): bigint | null {
  const received = decimalToMinor(receivedText);
  if (received === null || received >= amountMinor) return null;
  return amountMinor - received;
}
