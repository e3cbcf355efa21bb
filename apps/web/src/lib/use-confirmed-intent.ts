import { useCallback, useRef, useState } from 'react';
import { ApiError } from './api-client.ts';
import { newIdempotencyKey } from './money/money.ts';

export type ConfirmedIntent<TInput, TResult> = {
  /** What the open confirm dialog is about; null when no dialog is open. */
  pending: TInput | null;
  busy: boolean;
  /** `errors` namespace key of the last failed attempt. */
  errorCode: string | null;
  /** The last failed attempt's error itself (its value may carry limits to show), null after success. */
  error: unknown;
  /** Opens the confirm step: a new intent, so a new Idempotency-Key. */
  open: (input: TInput) => void;
  cancel: () => void;
  /** Sends (or re-sends, with the same key) the pending intent. */
  confirm: () => Promise<TResult | null>;
};

/**
 * One money call from confirm to result (docs/wallet-contract.md "Idempotency"): the key is made when the
 * confirm dialog opens and reused by every retry of that dialog; cancelling drops it. After every attempt,
 * failed ones too (a lost answer may still have moved money), `refresh` renews the cached views it touched.
 * The wallet's transfers, the reward centre's claims, deposits and withdrawal receipts all run through it.
 */
export function useConfirmedIntent<TInput, TResult>(
  send: (input: TInput, idempotencyKey: string) => Promise<TResult>,
  onDone: (result: TResult, input: TInput) => void,
  refresh: () => Promise<unknown>,
): ConfirmedIntent<TInput, TResult> {
  const [intent, setIntent] = useState<{ input: TInput; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef(false);

  const open = useCallback((input: TInput) => {
    setIntent({ input, key: newIdempotencyKey() });
    setErrorCode(null);
    setError(null);
  }, []);

  const cancel = useCallback(() => {
    if (inFlight.current) return;
    setIntent(null);
    setErrorCode(null);
    setError(null);
  }, []);

  const confirm = useCallback(async () => {
    if (!intent || inFlight.current) return null;
    inFlight.current = true;
    setBusy(true);
    setErrorCode(null);
    setError(null);
    try {
      const result = await send(intent.input, intent.key);
      setIntent(null);
      onDone(result, intent.input);
      return result;
    } catch (failure) {
      setErrorCode(failure instanceof ApiError ? failure.code : 'unknown_error');
      setError(failure);
      return null;
    } finally {
      inFlight.current = false;
      setBusy(false);
      void refresh();
    }
  }, [intent, send, onDone, refresh]);

  return { pending: intent?.input ?? null, busy, errorCode, error, open, cancel, confirm };
}
