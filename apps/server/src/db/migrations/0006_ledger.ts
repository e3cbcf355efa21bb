// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Wallet, first slice (issue 5; ARCHITECTURE §4; docs/database.md "Ledger"): the double-entry ledger.
 *
 * - `brands.currency`: the ISO code the brand's money is kept in (the symbol shown stays `currency_symbol`).
 * - `ledger_accounts`: one row per member wallet (main, per vendor) and per system account, with the cached
 *   `balance_minor` and `held_minor` the service keeps in step with the postings in the same transaction.
 *   Sign convention: a balance is what Lotus owes the holder. Member accounts can never go below zero
 *   (CHECK, and the service's conditional UPDATE). System accounts are where money enters and leaves the
 *   ledger, so they may go negative: `house` funds opening balances and pays wins (negative = the house has
 *   paid out more than it took), `deposits_clearing` is debited by every deposit (negative = money received
 *   from outside), `bonus` and `commission` are debited when they pay members, `withdrawals_clearing` is
 *   credited when a payout leaves and debited by a reversal of one. Only member accounts carry holds.
 * - `journal_entries` + `journal_postings`: append-only. BEFORE UPDATE/DELETE/TRUNCATE triggers refuse any
 *   change on both backends (on PostgreSQL the app role also lacks the grants, docs/database.md). A deferred
 *   constraint trigger checks at commit that the postings of every entry written sum to zero and that there
 *   are at least two, so a bug in the service cannot commit an unbalanced entry.
 * - `holds`: two-phase money (reserve → post or void); a reserved hold counts in its account's `held_minor`.
 */

const MEMBER_KINDS = `('member_main', 'member_vendor')`;

const upStatements = [
  sql`alter table brands add column currency text not null default 'INR' check (currency ~ '^[A-Z]{3}$')`,

  sql`create table ledger_accounts (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete restrict,
    kind text not null check (kind in ('member_main', 'member_vendor', 'house', 'deposits_clearing', 'withdrawals_clearing', 'bonus', 'commission')),
    member_id bigint references members (id) on delete restrict,
    vendor_code text check (vendor_code ~ '^[A-Za-z0-9_-]{1,32}$'),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    balance_minor bigint not null default 0,
    held_minor bigint not null default 0 check (held_minor >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint ledger_accounts_member_owner check ((kind in ${sql.raw(MEMBER_KINDS)}) = (member_id is not null)),
    constraint ledger_accounts_vendor_code check ((kind = 'member_vendor') = (vendor_code is not null)),
    constraint ledger_accounts_member_balance_non_negative check (kind not in ${sql.raw(MEMBER_KINDS)} or balance_minor >= 0),
    constraint ledger_accounts_available_non_negative check (balance_minor - held_minor >= 0 or kind not in ${sql.raw(MEMBER_KINDS)}),
    constraint ledger_accounts_system_no_holds check (kind in ${sql.raw(MEMBER_KINDS)} or held_minor = 0)
  )`,
  // NULLs are distinct in a plain unique constraint, so the key coalesces them: one account per
  // (brand, kind, member, vendor, currency), system accounts included.
  sql`create unique index ledger_accounts_owner_key on ledger_accounts (brand_id, kind, coalesce(member_id, 0), coalesce(vendor_code, ''), currency)`,
  sql`create index ledger_accounts_member_idx on ledger_accounts (member_id) where member_id is not null`,

  sql`create table journal_entries (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete restrict,
    kind text not null check (kind ~ '^[a-z][a-z_]{1,39}$'),
    idempotency_key text not null check (length(idempotency_key) between 1 and 128),
    request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
    reverses_entry_id bigint unique references journal_entries (id) on delete restrict,
    memo text check (length(memo) <= 500),
    created_at timestamptz not null default now(),
    created_by text not null check (length(created_by) between 1 and 64),
    constraint journal_entries_brand_key unique (brand_id, idempotency_key)
  )`,

  sql`create table journal_postings (
    id bigint generated always as identity primary key,
    entry_id bigint not null references journal_entries (id) on delete restrict,
    account_id bigint not null references ledger_accounts (id) on delete restrict,
    amount_minor bigint not null check (amount_minor <> 0),
    balance_after_minor bigint not null,
    constraint journal_postings_entry_account_key unique (entry_id, account_id)
  )`,
  sql`create index journal_postings_account_idx on journal_postings (account_id, id)`,

  sql`create table holds (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete restrict,
    account_id bigint not null references ledger_accounts (id) on delete restrict,
    amount_minor bigint not null check (amount_minor > 0),
    status text not null default 'reserved' check (status in ('reserved', 'posted', 'voided')),
    idempotency_key text not null check (length(idempotency_key) between 1 and 128),
    request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
    memo text check (length(memo) <= 500),
    posted_entry_id bigint unique references journal_entries (id) on delete restrict,
    created_at timestamptz not null default now(),
    settled_at timestamptz,
    constraint holds_brand_key unique (brand_id, idempotency_key),
    constraint holds_posted_entry check ((status = 'posted') = (posted_entry_id is not null)),
    constraint holds_settled_at check ((status = 'reserved') = (settled_at is null))
  )`,
  sql`create index holds_account_idx on holds (account_id) where status = 'reserved'`,

  sql`create function ledger_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger_append_only: % on % is not allowed', tg_op, tg_table_name
        using errcode = 'P0001';
    end
  $$`,
  sql`create trigger journal_entries_append_only before update or delete on journal_entries
    for each row execute function ledger_refuse_change()`,
  sql`create trigger journal_entries_no_truncate before truncate on journal_entries
    for each statement execute function ledger_refuse_change()`,
  sql`create trigger journal_postings_append_only before update or delete on journal_postings
    for each row execute function ledger_refuse_change()`,
  sql`create trigger journal_postings_no_truncate before truncate on journal_postings
    for each statement execute function ledger_refuse_change()`,

  // Checked at commit (deferred), when all postings of the entry are in.
  sql`create function ledger_check_entry_balanced() returns trigger language plpgsql as $$
    declare
      target bigint;
      total numeric;
      lines bigint;
    begin
      -- Branches, not one CASE: plpgsql resolves every field named in an expression against NEW.
      if tg_table_name = 'journal_entries' then
        target := new.id;
      else
        target := new.entry_id;
      end if;
      select coalesce(sum(amount_minor), 0), count(*) into total, lines
        from journal_postings where entry_id = target;
      if lines < 2 or total <> 0 then
        raise exception 'ledger_unbalanced_entry: entry % has % postings summing to %', target, lines, total
          using errcode = '23514';
      end if;
      return null;
    end
  $$`,
  sql`create constraint trigger journal_entries_balanced after insert on journal_entries
    deferrable initially deferred for each row execute function ledger_check_entry_balanced()`,
  sql`create constraint trigger journal_postings_balanced after insert on journal_postings
    deferrable initially deferred for each row execute function ledger_check_entry_balanced()`,
];

const downStatements = [
  sql`drop table if exists holds`,
  sql`drop table if exists journal_postings`,
  sql`drop table if exists journal_entries`,
  sql`drop table if exists ledger_accounts`,
  sql`drop function if exists ledger_check_entry_balanced()`,
  sql`drop function if exists ledger_refuse_change()`,
  sql`alter table brands drop column if exists currency`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
