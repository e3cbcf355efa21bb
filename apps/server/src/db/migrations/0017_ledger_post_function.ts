// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The ledger's hot path (issue 15, docs/database.md "Ledger"): system accounts kept in pools, and one
 * journal entry in one statement.
 *
 * **Pools.** Every bet and payout of a brand went through its one `house` row, whose lock each entry held
 * until it committed, so the brand's entries queued behind each other. A system account (`house`, `bonus`,
 * `deposits_clearing`, `withdrawals_clearing`, `commission`) is now a pool of up to 32 rows, told apart by
 * `pool_slot`; an entry uses the slot `(smallest member account id in it) mod 32`, the same for every retry
 * of it, so entries of different players rarely share a row. The account's balance is the sum of its slots
 * (`Ledger.systemBalance`); each slot is an ordinary account, so every invariant (postings sum to zero,
 * cached balance = Σ postings = last balance after) holds per row as before. The existing row is slot 0.
 *
 * **One statement per entry.** `Ledger.#writeEntry` used to
 * send six to eight statements per entry (read the accounts, insert the entry, one conditional UPDATE and
 * one NOTIFY per account, insert the postings), each a round trip while the entry's row locks were held.
 * `ledger_post_entry` does the same steps, in the same order and with the same guards, inside the database:
 *
 * 1. checks the accounts given by id (all exist, all of the brand, one currency) before writing anything,
 *    and resolves each posting given as a system kind to its pool slot, creating the slot row on first use;
 * 2. inserts the entry `on conflict (brand_id, idempotency_key) do nothing` — a taken key answers `replay`
 *    and the caller reads the stored entry (a concurrent insert with the same key waits for its transaction,
 *    as before);
 * 3. settles the hold being posted, if any (`hold_not_reserved` when it is no longer reserved);
 * 4. moves each balance with the conditional UPDATE, in the global lock order (member accounts first, then
 *    system accounts, each by ascending id), so two entries on the same accounts cannot deadlock; a member
 *    account that would go below zero answers `insufficient_funds`, and the caller rolls back;
 * 5. notifies `lotus_balance` with each member whose wallet moved (sent at commit, folded per transaction);
 * 6. inserts the postings with their balance after, in the order given, and returns them.
 *
 * The answer is one row per posting (outcome `posted`), or one row with the refusal and nulls. Every guard
 * of the table (CHECK constraints, append-only and balanced-at-commit triggers) still applies underneath.
 */

const MEMBER_KINDS = `array['member_main', 'member_vendor']`;

/** Slots per system account; `ledger_post_entry` hard-codes it too. Growing it later moves new entries only. */
const SYSTEM_POOL_SLOTS = 32;

