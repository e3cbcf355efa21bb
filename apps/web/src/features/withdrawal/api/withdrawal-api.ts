import type {
  ReceiptAnswer,
  WithdrawalList,
  WithdrawalResult,
  WithdrawalView,
} from '@lotus/shared/withdrawals.schema';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { idempotencyHeaders } from '../../../lib/money/money.ts';
import { postSealed } from '../../../lib/sealed-request.ts';
import { WALLET_KEYS } from '../../../lib/wallet/use-wallet-queries.ts';

/**
 * The withdrawal calls (docs/wallet-contract.md "Withdrawals"): withdrawals and their receipt confirmation.
 * The payment password and payout accounts the page also needs are shared with the security centre
 * (lib/wallet/payout-settings-api.ts).
 */
export const WITHDRAWAL_KEYS = {
  all: ['member', 'withdrawal'] as const,
  list: (pageNo: number) => ['member', 'withdrawal', 'list', pageNo] as const,
};

export const WITHDRAWAL_PAGE_SIZE = 10;

export function useWithdrawals(pageNo: number) {
  return useQuery({
    queryKey: WITHDRAWAL_KEYS.list(pageNo),
    queryFn: ({ signal }) =>
      apiGet<WithdrawalList>(`/wps/member/withdrawals?pageNo=${pageNo}&pageSize=${WITHDRAWAL_PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export type WithdrawalRequest = { payoutAccountId: string; amount: string; withdrawPassword: string };

/** POST /wps/member/withdrawals (sealed) with the intent's Idempotency-Key. */
export function createWithdrawal(
  request: WithdrawalRequest,
  idempotencyKey: string,
): Promise<WithdrawalResult> {
  return postSealed<WithdrawalResult>(
    '/wps/member/withdrawals',
    request,
    'POST',
    idempotencyHeaders(idempotencyKey),
  );
}

export type ReceiptRequest = {
  status: ReceiptAnswer;
  receivedAmount?: string;
  note?: string;
  proof?: File | null;
};

/** POST /wps/member/withdrawals/:id/receipt as multipart with the intent's Idempotency-Key. */
export function confirmReceipt(
  id: string,
  request: ReceiptRequest,
  idempotencyKey: string,
): Promise<{ withdrawal: WithdrawalView }> {
  const form = new FormData();
  form.append('status', request.status);
  if (request.receivedAmount !== undefined) form.append('receivedAmount', request.receivedAmount.trim());
  if (request.note) form.append('note', request.note.trim());
  if (request.proof) form.append('proof', request.proof, request.proof.name);
  return apiSend(
    'POST',
    `/wps/member/withdrawals/${encodeURIComponent(id)}/receipt`,
    form,
    idempotencyHeaders(idempotencyKey),
  );
}

/** A withdrawal or a receipt changes the balance and the lists. */
export async function refreshAfterWithdrawal(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: WITHDRAWAL_KEYS.all }),
    queryClient.invalidateQueries({ queryKey: WALLET_KEYS.all }),
  ]);
}
