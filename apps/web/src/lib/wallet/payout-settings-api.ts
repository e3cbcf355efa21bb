import type {
  CreatePayoutAccountBody,
  PayoutAccounts,
  SetWithdrawPasswordPayload,
} from '@lotus/shared/withdrawals.schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../api-client.ts';
import { postSealed } from '../sealed-request.ts';
import { WALLET_KEYS } from './use-wallet-queries.ts';

/**
 * The payment password and the payout accounts (docs/wallet-contract.md "Withdrawals"): set in the security
 * centre, used by the withdrawal page. The payment password status shares the wallet's query key, so the
 * transfer-to-upline page and these pages see one answer.
 */
export const PAYOUT_SETTINGS_KEYS = {
  payoutAccounts: ['member', 'payoutAccounts'] as const,
  withdrawPassword: WALLET_KEYS.withdrawPassword,
};

export function useWithdrawPasswordIsSet() {
  return useQuery({
    queryKey: PAYOUT_SETTINGS_KEYS.withdrawPassword,
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
    queryKey: PAYOUT_SETTINGS_KEYS.payoutAccounts,
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
