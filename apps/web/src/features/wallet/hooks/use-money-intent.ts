import type { TFunction } from '../../../lib/i18n.ts';
import { type ConfirmedIntent, useConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import { useInvalidateWallet } from '../../../lib/wallet/use-wallet-queries.ts';

export type MoneyIntent<TInput, TResult> = ConfirmedIntent<TInput, TResult>;

/** A wallet money intent (lib/use-confirmed-intent.ts) that refreshes the wallet's cached views after it. */
export function useMoneyIntent<TInput, TResult>(
  send: (input: TInput, idempotencyKey: string) => Promise<TResult>,
  onDone: (result: TResult, input: TInput) => void,
): MoneyIntent<TInput, TResult> {
  return useConfirmedIntent(send, onDone, useInvalidateWallet());
}

/**
 * The confirm dialog's state and buttons for a wallet intent: its failure as `errors` text, "Try again"
 * after one, and the wallet's `-confirm` test id on the button.
 */
export function intentDialogProps<TInput, TResult>(intent: MoneyIntent<TInput, TResult>, t: TFunction) {
  return {
    opened: intent.pending !== null,
    error: intent.errorCode ? t(`errors:${intent.errorCode}`) : null,
    confirmLabel: t('wallet:actions.confirm'),
    retryLabel: t('wallet:actions.retry'),
    confirmSuffix: 'confirm' as const,
    busy: intent.busy,
    onConfirm: () => void intent.confirm(),
    onClose: intent.cancel,
  };
}
