import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { multiLineText, singleLineText } from './text.ts';

/**
 * Withdrawals (docs/wallet-contract.md "Withdrawals" and "Back office"): the payment password, payout
 * accounts, withdrawal requests, the member's receipt confirmation and the operator's actions. Money travels
 * as strings: `*Minor` integers of minor units, the display amount with two decimals. Amounts the member
 * types are decimal strings parsed on the server with `decimalToMinor`.
 */

const minorString = z.string().regex(/^-?[0-9]+$/);
const decimalString = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
const idString = z.string().regex(/^[0-9]{1,18}$/);
const isoDate = z.string();

// ---------------------------------------------------------------------------------------------------------
// Payment password

/** 6..20 letters and digits (the server also refuses the login password). */
export const WITHDRAW_PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/;

/** `GET /wps/member/withdraw-password`. */
export const withdrawPasswordStatus = z.object({ isSet: z.boolean() });
export type WithdrawPasswordStatus = z.infer<typeof withdrawPasswordStatus>;
export const withdrawPasswordStatusResponse = envelopeOf(withdrawPasswordStatus);

const anyPassword = z.string().min(1).max(128);

/**
 * `PUT /wps/member/withdraw-password` (sealed): the first time with the login password, afterwards with the
 * old payment password. Only bounded here; the service checks the rule so it answers `field_invalid`.
 */
export const setWithdrawPasswordPayloadSchema = z.union([
  z.strictObject({ loginPassword: anyPassword, newPassword: anyPassword }),
  z.strictObject({ oldPassword: anyPassword, newPassword: anyPassword }),
]);
export type SetWithdrawPasswordPayload = z.infer<typeof setWithdrawPasswordPayloadSchema>;
export const setWithdrawPasswordResponse = envelopeOf(withdrawPasswordStatus);

// ---------------------------------------------------------------------------------------------------------
// Payout accounts

export const PAYOUT_ACCOUNT_KINDS = ['bank', 'ewallet'] as const;
export type PayoutAccountKind = (typeof PAYOUT_ACCOUNT_KINDS)[number];
/** Indian Financial System Code: 4 letters, a zero, 6 letters or digits. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Bank account numbers and e-wallet ids (UPI ids such as `name@bank`, phone numbers). */
export const PAYOUT_ACCOUNT_NUMBER_PATTERN = /^[A-Za-z0-9@._-]{4,64}$/;
export const MAX_PAYOUT_ACCOUNTS = 5;

