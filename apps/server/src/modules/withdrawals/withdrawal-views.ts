import { minorToDecimal } from '@lotus/shared/money';
import type { OpsWithdrawalView, WithdrawalView } from '@lotus/shared/withdrawals.schema';
import type { PayoutAccountRow } from '../../db/tables/wallet-operations.ts';
import type { WithdrawalDetail } from './withdrawals.repository.ts';

/** How withdrawals and payout accounts look to the member and to the back office. */

/** `****1234`: enough for the member to recognise the account, too little to be worth reading over a shoulder. */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

export function payoutAccountView(row: PayoutAccountRow) {
  return {
    id: String(row.id),
    kind: row.kind,
    provider: row.provider,
    accountNumberMasked: maskAccountNumber(row.account_number),
    ifsc: row.ifsc,
    payeeName: row.payee_name,
  };
}

function receiptView(row: WithdrawalDetail): WithdrawalView['receipt'] {
  if (row.receipt_status === null) return null;
  const received = row.receipt_status === 'awaiting' ? null : (row.received_minor ?? row.amount_minor);
  const remainder = received === null ? null : row.amount_minor - received;
  return {
    status: row.receipt_status,
    deadline: iso(row.receipt_deadline),
    receivedMinor: received === null ? null : String(received),
    received: received === null ? null : minorToDecimal(received),
    remainderMinor: remainder === null ? null : String(remainder),
    remainder: remainder === null ? null : minorToDecimal(remainder),
    investigation: row.investigation,
  };
}

export function withdrawalView(row: WithdrawalDetail): WithdrawalView {
  return {
    id: String(row.id),
    amountMinor: String(row.amount_minor),
    amount: minorToDecimal(row.amount_minor),
    status: row.status,
    payoutAccount: {
      provider: row.account_provider,
      accountNumberMasked: maskAccountNumber(row.account_number),
    },
    createdAt: row.created_at.toISOString(),
    decidedAt: iso(row.decided_at),
    rejectReason: row.reject_reason,
    receipt: receiptView(row),
  };
}

export function opsWithdrawalView(row: WithdrawalDetail): OpsWithdrawalView {
  return {
    ...withdrawalView(row),
    memberId: String(row.member_id),
    username: row.username,
    currency: row.currency,
    payoutAccount: {
      kind: row.account_kind,
      provider: row.account_provider,
      accountNumber: row.account_number,
      accountNumberMasked: maskAccountNumber(row.account_number),
      ifsc: row.account_ifsc,
      payeeName: row.account_payee_name,
    },
    decidedBy: row.decided_by,
    receiptNote: row.receipt_note,
    hasProof: row.has_proof,
  };
}
