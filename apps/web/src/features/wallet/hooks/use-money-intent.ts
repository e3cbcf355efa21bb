import type { TFunction } from 'i18next';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../member-centre/utils/money.ts';
import { useInvalidateWallet } from './use-wallet-queries.ts';

export type MoneyIntent<TInput, TResult> = {
  /** What the open confirm dialog is about; null when no dialog is open. */
  pending: TInput | null;
  busy: boolean;
  /** `errors` namespace key of the last failed attempt. */
  errorCode: string | null;
  /** Opens the confirm step: a new intent, so a new Idempotency-Key. */
  open: (input: TInput) => void;
  cancel: () => void;
  /** Sends (or re-sends, with the same key) the pending intent. */
  confirm: () => Promise<TResult | null>;
};

/**
 * One money action from confirm to result (docs/wallet-contract.md "Idempotency"): the key is made when the
 * confirm dialog opens and reused by every retry of that dialog; cancelling drops it. After every attempt,
 * failed ones too (a lost answer may still have moved money), the wallet's cached views are refreshed.
 */
export function useMoneyIntent<TInput, TResult>(
  send: (input: TInput, idempotencyKey: string) => Promise<TResult>,
  onDone: (result: TResult, input: TInput) => void,
): MoneyIntent<TInput, TResult> {
  const [intent, setIntent] = useState<{ input: TInput; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const inFlight = useRef(false);
  const invalidate = useInvalidateWallet();

  const open = useCallback((input: TInput) => {
    setIntent({ input, key: newIdempotencyKey() });
    setErrorCode(null);
  }, []);

  const cancel = useCallback(() => {
    if (inFlight.current) return;
    setIntent(null);
    setErrorCode(null);
  }, []);

  const confirm = useCallback(async () => {
    if (!intent || inFlight.current) return null;
    inFlight.current = true;
    setBusy(true);
    setErrorCode(null);
    try {
      const result = await send(intent.input, intent.key);
      setIntent(null);
      onDone(result, intent.input);
      return result;
    } catch (error) {
      setErrorCode(error instanceof ApiError ? error.code : 'unknown_error');
      return null;
    } finally {
      inFlight.current = false;
      setBusy(false);
      void invalidate();
    }
  }, [intent, send, onDone, invalidate]);

  return { pending: intent?.input ?? null, busy, errorCode, open, cancel, confirm };
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
