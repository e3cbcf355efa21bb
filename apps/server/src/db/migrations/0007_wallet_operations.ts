// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Wallet, second slice (issue 5; docs/wallet-contract.md): everything that moves money in and out of the
 * ledger of 0006 and the people allowed to approve it.
 *
 * - `idempotency_records`: one row per money request (scope = who + which call, key = the caller's
 *   `Idempotency-Key`), written in the same transaction as the request's effect and holding its answer, so a
 *   repeat replays the answer and a concurrent repeat waits on the unique key and then replays it.
 * - `payment_methods`: a brand's deposit methods (manual bank transfer, payment gateway) with limits.
 * - `deposits`: a member's deposit requests; a gateway's transaction id is unique per method, so its
 *   callback is idempotent; an approved deposit points at its journal entry.
 * - `payout_accounts`: the bank / e-wallet accounts a member withdraws to (removed ones are kept for the
 *   withdrawals that reference them).
 * - `withdrawals`: a request reserves the amount (a hold of 0006); payout posts the hold, rejection voids it;
 *   after payout the member confirms receipt (received / not received / partly received) or the brand's
 *   time-out counts it as received.
 * - `operators` + `operator_sessions`: back-office accounts with a role; `audit_log.operator_id` records
 *   which operator acted.
 * - `members.withdraw_password_hash` (the payment password), `brands.single_wallet` (isSingle),
 *   `brands.withdrawal_receipt_minutes` (the receipt time-out) and the withdrawal limits.
 */

