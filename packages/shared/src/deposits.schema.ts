import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { multiLineText, singleLineText } from './text.ts';

/**
 * Deposits (issue 5; docs/wallet-contract.md "Deposits", docs/api.md "Deposits"). `*Minor` fields are
 * integer strings of minor units, the field without the suffix is the same amount with two decimals; the
 * amount a person types travels as a decimal string and is parsed with `decimalToMinor` on the server.
 */

const minorString = z.string().regex(/^-?[0-9]+$/);
const decimalString = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
const isoDateTime = z.string();

export const paymentMethodKindSchema = z.enum(['bank_transfer', 'gateway']);
export type PaymentMethodKindValue = z.infer<typeof paymentMethodKindSchema>;

export const depositStatusSchema = z.enum(['pending', 'approved', 'rejected', 'failed']);
export type DepositStatusValue = z.infer<typeof depositStatusSchema>;

/** The brand's receiving account a bank-transfer method shows to the player. */
export const depositBankDetailsSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  ifsc: z.string(),
  upiId: z.string(),
});
export type DepositBankDetails = z.infer<typeof depositBankDetailsSchema>;

export const paymentMethodViewSchema = z.object({
  code: z.string(),
  kind: paymentMethodKindSchema,
  /** In the request language (falls back to EN). */
  name: z.string(),
  minMinor: minorString,
  min: decimalString,
  maxMinor: minorString,
  max: decimalString,
  /** Only for `bank_transfer`. */
  bank: depositBankDetailsSchema.optional(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

/**
 * `GET /wps/payments/deposit/methods?language=` (Bearer): the brand's enabled methods in `sort` order, names
 * in `language` (else the member's language, else EN).
 */
export const depositMethodsQuerySchema = z.object({
  language: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});
export type DepositMethodsQuery = z.infer<typeof depositMethodsQuerySchema>;

export const depositMethodsSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  currencySymbol: z.string(),
  methods: z.array(paymentMethodViewSchema),
});
export type DepositMethods = z.infer<typeof depositMethodsSchema>;
export const depositMethodsResponse = envelopeOf(depositMethodsSchema);

/** One deposit as its member sees it. */
export const depositViewSchema = z.object({
  id: z.string(),
  method: z.string(),
  methodName: z.string(),
  kind: paymentMethodKindSchema,
  amountMinor: minorString,
  amount: decimalString,
  status: depositStatusSchema,
  /** The UTR the member typed (bank transfer); null for gateway deposits. */
  reference: z.string().nullable(),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  rejectReason: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositViewSchema>;

/** UTR / bank reference of a manual transfer. */
export const DEPOSIT_REFERENCE_MIN = 6;
export const DEPOSIT_REFERENCE_MAX = 64;
/** Largest proof image accepted (bytes). */
export const DEPOSIT_PROOF_MAX_BYTES = 5 * 1024 * 1024;

/**
 * `POST /wps/payments/deposits` (Bearer, multipart/form-data, Idempotency-Key): the text fields of the form.
 * `proof` (PNG or JPEG, ≤ 5 MB) is a file part, optional, bank transfer only. `reference` is required for a
 * bank transfer (`400 deposit_reference_required`) and ignored for a gateway.
 */
export const createDepositFieldsSchema = z.strictObject({
  method: singleLineText().trim().min(1).max(32),
  amount: singleLineText().trim().min(1).max(32),
  reference: singleLineText().trim().max(DEPOSIT_REFERENCE_MAX).optional(),
});
export type CreateDepositFields = z.infer<typeof createDepositFieldsSchema>;

export const createDepositResultSchema = z.object({
  deposit: depositViewSchema,
  /** The gateway's pay page for a gateway deposit; null for a bank transfer. */
  redirectUrl: z.string().nullable(),
});
export type CreateDepositResult = z.infer<typeof createDepositResultSchema>;
export const createDepositResponse = envelopeOf(createDepositResultSchema);

/** Query of the paged lists (`pageNo` from 1, `pageSize` 1..100, default 20). */
export const depositPageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type DepositPageQuery = z.infer<typeof depositPageQuerySchema>;

/** `GET /wps/payments/deposits?pageNo=&pageSize=` (Bearer): the member's deposits, newest first. */
export const depositListSchema = z.object({
  list: z.array(depositViewSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type DepositList = z.infer<typeof depositListSchema>;
export const depositListResponse = envelopeOf(depositListSchema);

/**
 * `POST /wps/payments/gateway/:method/callback` (server to server): the raw JSON body, signed with
 * `X-Lotus-Signature: sha256=<hex HMAC-SHA256 of the raw body>`. `amount` is a decimal string.
 */
export const gatewayCallbackBodySchema = z.object({
  orderId: z.string().regex(/^[0-9]{1,18}$/),
  /** Printable ASCII, 1..128 (it is the callback's idempotency key). */
  gatewayTxnId: z.string().regex(/^[\x21-\x7e]{1,128}$/),
  amount: z.string().min(1).max(32),
  status: z.enum(['success', 'failed']),
});
export type GatewayCallbackBody = z.infer<typeof gatewayCallbackBodySchema>;

export const gatewayCallbackResultSchema = z.object({
  orderId: z.string(),
  status: depositStatusSchema,
});
export type GatewayCallbackResult = z.infer<typeof gatewayCallbackResultSchema>;
export const gatewayCallbackResponse = envelopeOf(gatewayCallbackResultSchema);

// Back office (operators; docs/wallet-contract.md "Back office").

/** A deposit as the back office sees it: the member view plus who deposited and whether a proof exists. */
export const operatorDepositViewSchema = depositViewSchema.extend({
  member: z.object({ id: z.string(), username: z.string() }),
  hasProof: z.boolean(),
  gatewayTxnId: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** The ledger entry of an approved deposit. */
  entryId: z.string().nullable(),
});
export type OperatorDepositView = z.infer<typeof operatorDepositViewSchema>;

/** `GET /wps/ops/deposits?status=&pageNo=&pageSize=` (support, finance): newest first; no status = all. */
export const operatorDepositListQuerySchema = depositPageQuerySchema.extend({
  status: depositStatusSchema.optional(),
});
export type OperatorDepositListQuery = z.infer<typeof operatorDepositListQuerySchema>;

export const operatorDepositListSchema = z.object({
  list: z.array(operatorDepositViewSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type OperatorDepositList = z.infer<typeof operatorDepositListSchema>;
export const operatorDepositListResponse = envelopeOf(operatorDepositListSchema);

/** `POST /wps/ops/deposits/:id/reject` (finance, Idempotency-Key). Blank → `400 reason_required`. */
export const rejectDepositBodySchema = z.object({
  reason: multiLineText().trim().max(500).optional(),
});
export type RejectDepositBody = z.infer<typeof rejectDepositBodySchema>;

/** Answer of `POST /wps/ops/deposits/:id/approve` and `/reject`: the deposit after the decision. */
export const operatorDepositActionResultSchema = z.object({
  deposit: operatorDepositViewSchema,
});
export type OperatorDepositActionResult = z.infer<typeof operatorDepositActionResultSchema>;
export const operatorDepositActionResponse = envelopeOf(operatorDepositActionResultSchema);
