import type { CreateDepositResult, DepositList, DepositMethods } from '@lotus/shared/deposits.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { idempotencyHeaders } from '../../../lib/money/money.ts';

/** The deposit calls (docs/wallet-contract.md "Deposits"); everything member-owned hangs under ['member']. */
export const DEPOSIT_KEYS = {
  all: ['member', 'deposit'] as const,
  methods: (language: string) => ['member', 'deposit', 'methods', language] as const,
  list: (pageNo: number) => ['member', 'deposit', 'list', pageNo] as const,
};

export const DEPOSIT_PAGE_SIZE = 10;

/** Method names come in the page's language. */
export function useDepositMethods(language: string) {
  const brandLanguage = toBrandLanguage(language).slice(0, 2);
  return useQuery({
    queryKey: DEPOSIT_KEYS.methods(brandLanguage),
    queryFn: ({ signal }) =>
      apiGet<DepositMethods>(`/wps/payments/deposit/methods?language=${brandLanguage}`, { signal }),
    staleTime: 60_000,
  });
}

export function useDeposits(pageNo: number, options: { pollWhilePending?: boolean } = {}) {
  return useQuery({
    queryKey: DEPOSIT_KEYS.list(pageNo),
    queryFn: ({ signal }) =>
      apiGet<DepositList>(`/wps/payments/deposits?pageNo=${pageNo}&pageSize=${DEPOSIT_PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    // A gateway's callback may land a moment after the player is sent back: look again while pending.
    refetchInterval: (query) =>
      options.pollWhilePending && query.state.data?.list.some((deposit) => deposit.status === 'pending')
        ? 5_000
        : false,
  });
}

export type DepositRequest = {
  method: string;
  amount: string;
  /** Bank transfer only. */
  reference?: string;
  proof?: File | null;
};

/** POST /wps/payments/deposits as multipart, with the intent's Idempotency-Key. */
export function createDeposit(request: DepositRequest, idempotencyKey: string): Promise<CreateDepositResult> {
  const form = new FormData();
  form.append('method', request.method);
  form.append('amount', request.amount.trim());
  if (request.reference !== undefined) form.append('reference', request.reference.trim());
  if (request.proof) form.append('proof', request.proof, request.proof.name);
  return apiSend<CreateDepositResult>(
    'POST',
    '/wps/payments/deposits',
    form,
    idempotencyHeaders(idempotencyKey),
  );
}