export const payoutAccount = z.object({
  id: idString,
  kind: z.enum(PAYOUT_ACCOUNT_KINDS),
  provider: z.string(),
  /** Only the last four characters are shown (`****1234`). */
  accountNumberMasked: z.string(),
  ifsc: z.string().nullable(),
  payeeName: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccount>;

/** `GET /wps/member/payout-accounts` (also the answer of POST and DELETE). */
export const payoutAccounts = z.object({
  /** The member's payee name: set by the first account, fixed afterwards; null before. */
  payeeName: z.string().nullable(),
  accounts: z.array(payoutAccount),
});
export type PayoutAccounts = z.infer<typeof payoutAccounts>;
export const payoutAccountsResponse = envelopeOf(payoutAccounts);

/** `POST /wps/member/payout-accounts`. */
export const createPayoutAccountBodySchema = z.strictObject({
  kind: z.enum(PAYOUT_ACCOUNT_KINDS),
  provider: singleLineText().trim().min(1).max(64),
  accountNumber: z.string().trim().regex(PAYOUT_ACCOUNT_NUMBER_PATTERN),
  /** Required for `bank` (IFSC_PATTERN), ignored for `ewallet`. */
  ifsc: singleLineText().trim().toUpperCase().max(16).optional(),
  /** Required for the first account; afterwards it must equal the member's payee name, if given. */
  payeeName: singleLineText().trim().min(1).max(64).optional(),
});
export type CreatePayoutAccountBody = z.infer<typeof createPayoutAccountBodySchema>;

export const payoutAccountParamsSchema = z.object({ id: idString });

// ---------------------------------------------------------------------------------------------------------
// Withdrawals (member)

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const RECEIPT_STATUSES = [
  'awaiting',
  'received',
  'not_received',
  'partly_received',
  'auto_received',
] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export const withdrawalReceipt = z.object({
  status: z.enum(RECEIPT_STATUSES),
  /** When `awaiting` becomes `auto_received`. */
  deadline: isoDate.nullable(),
  /** Null while awaiting; the amount for received / auto_received. */
  receivedMinor: minorString.nullable(),
  received: decimalString.nullable(),
  /** What the member says did not arrive (amount − received); null while awaiting. */
  remainderMinor: minorString.nullable(),
  remainder: decimalString.nullable(),
  /** `open` after not_received / partly_received until an operator closes it. */
  investigation: z.enum(['open', 'closed']).nullable(),
});
export type WithdrawalReceipt = z.infer<typeof withdrawalReceipt>;

export const withdrawalView = z.object({
  id: idString,
  amountMinor: minorString,
  amount: decimalString,
  status: z.enum(WITHDRAWAL_STATUSES),
  payoutAccount: z.object({ provider: z.string(), accountNumberMasked: z.string() }),
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
  rejectReason: z.string().nullable(),
  receipt: withdrawalReceipt.nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;

/** `POST /wps/member/withdrawals` (sealed, + Idempotency-Key): the opened payload. */
export const createWithdrawalPayloadSchema = z.strictObject({
  payoutAccountId: idString,
  /** Decimal text (`"1500"`, `"1500.50"`). */
  amount: singleLineText().max(32),
  withdrawPassword: anyPassword,
});
export type CreateWithdrawalPayload = z.infer<typeof createWithdrawalPayloadSchema>;

export const withdrawalResult = z.object({ withdrawal: withdrawalView });
export type WithdrawalResult = z.infer<typeof withdrawalResult>;
export const withdrawalResponse = envelopeOf(withdrawalResult);

export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `GET /wps/member/withdrawals?pageNo=&pageSize=`: newest first. */
export const withdrawalList = z.object({
  list: z.array(withdrawalView),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type WithdrawalList = z.infer<typeof withdrawalList>;
export const withdrawalListResponse = envelopeOf(withdrawalList);

export const withdrawalParamsSchema = z.object({ id: idString });

/**
 * `POST /wps/member/withdrawals/:id/receipt` multipart (+ Idempotency-Key): the text fields. `proof` is the
 * file part (PNG or JPEG, at most 5 MB): required for `not_received`, optional for `partly_received`.
 */
export const RECEIPT_ANSWERS = ['received', 'not_received', 'partly_received'] as const;
export type ReceiptAnswer = (typeof RECEIPT_ANSWERS)[number];
export const receiptFieldsSchema = z.strictObject({
  status: z.enum(RECEIPT_ANSWERS),
  /** partly_received only: 0 < x < amount (decimal text). */
  receivedAmount: singleLineText().max(32).optional(),
  note: multiLineText().trim().max(500).optional(),
});
export type ReceiptFields = z.infer<typeof receiptFieldsSchema>;
export const RECEIPT_PROOF_MAX_BYTES = 5 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------
// Back office (Bearer operator token)

/** `GET /wps/ops/withdrawals?status=`: `investigation` lists the open investigations. */
export const OPS_WITHDRAWAL_FILTERS = ['pending', 'paid', 'rejected', 'awaiting', 'investigation'] as const;
export const opsWithdrawalsQuerySchema = z.object({
  status: z.enum(OPS_WITHDRAWAL_FILTERS).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type OpsWithdrawalsQuery = z.infer<typeof opsWithdrawalsQuerySchema>;

/** What an operator sees: the member view plus who asked and the full account to pay to. */
export const opsWithdrawalView = withdrawalView.extend({
  memberId: idString,
  username: z.string(),
  currency: z.string(),
  payoutAccount: z.object({
    kind: z.enum(PAYOUT_ACCOUNT_KINDS),
    provider: z.string(),
    accountNumber: z.string(),
    accountNumberMasked: z.string(),
    ifsc: z.string().nullable(),
    payeeName: z.string(),
  }),
  decidedBy: z.string().nullable(),
  receiptNote: z.string().nullable(),
  /** `GET /wps/ops/withdrawals/:id/proof` serves it. */
  hasProof: z.boolean(),
});
export type OpsWithdrawalView = z.infer<typeof opsWithdrawalView>;

export const opsWithdrawalList = z.object({
  list: z.array(opsWithdrawalView),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type OpsWithdrawalList = z.infer<typeof opsWithdrawalList>;
export const opsWithdrawalListResponse = envelopeOf(opsWithdrawalList);

export const opsWithdrawalResult = z.object({ withdrawal: opsWithdrawalView });
export type OpsWithdrawalResult = z.infer<typeof opsWithdrawalResult>;
export const opsWithdrawalResponse = envelopeOf(opsWithdrawalResult);

/** A reason is required; an empty or missing one is `400 reason_required` (checked by the service). */
const reason = multiLineText().max(500).optional();

/** `POST /wps/ops/withdrawals/:id/reject`. */
export const opsRejectWithdrawalBodySchema = z.strictObject({ reason });
export type OpsRejectWithdrawalBody = z.infer<typeof opsRejectWithdrawalBodySchema>;

/** `POST /wps/ops/withdrawals/:id/investigation`: refund the unreceived part, or hold that it was paid. */
export const INVESTIGATION_OUTCOMES = ['refund', 'paid'] as const;
export type InvestigationOutcome = (typeof INVESTIGATION_OUTCOMES)[number];
export const opsInvestigationBodySchema = z.strictObject({
  outcome: z.enum(INVESTIGATION_OUTCOMES),
  reason,
});
export type OpsInvestigationBody = z.infer<typeof opsInvestigationBodySchema>;
