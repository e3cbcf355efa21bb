import type {
  CreatePayoutAccountBody,
  PayoutAccounts,
  ReceiptAnswer,
  SetWithdrawPasswordPayload,
  WithdrawalList,
  WithdrawalResult,
  WithdrawalView,
} from '@lotus/shared/withdrawals.schema';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { postSealed } from '../../auth/api/sealed-request.ts';
import { idempotencyHeaders } from '../../member-centre/utils/money.ts';
import { WALLET_KEYS } from '../../wallet/hooks/use-wallet-queries.ts';

/**
 * The withdrawal calls (docs/wallet-contract.md "Withdrawals"): payment password, payout accounts,
 * withdrawals and their receipt confirmation. The payment password status shares the wallet's query key,
 * so the transfer-to-upline page and these pages see one answer.
 */
export const WITHDRAWAL_KEYS = {
  all: ['member', 'withdrawal'] as const,
  list: (pageNo: number) => ['member', 'withdrawal', 'list', pageNo] as const,
  payoutAccounts: ['member', 'payoutAccounts'] as const,
  withdrawPassword: WALLET_KEYS.withdrawPassword,
};

export const WITHDRAWAL_PAGE_SIZE = 10;

export function useWithdrawPasswordIsSet() {
  return useQuery({
    queryKey: WITHDRAWAL_KEYS.withdrawPassword,
    queryFn: ({ signal }) => apiGet<{ isSet: boolean }>('/wps/member/withdraw-password', { signal }),
    staleTime: 0,
  });
}

/** PUT /wps/member/withdraw-password (sealed): first set with the login password, later with the old one. */
export function setWithdrawPassword(payload: SetWithdrawPasswordPayload): Promise<{ isSet: boolean }> {
  return postSealed<{ isSet: boolean }>('/wps/member/withdraw-password', payload, 'PUT');
}

export function usePayoutAccounts() {
  return useQuery({
    queryKey: WITHDRAWAL_KEYS.payoutAccounts,
    queryFn: ({ signal }) => apiGet<PayoutAccounts>('/wps/member/payout-accounts', { signal }),
    staleTime: 0,
  });
}

export function addPayoutAccount(body: CreatePayoutAccountBody): Promise<PayoutAccounts> {
  return apiSend<PayoutAccounts>('POST', '/wps/member/payout-accounts', body);
}

export function removePayoutAccount(id: string): Promise<PayoutAccounts> {
  return apiSend<PayoutAccounts>('DELETE', `/wps/member/payout-accounts/${encodeURIComponent(id)}`);
}

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
