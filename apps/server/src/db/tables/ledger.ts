import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Kysely's view of the tables of migration 0006_ledger (docs/database.md "Ledger"). Amounts are minor units
 * in `bigint`; journal rows are append-only (triggers refuse UPDATE and DELETE).
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export const MEMBER_ACCOUNT_KINDS = ['member_main', 'member_vendor', 'member_points'] as const;
export const SYSTEM_ACCOUNT_KINDS = [
  'house',
  'deposits_clearing',
  'withdrawals_clearing',
  'bonus',
  'commission',
  'points_pool',
] as const;
/**
 * Accounts owned by one campaign or jackpot through `vendor_code` (migration 0026): single rows, addressed
 * by id, never below zero.
 */
export const OWNED_BUDGET_KINDS = ['campaign', 'jackpot'] as const;
/** Kinds whose balance may never go below zero: the members' accounts and the owned budgets. */
export const NON_NEGATIVE_ACCOUNT_KINDS = [...MEMBER_ACCOUNT_KINDS, ...OWNED_BUDGET_KINDS] as const;
/** The ledger currency of points (migration 0026): an entry moves one currency, so points never mix with money. */
export const POINTS_CURRENCY = 'PTS';
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];
export type OwnedBudgetKind = (typeof OWNED_BUDGET_KINDS)[number];
export type LedgerAccountKind = MemberAccountKind | SystemAccountKind | OwnedBudgetKind;
export type HoldStatus = 'reserved' | 'posted' | 'voided';

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  kind: LedgerAccountKind;
  member_id: bigint | null;
  vendor_code: string | null;
  currency: string;
  balance_minor: Defaulted<bigint>;
  held_minor: Defaulted<bigint>;
  /** 0 for member accounts; a system account's slot in its pool (migration 0017, docs/database.md). */
  pool_slot: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JournalEntriesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  kind: string;
  idempotency_key: string;
  /** Hex SHA-256 of the canonical request, so a reused key with another request is recognised. */
  request_hash: string;
  reverses_entry_id: bigint | null;
  memo: string | null;
  created_at: Timestamp;
  /** Who caused it: 'system', 'seed', 'member:<id>', 'operator:<id>'. */
  created_by: string;
}

export interface JournalPostingsTable {
  id: Generated<bigint>;
  entry_id: bigint;
  account_id: bigint;
  amount_minor: bigint;
  /** The account's cached balance right after this posting (the account record shows it). */
  balance_after_minor: bigint;
}

export interface HoldsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  account_id: bigint;
  amount_minor: bigint;
  status: Defaulted<HoldStatus>;
  idempotency_key: string;
  request_hash: string;
  memo: string | null;
  posted_entry_id: bigint | null;
  created_at: Timestamp;
  settled_at: Date | null;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  journal_postings: JournalPostingsTable;
  holds: HoldsTable;
}

export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type JournalEntryRow = Selectable<JournalEntriesTable>;
export type JournalPostingRow = Selectable<JournalPostingsTable>;
export type HoldRow = Selectable<HoldsTable>;
