import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSessionStore } from '../session/session-store.ts';
import {
  fetchBalance,
  fetchConsolidated,
  fetchMerchantWallet,
  fetchTransactions,
  fetchWithdrawPasswordStatus,
  type TransactionQuery,
} from './wallet-api.ts';

/**
 * TanStack Query keys of the wallet. Everything hangs under ['wallet'], so signing out (or in as someone
 * else) forgets it in one call, and a money action refreshes it in one call.
 */
export const WALLET_KEYS = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  merchantWallet: ['wallet', 'merchantWallet'] as const,
  consolidated: ['wallet', 'consolidated'] as const,
  transactions: (query: TransactionQuery) => ['wallet', 'transactions', query] as const,
  withdrawPassword: ['wallet', 'withdrawPassword'] as const,
};

const useHasSession = () => useSessionStore((state) => state.token !== null);

/**
 * The main wallet (`GET /wps/v2/wallets/balance`), only with a session. `enabled: false` lets a caller hold
 * the first request back (the header waits 300 ms, SPEC §9); the WebSocket push writes into the same data.
 */
export function useBalance({ enabled = true }: { enabled?: boolean } = {}) {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: WALLET_KEYS.balance,
    queryFn: ({ signal }) => fetchBalance(signal),
    enabled: hasSession && enabled,
  });
}

/** Single-wallet brand or not; a brand setting, so kept for the page's life. */
export function useMerchantWallet() {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: WALLET_KEYS.merchantWallet,
    queryFn: ({ signal }) => fetchMerchantWallet(signal),
    enabled: hasSession,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Main wallet and vendor wallets together (my wallet page). */
export function useConsolidated({ enabled = true }: { enabled?: boolean } = {}) {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: WALLET_KEYS.consolidated,
    queryFn: ({ signal }) => fetchConsolidated(signal),
    enabled: hasSession && enabled,
    staleTime: 0,
  });
}

/** One page of the account record; the previous page stays on screen while the next loads. */
export function useTransactions(query: TransactionQuery | null) {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: WALLET_KEYS.transactions(
      query ?? { type: 'all', startDate: '', endDate: '', pageNo: 1, pageSize: 20 },
    ),
    queryFn: ({ signal }) => fetchTransactions(query as TransactionQuery, signal),
    enabled: hasSession && query !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Whether the payment password is set (needed for a transfer to the upline). */
export function useWithdrawPasswordStatus() {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: WALLET_KEYS.withdrawPassword,
    queryFn: ({ signal }) => fetchWithdrawPasswordStatus(signal),
    enabled: hasSession,
    staleTime: 0,
  });
}

/** After any money action: the balance and every wallet view are out of date. */
export function invalidateWallet(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: WALLET_KEYS.all });
}

export function useInvalidateWallet(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateWallet(queryClient), [queryClient]);
}