const upStatements = [
  sql`create table idempotency_records (
    scope text not null check (length(scope) between 1 and 128),
    key text not null check (length(key) between 1 and 128),
    request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
    status_code integer,
    response jsonb,
    created_at timestamptz not null default now(),
    primary key (scope, key)
  )`,

  sql`alter table brands add column single_wallet boolean not null default false`,
  sql`alter table brands add column withdrawal_receipt_minutes integer not null default 60 check (withdrawal_receipt_minutes between 1 and 43200)`,
  sql`alter table brands add column withdrawal_min_minor bigint not null default 10000 check (withdrawal_min_minor > 0)`,
  sql`alter table brands add column withdrawal_max_minor bigint not null default 10000000 check (withdrawal_max_minor > 0)`,
  sql`alter table members add column withdraw_password_hash text`,
  sql`alter table members add column withdraw_password_failures integer not null default 0`,
  sql`alter table members add column withdraw_password_locked_until timestamptz`,

  sql`create table payment_methods (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete restrict,
    code text not null check (code ~ '^[a-z0-9_-]{1,32}$'),
    kind text not null check (kind in ('bank_transfer', 'gateway')),
    names jsonb not null,
    min_minor bigint not null check (min_minor > 0),
    max_minor bigint not null,
    enabled boolean not null default true,
    sort integer not null default 0,
    details jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now(),
    constraint payment_methods_brand_code_key unique (brand_id, code),
    constraint payment_methods_limits check (max_minor >= min_minor)
  )`,

  sql`create table deposits (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete restrict,
    member_id bigint not null references members (id) on delete restrict,
    method_id bigint not null references payment_methods (id) on delete restrict,
    amount_minor bigint not null check (amount_minor > 0),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'failed')),
    reference text check (length(reference) <= 64),
    proof_image bytea,
    proof_type text check (proof_type in ('image/png', 'image/jpeg')),
    gateway_txn_id text check (length(gateway_txn_id) <= 128),
    entry_id bigint unique references journal_entries (id) on delete restrict,
    decided_by text,
    decided_at timestamptz,
    reject_reason text check (length(reject_reason) <= 500),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint deposits_gateway_txn_key unique (method_id, gateway_txn_id),
    constraint deposits_approved_entry check ((status = 'approved') = (entry_id is not null))
  )`,
  sql`create index deposits_member_idx on deposits (member_id, id)`,
  sql`create index deposits_pending_idx on deposits (brand_id, id) where status = 'pending'`,

  sql`create table payout_accounts (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete restrict,
    member_id bigint not null references members (id) on delete restrict,
    kind text not null check (kind in ('bank', 'ewallet')),
    provider text not null check (length(provider) between 1 and 64),
    account_number text not null check (length(account_number) between 1 and 64),
    ifsc text check (length(ifsc) <= 16),
    payee_name text not null check (length(payee_name) between 1 and 64),
    created_at timestamptz not null default now(),
    removed_at timestamptz
  )`,
  sql`create index payout_accounts_member_idx on payout_accounts (member_id) where removed_at is null`,

  sql`create table withdrawals (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete restrict,
    member_id bigint not null references members (id) on delete restrict,
    payout_account_id bigint not null references payout_accounts (id) on delete restrict,
    amount_minor bigint not null check (amount_minor > 0),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    hold_id bigint not null unique references holds (id) on delete restrict,
    status text not null default 'pending' check (status in ('pending', 'paid', 'rejected')),
    paid_entry_id bigint unique references journal_entries (id) on delete restrict,
    decided_by text,
    decided_at timestamptz,
    reject_reason text check (length(reject_reason) <= 500),
    receipt_status text check (receipt_status in ('awaiting', 'received', 'not_received', 'partly_received', 'auto_received')),
    receipt_deadline timestamptz,
    received_minor bigint check (received_minor >= 0),
    receipt_proof_image bytea,
    receipt_proof_type text check (receipt_proof_type in ('image/png', 'image/jpeg')),
    receipt_note text check (length(receipt_note) <= 500),
    receipt_at timestamptz,
    investigation text check (investigation in ('open', 'closed')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint withdrawals_paid_entry check ((status = 'paid') = (paid_entry_id is not null)),
    constraint withdrawals_receipt_after_payout check (receipt_status is null or status = 'paid'),
    constraint withdrawals_received_within check (received_minor is null or received_minor <= amount_minor)
  )`,
  sql`create index withdrawals_member_idx on withdrawals (member_id, id)`,
  sql`create index withdrawals_pending_idx on withdrawals (brand_id, id) where status = 'pending'`,
  sql`create index withdrawals_awaiting_receipt_idx on withdrawals (receipt_deadline) where receipt_status = 'awaiting'`,

  sql`create table operators (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete restrict,
    username text not null check (username ~ '^[a-z0-9_.-]{3,32}$'),
    password_hash text not null,
    role text not null check (role in ('admin', 'finance', 'support')),
    status text not null default 'active' check (status in ('active', 'disabled')),
    created_at timestamptz not null default now(),
    last_login_at timestamptz,
    constraint operators_brand_username_key unique (brand_id, username)
  )`,
  sql`create table operator_sessions (
    id bigint generated always as identity primary key,
    operator_id bigint not null references operators (id) on delete restrict,
    token_hash text not null unique,
    ip text not null,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`,
  sql`alter table audit_log add column operator_id bigint references operators (id) on delete restrict`,
];

const downStatements = [
  sql`alter table audit_log drop column if exists operator_id`,
  sql`drop table if exists operator_sessions`,
  sql`drop table if exists operators`,
  sql`drop table if exists withdrawals`,
  sql`drop table if exists payout_accounts`,
  sql`drop table if exists deposits`,
  sql`drop table if exists payment_methods`,
  sql`alter table members drop column if exists withdraw_password_locked_until`,
  sql`alter table members drop column if exists withdraw_password_failures`,
  sql`alter table members drop column if exists withdraw_password_hash`,
  sql`alter table brands drop column if exists withdrawal_receipt_minutes`,
  sql`alter table brands drop column if exists withdrawal_max_minor`,
  sql`alter table brands drop column if exists withdrawal_min_minor`,
  sql`alter table brands drop column if exists single_wallet`,
  sql`drop table if exists idempotency_records`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
