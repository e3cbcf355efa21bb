import { z } from 'zod';

/**
 * The JSON bodies of the seamless-wallet protocol (docs/vendor-protocol.md), shared by the platform's
 * routes and by `protocol-client.ts` so the two cannot drift. Amounts travel as decimal strings of minor
 * units (ARCHITECTURE §4), ids as printable ASCII.
 */

export const PROTOCOL_PREFIX = '/vendor-api/v1';
export const PROTOCOL_CALLS = ['authenticate', 'balance', 'debit', 'credit', 'rollback'] as const;
export type ProtocolCall = (typeof PROTOCOL_CALLS)[number];

/** Largest amount one call may move (the ledger's own per-posting limit, 10^15 minor units). */
const MAX_MINOR = 10n ** 15n;

const id = z.string().regex(/^[\x21-\x7e]{1,128}$/);
const token = z.string().regex(/^[\x21-\x7e]{16,256}$/);
const playerId = z.string().regex(/^[1-9][0-9]{0,18}$/);
const gameCode = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const minor = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,15})$/)
  // zod runs refinements after a failed regex too, so this must not assume the format.
  .refine((value) => !/^[0-9]{1,16}$/.test(value) || BigInt(value) <= MAX_MINOR, 'amount too large');
const timestamp = z.number().int().positive();

/**
 * What a credit pays: a `win` of the player's bets (from the house; needs a standing debit on the round),
 * or a `free_round` / `bonus` the vendor grants on the brand's account (from the brand's bonus account).
 */
export const CREDIT_KINDS = ['win', 'free_round', 'bonus'] as const;

export const authenticateRequest = z.strictObject({ timestamp, launchToken: token });
export const balanceRequest = z.strictObject({ timestamp, playerId, sessionToken: token });
export const debitRequest = z.strictObject({
  timestamp,
  playerId,
  sessionToken: token,
  txnId: id,
  roundId: id,
  gameCode,
  amountMinor: minor.refine((value) => value !== '0', 'a debit moves money'),
});
export const creditRequest = z.strictObject({
  timestamp,
  playerId,
  sessionToken: token,
  txnId: id,
  roundId: id,
  gameCode,
  amountMinor: minor,
  roundClosed: z.boolean(),
  /** Absent means `win`; `free_round` / `bonus` are paid by the brand and need no debit (docs). */
  kind: z.enum(CREDIT_KINDS).optional(),
});
export const rollbackRequest = z.strictObject({
  timestamp,
  playerId,
  sessionToken: token,
  txnId: id,
  targetTxnId: id,
  roundId: id,
  gameCode,
});

export type AuthenticateRequest = z.infer<typeof authenticateRequest>;
export type BalanceRequest = z.infer<typeof balanceRequest>;
export type DebitRequest = z.infer<typeof debitRequest>;
export type CreditRequest = z.infer<typeof creditRequest>;
export type RollbackRequest = z.infer<typeof rollbackRequest>;

export const REQUEST_SCHEMAS = {
  authenticate: authenticateRequest,
  balance: balanceRequest,
  debit: debitRequest,
  credit: creditRequest,
  rollback: rollbackRequest,
} as const;

export const REFUSAL_STATUSES = [
  'INSUFFICIENT_FUNDS',
  'SESSION_EXPIRED',
  'PLAYER_NOT_FOUND',
  'TXN_ROLLED_BACK',
  'TXN_CONFLICT',
  'ROUND_CLOSED',
  'ROUND_HAS_CREDIT',
  'BET_NOT_FOUND',
  // Player protection (issue 17), debits only: the stake would pass a loss or wager limit in force; a
  // reality check is due on the player's session (bets resume once the player acknowledges it).
  'LIMIT_REACHED',
  'PLAY_PAUSED',
] as const;
export type RefusalStatus = (typeof REFUSAL_STATUSES)[number];

const balanceOrNull = z
  .string()
  .regex(/^-?[0-9]+$/)
  .nullable();

/** An answer to balance / debit / credit / rollback (HTTP 200). */
export const walletResponse = z.union([
  z.object({
    status: z.literal('OK'),
    balanceMinor: z.string().regex(/^-?[0-9]+$/),
    platformTxnId: z.string(),
    replayed: z.boolean(),
  }),
  z.object({ status: z.enum(REFUSAL_STATUSES), balanceMinor: balanceOrNull }),
]);
export type WalletResponse = z.infer<typeof walletResponse>;

/** An answer to authenticate (HTTP 200). */
export const authenticateResponse = z.union([
  z.object({
    status: z.literal('OK'),
    playerId: z.string(),
    sessionToken: z.string(),
    sessionExpiresAt: z.string(),
    currency: z.string(),
    currencySymbol: z.string(),
    balanceMinor: z.string().regex(/^-?[0-9]+$/),
    gameCode: z.string(),
    language: z.string(),
    nickname: z.string(),
  }),
  z.object({ status: z.enum(['SESSION_EXPIRED', 'PLAYER_NOT_FOUND']), balanceMinor: z.null() }),
]);
export type AuthenticateResponse = z.infer<typeof authenticateResponse>;
