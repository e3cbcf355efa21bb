import { useCallback, useRef, useState } from 'react';
import { ApiError } from './api-client.ts';
import { newIdempotencyKey } from './money/money.ts';

export type ConfirmedIntent<TInput, TResult> = {
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
 * One money call from confirm to result (docs/wallet-contract.md "Idempotency"): the key is made when the
 * confirm dialog opens and reused by every retry of that dialog; cancelling drops it. After every attempt,
 * failed ones too (a lost answer may still have moved money), `refresh` renews the cached views it touched.
 * The wallet's transfers and the reward centre's claims both run through it.
 */
export function useConfirmedIntent<TInput, TResult>(
  send: (input: TInput, idempotencyKey: string) => Promise<TResult>,
  onDone: (result: TResult, input: TInput) => void,
  refresh: () => Promise<unknown>,
): ConfirmedIntent<TInput, TResult> {
  const [intent, setIntent] = useState<{ input: TInput; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const inFlight = useRef(false);

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
      void refresh();
    }
  }, [intent, send, onDone, refresh]);

  return { pending: intent?.input ?? null, busy, errorCode, open, cancel, confirm };
}
