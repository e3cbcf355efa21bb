import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Kysely's view of the tables of migration 0007_wallet_operations (docs/wallet-contract.md). Amounts are
 * minor units in `bigint`; bytea comes back as a Buffer from `pg` and a Uint8Array from PGlite (both
 * Uint8Arrays); jsonb is read parsed and written as JSON text.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Json<T> = ColumnType<T, string, string>;
type DefaultedJson<T> = ColumnType<T, string | undefined, string>;

export interface IdempotencyRecordsTable {
  /** Who and which call, e.g. `member:12:deposit` or `operator:3:withdrawal.pay`. */
  scope: string;
  key: string;
  request_hash: string;
  /** Null while the first request is still running in its transaction. */
  status_code: number | null;
  response: Json<unknown> | null;
  created_at: Timestamp;
}

export type PaymentMethodKind = 'bank_transfer' | 'gateway';
/** Names per site language, e.g. `{ "EN": "Bank transfer", "HI": "बैंक ट्रांसफ़र" }`. */
export type PaymentMethodNames = Record<string, string>;

export interface PaymentMethodsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  code: string;
  kind: PaymentMethodKind;
  names: Json<PaymentMethodNames>;
  min_minor: bigint;
  max_minor: bigint;
  enabled: Defaulted<boolean>;
  sort: Defaulted<number>;
  /** bank_transfer: the operator's receiving account shown to the player; gateway: adapter settings. */
  details: DefaultedJson<Record<string, string>>;
  created_at: Timestamp;
}

export type DepositStatus = 'pending' | 'approved' | 'rejected' | 'failed';

export interface DepositsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  member_id: bigint;
  method_id: bigint;
  amount_minor: bigint;
  currency: string;
  status: Defaulted<DepositStatus>;
  reference: string | null;
  proof_image: Uint8Array | null;
  proof_type: 'image/png' | 'image/jpeg' | null;
  gateway_txn_id: string | null;
  entry_id: bigint | null;
  decided_by: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PayoutAccountKind = 'bank' | 'ewallet';

export interface PayoutAccountsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  member_id: bigint;
  kind: PayoutAccountKind;
  provider: string;
  account_number: string;
  ifsc: string | null;
  payee_name: string;
  created_at: Timestamp;
  removed_at: Date | null;
}

export type WithdrawalStatus = 'pending' | 'paid' | 'rejected';
export type ReceiptStatus = 'awaiting' | 'received' | 'not_received' | 'partly_received' | 'auto_received';

export interface WithdrawalsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  member_id: bigint;
  payout_account_id: bigint;
  amount_minor: bigint;
  currency: string;
  hold_id: bigint;
  status: Defaulted<WithdrawalStatus>;
  paid_entry_id: bigint | null;
  decided_by: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
  receipt_status: ReceiptStatus | null;
  receipt_deadline: Date | null;
  received_minor: bigint | null;
  receipt_proof_image: Uint8Array | null;
  receipt_proof_type: 'image/png' | 'image/jpeg' | null;
  receipt_note: string | null;
  receipt_at: Date | null;
  investigation: 'open' | 'closed' | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type OperatorRole = 'admin' | 'finance' | 'support';

export interface OperatorsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  username: string;
  password_hash: string;
  role: OperatorRole;
  status: Defaulted<'active' | 'disabled'>;
  created_at: Timestamp;
  last_login_at: Date | null;
}

export interface OperatorSessionsTable {
  id: Generated<bigint>;
  operator_id: bigint;
  token_hash: string;
  ip: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface WalletOperationTables {
  idempotency_records: IdempotencyRecordsTable;
  payment_methods: PaymentMethodsTable;
  deposits: DepositsTable;
  payout_accounts: PayoutAccountsTable;
  withdrawals: WithdrawalsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
}

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type DepositRow = Selectable<DepositsTable>;
export type PayoutAccountRow = Selectable<PayoutAccountsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type OperatorRow = Selectable<OperatorsTable>;
