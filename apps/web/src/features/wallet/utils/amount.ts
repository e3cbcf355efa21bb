import { decimalToMinor } from '@lotus/shared/money';

export type AmountCheck =
  | { ok: true; minor: bigint }
  | { ok: false; error: 'amountRequired' | 'amountInvalid' | 'amountTooHigh' };

/**
 * A typed amount checked before anything is sent: present, a positive amount with at most two decimals
 * (the same `decimalToMinor` the server uses), and within what the source wallet holds when that is known.
 * The server checks again; this only spares the player a round trip.
 */
export function checkAmount(text: string, availableMinor: string | null): AmountCheck {
  if (text.trim() === '') return { ok: false, error: 'amountRequired' };
  const minor = decimalToMinor(text);
  if (minor === null) return { ok: false, error: 'amountInvalid' };
  if (availableMinor !== null && /^-?[0-9]+$/.test(availableMinor) && minor > BigInt(availableMinor)) {
    return { ok: false, error: 'amountTooHigh' };
  }
  return { ok: true, minor };
}
