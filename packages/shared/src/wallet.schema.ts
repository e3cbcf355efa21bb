import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

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

/** Money as both minor units (for arithmetic) and a two-decimal string (for display). */
const moneyView = z.object({ balanceMinor: minorString, balance: decimalString });
export type MoneyView = z.infer<typeof moneyView>;

const currencyCode = z.string().regex(/^[A-Z]{3}$/);

/**
 * A vendor's code as the catalogue names it (`vendors.vassalage`); the ledger keeps one `member_vendor`
 * account per (member, vendor code), and its column only takes this alphabet.
 */
export const VENDOR_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const vendorCode = z.string().trim().regex(VENDOR_CODE_PATTERN);

/**
 * An amount a person typed (`"1500"`, `"1500.50"`): only bounded here; the server parses it with
 * `decimalToMinor` so anything that is not a positive amount answers `400 amount_invalid`.
 */
const typedAmount = singleLineText().max(32);
/** The payment password as typed (6..20 letters and digits is checked when it is set, not here). */
const withdrawPassword = z.string().min(1).max(128);

/** `GET /wps/relay/GCS_merchantWallet`: whether the brand keeps one wallet for everything. */
export const merchantWallet = z.object({
  isSingle: z.boolean(),
  currency: currencyCode,
  currencySymbol: z.string(),
});
export type MerchantWallet = z.infer<typeof merchantWallet>;
export const merchantWalletResponse = envelopeOf(merchantWallet);

/** `GET /wps/member/info/funds/consolidated`: main wallet, each vendor wallet, and their total. */
export const consolidatedVendor = z.object({
  vendor: z.string(),
  /** The vendor's display name in the request language. */
  name: z.string(),
  balanceMinor: minorString,
  balance: decimalString,
});
export type ConsolidatedVendor = z.infer<typeof consolidatedVendor>;
export const consolidatedFunds = z.object({
  currency: currencyCode,
  currencySymbol: z.string(),
  main: moneyView,
  vendors: z.array(consolidatedVendor),
  totalMinor: minorString,
  total: decimalString,
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFunds>;
export const consolidatedFundsResponse = envelopeOf(consolidatedFunds);

/** `POST /wps/relay/GCS_walletTransfer` (+ Idempotency-Key): `in` main → vendor, `out` vendor → main. */
export const TRANSFER_DIRECTIONS = ['in', 'out'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
export const walletTransferBodySchema = z.strictObject({
  vendor: vendorCode,
  direction: z.enum(TRANSFER_DIRECTIONS),
  amount: typedAmount,
});
export type WalletTransferBody = z.infer<typeof walletTransferBodySchema>;
export const walletTransferResult = z.object({
  entryId: minorString,
  main: moneyView,
  vendor: z.object({ vendor: z.string(), balanceMinor: minorString, balance: decimalString }),
});
export type WalletTransferResult = z.infer<typeof walletTransferResult>;
export const walletTransferResponse = envelopeOf(walletTransferResult);

/** `POST /wps/relay/GCS_walletRecall` (+ Idempotency-Key): every vendor wallet (or one) back to main. */
export const walletRecallBodySchema = z.strictObject({ vendor: vendorCode.optional() });
export type WalletRecallBody = z.infer<typeof walletRecallBodySchema>;
export const walletRecallResult = z.object({
  /** "0" when there was nothing to recall (not an error). */
  recalledMinor: minorString,
  recalled: decimalString,
  main: moneyView,
});
export type WalletRecallResult = z.infer<typeof walletRecallResult>;
export const walletRecallResponse = envelopeOf(walletRecallResult);

/** `POST /wps/member/transfer/upline` (sealed, + Idempotency-Key): to the member's own upline. */
export const transferUplinePayloadSchema = z.strictObject({
  amount: typedAmount,
  withdrawPassword,
});
export type TransferUplinePayload = z.infer<typeof transferUplinePayloadSchema>;

/** `POST /wps/agent/transfer/downline` (sealed, + Idempotency-Key): an agent to a direct downline member. */
export const transferDownlinePayloadSchema = z.strictObject({
  username: singleLineText().trim().min(1).max(64),
  amount: typedAmount,
  withdrawPassword,
});
export type TransferDownlinePayload = z.infer<typeof transferDownlinePayloadSchema>;

/** The answer of both agent transfers: the entry, what moved, and the sender's main wallet after it. */
export const agentTransferResult = z.object({
  entryId: minorString,
  amountMinor: minorString,
  amount: decimalString,
  /** The receiving member's username. */
  to: z.string(),
  main: moneyView,
});
export type AgentTransferResult = z.infer<typeof agentTransferResult>;
export const agentTransferResponse = envelopeOf(agentTransferResult);

/**
 * Account record (`GET /wps/member/transactions`, `POST /wps/relay/ODSFE2_MemTransDet`). `transfer` are
 * vendor transfers; a reversal is listed under the type of the entry it reverses (with `reversal: true`).
 */
export const RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'transfer',
  'agent_transfer',
  'adjustment',
  'reward',
  /** An issued promotion bonus, or one the player forfeited (issue 19). */
  'bonus',
  /** The daily rebate on valid turnover (issue 19). */
  'rebate',
  /** Points converted to cash (issue 19). */
  'points',
  /** A raffle prize (red envelope, golden egg, prize wheel) or a jackpot win (issue 19). */
  'prize',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
export const RECORD_TYPE_FILTERS = ['all', ...RECORD_TYPES] as const;
export type RecordTypeFilter = (typeof RECORD_TYPE_FILTERS)[number];
export const RECORD_PAGE_SIZE_MAX = 100;
export const RECORD_PAGE_SIZE_DEFAULT = 20;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/**
 * The query (GET, strings) and the body (POST, strings or numbers) share this schema. Dates are
 * `yyyy-MM-dd` inclusive; the server checks they exist, are in order and at most 92 days apart
 * (`RECORD_MAX_RANGE_DAYS`), and defaults to the last 7 days.
 */
export const accountRecordQuerySchema = z.object({
  type: z.enum(RECORD_TYPE_FILTERS).default('all'),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(RECORD_PAGE_SIZE_MAX).default(RECORD_PAGE_SIZE_DEFAULT),
});
export type AccountRecordQuery = z.input<typeof accountRecordQuerySchema>;
export type AccountRecordFilter = z.output<typeof accountRecordQuerySchema>;

export const accountRecordItem = z.object({
  /** The posting's id (unique per row). */
  id: minorString,
  entryId: minorString,
  type: z.enum(RECORD_TYPES),
  /** True when this row reverses an earlier entry of `type`. */
  reversal: z.boolean(),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
  /** Signed: negative when money left the main wallet. */
  amountMinor: minorString,
  amount: decimalString,
  balanceAfterMinor: minorString,
  balanceAfter: decimalString,
  memo: z.string().nullable(),
});
export type AccountRecordItem = z.infer<typeof accountRecordItem>;
export const accountRecordPage = z.object({
  list: z.array(accountRecordItem),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** The range actually applied (the defaults filled in). */
  startDate: isoDate,
  endDate: isoDate,
});
export type AccountRecordPage = z.infer<typeof accountRecordPage>;
export const accountRecordResponse = envelopeOf(accountRecordPage);