const upStatements = [
  sql`alter table ledger_accounts add column pool_slot smallint not null default 0`,
  sql`alter table ledger_accounts add constraint ledger_accounts_pool_slot check (
    pool_slot = 0 or (kind not in ('member_main', 'member_vendor') and pool_slot between 1 and ${sql.raw(String(SYSTEM_POOL_SLOTS - 1))})
  )`,
  sql`drop index ledger_accounts_owner_key`,
  sql`create unique index ledger_accounts_owner_key on ledger_accounts (brand_id, kind, coalesce(member_id, 0), coalesce(vendor_code, ''), currency, pool_slot)`,
  sql`create function ledger_post_entry(
    p_brand_id bigint,
    p_kind text,
    p_idempotency_key text,
    p_request_hash text,
    p_reverses_entry_id bigint,
    p_memo text,
    p_created_by text,
    p_accounts bigint[],
    p_system_kinds text[],
    p_amounts bigint[],
    p_release_account_id bigint,
    p_release_minor bigint,
    p_settle_hold_id bigint
  ) returns table (
    o_outcome text,
    o_entry_id bigint,
    o_created_at timestamptz,
    o_account_id bigint,
    o_balance_after_minor bigint
  ) language plpgsql volatile as $$
    declare
      v_found integer;
      v_of_brand integer;
      v_currencies integer;
      v_currency text;
      v_slot integer;
      v_given integer;
      v_kind text;
      v_id bigint;
      v_entry_id bigint;
      v_created_at timestamptz;
      v_release bigint;
      v_after bigint;
      v_member bigint;
      v_ids bigint[] := '{}';
      v_afters bigint[] := '{}';
      r record;
    begin
      if cardinality(p_accounts) is distinct from cardinality(p_amounts)
         or cardinality(p_system_kinds) is distinct from cardinality(p_amounts)
         or cardinality(p_accounts) < 2 then
        raise exception 'ledger_post_entry: % accounts, % system kinds, % amounts',
          cardinality(p_accounts), cardinality(p_system_kinds), cardinality(p_amounts)
          using errcode = '22023';
      end if;

      select count(*), count(*) filter (where a.brand_id = p_brand_id), count(distinct a.currency), min(a.currency),
             coalesce(min(a.id) filter (where a.kind = any (${sql.raw(MEMBER_KINDS)})) % ${sql.raw(String(SYSTEM_POOL_SLOTS))}, 0)
        into v_found, v_of_brand, v_currencies, v_currency, v_slot
        from ledger_accounts a where a.id = any (p_accounts);
      select count(*) into v_given from unnest(p_accounts) as given (id) where given.id is not null;
      if v_found <> v_given then
        return query select 'unknown_account'::text, null::bigint, null::timestamptz, null::bigint, null::bigint;
        return;
      end if;
      if v_of_brand <> v_found then
        return query select 'other_brand'::text, null::bigint, null::timestamptz, null::bigint, null::bigint;
        return;
      end if;
      if v_currencies > 1 then
        return query select 'mixed_currency'::text, null::bigint, null::timestamptz, null::bigint, null::bigint;
        return;
      end if;
      if v_currency is null then
        select b.currency into v_currency from brands b where b.id = p_brand_id;
        if v_currency is null then
          return query select 'unknown_account'::text, null::bigint, null::timestamptz, null::bigint, null::bigint;
          return;
        end if;
      end if;

      -- Each posting given as a system kind goes to the pool slot of this entry, made on first use.
      for i in 1 .. cardinality(p_accounts) loop
        v_kind := p_system_kinds[i];
        if (p_accounts[i] is null) = (v_kind is null) then
          raise exception 'ledger_post_entry: posting % needs an account id or a system kind, not both', i
            using errcode = '22023';
        end if;
        continue when v_kind is null;
        select a.id into v_id from ledger_accounts a
          where a.brand_id = p_brand_id and a.kind = v_kind and a.member_id is null and a.vendor_code is null
            and a.currency = v_currency and a.pool_slot = v_slot;
        if v_id is null then
          insert into ledger_accounts (brand_id, kind, currency, pool_slot)
            values (p_brand_id, v_kind, v_currency, v_slot)
            on conflict do nothing
            returning id into v_id;
          if v_id is null then
            select a.id into v_id from ledger_accounts a
              where a.brand_id = p_brand_id and a.kind = v_kind and a.member_id is null and a.vendor_code is null
                and a.currency = v_currency and a.pool_slot = v_slot;
          end if;
        end if;
        p_accounts[i] := v_id;
      end loop;

      insert into journal_entries (brand_id, kind, idempotency_key, request_hash, reverses_entry_id, memo, created_by)
        values (p_brand_id, p_kind, p_idempotency_key, p_request_hash, p_reverses_entry_id, p_memo, p_created_by)
        on conflict (brand_id, idempotency_key) do nothing
        returning id, created_at into v_entry_id, v_created_at;
      if v_entry_id is null then
        return query select 'replay'::text, null::bigint, null::timestamptz, null::bigint, null::bigint;
        return;
      end if;

      if p_settle_hold_id is not null then
        update holds set status = 'posted', posted_entry_id = v_entry_id, settled_at = now()
          where brand_id = p_brand_id and id = p_settle_hold_id and status = 'reserved';
        if not found then
          return query select 'hold_not_reserved'::text, null::bigint, null::timestamptz, null::bigint, null::bigint;
          return;
        end if;
      end if;

      for r in
        select p.account_id, p.amount
          from unnest(p_accounts, p_amounts) as p (account_id, amount)
          join ledger_accounts a on a.id = p.account_id
          order by (a.kind = any (${sql.raw(MEMBER_KINDS)})) desc, p.account_id
      loop
        v_release := case when r.account_id = p_release_account_id then coalesce(p_release_minor, 0) else 0 end;
        update ledger_accounts a
          set balance_minor = a.balance_minor + r.amount,
              held_minor = a.held_minor - v_release,
              updated_at = now()
          where a.id = r.account_id
            and a.held_minor - v_release >= 0
            and (a.kind <> all (${sql.raw(MEMBER_KINDS)})
                 or a.balance_minor + r.amount - (a.held_minor - v_release) >= 0)
          returning a.balance_minor, a.member_id into v_after, v_member;
        if not found then
          return query select 'insufficient_funds'::text, null::bigint, null::timestamptz, null::bigint, null::bigint;
          return;
        end if;
        if v_member is not null then
          perform pg_notify('lotus_balance', v_member::text);
        end if;
        v_ids := v_ids || r.account_id;
        v_afters := v_afters || v_after;
      end loop;

      insert into journal_postings (entry_id, account_id, amount_minor, balance_after_minor)
        select v_entry_id, p.account_id, p.amount, b.after_minor
          from unnest(p_accounts, p_amounts) with ordinality as p (account_id, amount, n)
          join unnest(v_ids, v_afters) as b (account_id, after_minor) on b.account_id = p.account_id
          order by p.n;

      return query
        select 'posted'::text, v_entry_id, v_created_at, p.account_id, b.after_minor
          from unnest(p_accounts) with ordinality as p (account_id, n)
          join unnest(v_ids, v_afters) as b (account_id, after_minor) on b.account_id = p.account_id
          order by p.n;
    end
  $$`,
];

const downStatements = [
  sql`drop function if exists ledger_post_entry(bigint, text, text, text, bigint, text, text, bigint[], text[], bigint[], bigint, bigint, bigint)`,
  sql`drop index ledger_accounts_owner_key`,
  sql`delete from ledger_accounts where pool_slot <> 0 and not exists (select 1 from journal_postings p where p.account_id = ledger_accounts.id)`,
  sql`create unique index ledger_accounts_owner_key on ledger_accounts (brand_id, kind, coalesce(member_id, 0), coalesce(vendor_code, ''), currency)`,
  sql`alter table ledger_accounts drop constraint ledger_accounts_pool_slot`,
  sql`alter table ledger_accounts drop column pool_slot`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
