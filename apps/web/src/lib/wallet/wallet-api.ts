import type {
  AccountRecordPage,
  AgentTransferResult,
  ConsolidatedFunds,
  MerchantWallet,
  RecordTypeFilter,
  TransferDirection,
  WalletBalance,
  WalletRecallResult,
  WalletTransferBody,
  WalletTransferResult,
} from '@lotus/shared/wallet.schema';
import { apiGet, apiSend } from '../api-client.ts';

/**
 * The member's wallet calls (docs/wallet-contract.md "Balance, wallets, transfers", "Account record"). Types
 * only come from the shared schemas: the JSON is typed, not parsed (lib/api-client.ts explains why); money
 * stays in strings end to end.
 */

export type {
  AccountRecordPage,
  AgentTransferResult,
  ConsolidatedFunds,
  MerchantWallet,
  TransferDirection,
  WalletBalance,
  WalletRecallResult,
  WalletTransferResult,
};

export type TransactionQuery = {
  type: RecordTypeFilter;
  /** `yyyy-MM-dd`, inclusive, at most 92 days apart. */
  startDate: string;
  endDate: string;
  pageNo: number;
  pageSize: number;
};

/** Every money call carries the key of the one intent it belongs to (docs/wallet-contract.md "Idempotency"). */
export const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** GET /wps/v2/wallets/balance: the main wallet. */
export function fetchBalance(signal?: AbortSignal): Promise<WalletBalance> {
  return apiGet<WalletBalance>('/wps/v2/wallets/balance', signal ? { signal } : {});
}

/** GET /wps/relay/GCS_merchantWallet: whether the brand keeps one wallet (no vendor transfers). */
export function fetchMerchantWallet(signal?: AbortSignal): Promise<MerchantWallet> {
  return apiGet<MerchantWallet>('/wps/relay/GCS_merchantWallet', signal ? { signal } : {});
}

/** GET /wps/member/info/funds/consolidated: main wallet plus every vendor wallet. */
export function fetchConsolidated(signal?: AbortSignal): Promise<ConsolidatedFunds> {
  return apiGet<ConsolidatedFunds>('/wps/member/info/funds/consolidated', signal ? { signal } : {});
}

/** GET /wps/member/transactions: the main wallet's postings, newest first. */
export function fetchTransactions(query: TransactionQuery, signal?: AbortSignal): Promise<AccountRecordPage> {
  const params = new URLSearchParams({
    type: query.type,
    startDate: query.startDate,
    endDate: query.endDate,
    pageNo: String(query.pageNo),
    pageSize: String(query.pageSize),
  });
  return apiGet<AccountRecordPage>(`/wps/member/transactions?${params}`, signal ? { signal } : {});
}

/** POST /wps/relay/GCS_walletTransfer: `in` main → vendor, `out` vendor → main. */
export function transferWallet(
  body: WalletTransferBody,
  idempotencyKey: string,
): Promise<WalletTransferResult> {
  return apiSend<WalletTransferResult>(
    'POST',
    '/wps/relay/GCS_walletTransfer',
    body,
    idempotent(idempotencyKey),
  );
}

/** POST /wps/relay/GCS_walletRecall: every vendor wallet (or one) back to main. */
export function recallWallets(idempotencyKey: string, vendor?: string): Promise<WalletRecallResult> {
  return apiSend<WalletRecallResult>(
    'POST',
    '/wps/relay/GCS_walletRecall',
    vendor === undefined ? {} : { vendor },
    idempotent(idempotencyKey),
  );
}

/** GET /wps/member/withdraw-password: whether the payment password has been set. */
export function fetchWithdrawPasswordStatus(signal?: AbortSignal): Promise<{ isSet: boolean }> {
  return apiGet<{ isSet: boolean }>('/wps/member/withdraw-password', signal ? { signal } : {});
}
