import { checkAmount as checkMoneyAmount } from '../../../lib/money/money.ts';

export type AmountCheck =
  | { ok: true; minor: bigint }
  | { ok: false; error: 'amountRequired' | 'amountInvalid' | 'amountTooHigh' };

/** The member centre's problem codes as the wallet namespace's form messages. */
const WALLET_ERROR = {
  required: 'amountRequired',
  amount_invalid: 'amountInvalid',
  insufficient_funds: 'amountTooHigh',
} as const;

/**
 * A typed amount checked before anything is sent, by the member centre's `checkAmount` (present, a positive
 * amount with at most two decimals, within what the source wallet holds when that is known), with the
 * wallet's message keys. The server checks again; this only spares the player a round trip.
 */
export function checkAmount(text: string, availableMinor: string | null): AmountCheck {
  const available =
    availableMinor !== null && /^-?[0-9]+$/.test(availableMinor) ? BigInt(availableMinor) : null;
  const check = checkMoneyAmount(text, { availableMinor: available });
  if (check.ok) return check;
  const { code } = check.problem;
  // Without min/max limits only these three can come back; anything else is still "not a valid amount".
  return {
    ok: false,
    error: code in WALLET_ERROR ? WALLET_ERROR[code as keyof typeof WALLET_ERROR] : 'amountInvalid',
  };
}
