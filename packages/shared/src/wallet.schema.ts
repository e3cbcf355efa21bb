import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * Wallet calls (issue 5; docs/api.md "Wallet"). Amounts travel as decimal strings: `*Minor` fields are
 * integers of minor units, `sumBalance` is the same amount in major units with two decimals.
 */

const minorString = z.string().regex(/^-?[0-9]+$/);
const decimalString = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);

/** `GET /wps/v2/wallets/balance` (Bearer): the member's main wallet. */
export const walletBalance = z.object({
  sumBalance: decimalString,
  currency: z.string().regex(/^[A-Z]{3}$/),
  balanceMinor: minorString,
});
export type WalletBalance = z.infer<typeof walletBalance>;

export const walletBalanceResponse = envelopeOf(walletBalance);
