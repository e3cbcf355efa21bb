// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The ledger's accounts for promotions and loyalty (issue 19; docs/database.md "Ledger"). Four new kinds:
 *
 * - `member_points`: a member's points, in the currency `PTS` (points are their own ledger currency, SPEC
 *   §1/§9: earned, redeemed, converted, never expiring). A member account like `member_main`: never below
 *   zero, first in the lock order, and its moves are announced on `lotus_balance`.
 * - `points_pool`: the brand's system account that issues points (`PTS`); negative = points outstanding.
 *   Pooled in slots like every system account.
 * - `campaign`: the prize budget of one raffle campaign (red envelope, golden egg, prize wheel), in the
 *   brand's currency, owned by the campaign through `vendor_code` (the campaign's code). Funded from `bonus`
 *   when the campaign is created; a prize moves campaign → member. It can never go negative (CHECK, and the
 *   posting function answers `insufficient_funds`), so the ledger itself enforces the prize budget.
 * - `jackpot`: the pot of one progressive jackpot, owned through `vendor_code` (the jackpot's code), funded
 *   by the stakes' contributions and paid to its winners; never negative either.
 *
 * `vendor_code` thereby names the owner of an owned account: the vendor of `member_vendor`, the campaign of
 * `campaign`, the jackpot of `jackpot`. Owned accounts are single rows (no pool slots): they are addressed by
 * id, not by `{ system: kind }`.
 *
 * `ledger_post_entry` is the function of migration 0017 with two lists widened: the member kinds (lock order,
 * the pool slot of an entry) include `member_points`, and the kinds that may never go below zero include the
 * owned budgets. An entry still has one currency (`mixed_currency` otherwise): a points entry moves `PTS`
 * only, and converting points to cash is two entries in one transaction.
 */

const MEMBER_KINDS = `array['member_main', 'member_vendor', 'member_points']`;
const NON_NEGATIVE_KINDS = `array['member_main', 'member_vendor', 'member_points', 'campaign', 'jackpot']`;
const MEMBER_KIND_LIST = `('member_main', 'member_vendor', 'member_points')`;
const OWNED_KIND_LIST = `('member_vendor', 'campaign', 'jackpot')`;
const ALL_KINDS = `('member_main', 'member_vendor', 'member_points', 'house', 'deposits_clearing', 'withdrawals_clearing', 'bonus', 'commission', 'points_pool', 'campaign', 'jackpot')`;

/** Slots per system account; `ledger_post_entry` hard-codes it too. Growing it later moves new entries only. */
const SYSTEM_POOL_SLOTS = 32;

/** Where a reward of the reward centre comes from; the claim's journal entry kind follows it (rewards.service.ts). */
const REWARD_SOURCES = `('operator', 'rebate', 'vip_upgrade', 'vip_monthly', 'mission', 'referral', 'promotion')`;

const upStatements = [
  // The reward centre is the one place loyalty money waits for the player (issue 19): a job's grant names
  // its source and a key unique per brand (e.g. \`rebate:<member>:<day>\`), so a re-run grants nothing twice.
  sql`alter table member_rewards add column source text not null default 'operator' check (source in ${sql.raw(REWARD_SOURCES)})`,
  sql`alter table member_rewards add column source_key text check (length(source_key) between 1 and 128)`,
  sql`create unique index member_rewards_source_key on member_rewards (brand_id, source_key) where source_key is not null`,
  sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`,
  sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in ${sql.raw(ALL_KINDS)})`,
  sql`alter table ledger_accounts drop constraint ledger_accounts_member_owner`,
  sql`alter table ledger_accounts add constraint ledger_accounts_member_owner check ((kind in ${sql.raw(MEMBER_KIND_LIST)}) = (member_id is not null))`,
  sql`alter table ledger_accounts drop constraint ledger_accounts_vendor_code`,
  sql`alter table ledger_accounts add constraint ledger_accounts_vendor_code check ((kind in ${sql.raw(OWNED_KIND_LIST)}) = (vendor_code is not null))`,
  sql`alter table ledger_accounts drop constraint ledger_accounts_member_balance_non_negative`,
  sql`alter table ledger_accounts add constraint ledger_accounts_member_balance_non_negative check (kind not in ${sql.raw(MEMBER_KIND_LIST)} or balance_minor >= 0)`,
  sql`alter table ledger_accounts drop constraint ledger_accounts_available_non_negative`,
  sql`alter table ledger_accounts add constraint ledger_accounts_available_non_negative check (balance_minor - held_minor >= 0 or kind not in ${sql.raw(MEMBER_KIND_LIST)})`,
  sql`alter table ledger_accounts drop constraint ledger_accounts_system_no_holds`,
  sql`alter table ledger_accounts add constraint ledger_accounts_system_no_holds check (kind in ${sql.raw(MEMBER_KIND_LIST)} or held_minor = 0)`,
  sql`alter table ledger_accounts add constraint ledger_accounts_budget_non_negative check (kind not in ('campaign', 'jackpot') or balance_minor >= 0)`,
  sql`alter table ledger_accounts drop constraint ledger_accounts_pool_slot`,
  sql`alter table ledger_accounts add constraint ledger_accounts_pool_slot check (
    pool_slot = 0 or (kind not in ${sql.raw(MEMBER_KIND_LIST)} and kind not in ('campaign', 'jackpot') and pool_slot between 1 and ${sql.raw(String(SYSTEM_POOL_SLOTS - 1))})
  )`,
  sql`create or replace function ledger_post_entry(
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
            and (a.kind <> all (${sql.raw(NON_NEGATIVE_KINDS)})
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
  sql`drop index if exists member_rewards_source_key`,
  sql`alter table member_rewards drop column if exists source_key`,
  sql`alter table member_rewards drop column if exists source`,
  // The function and constraints of 0006/0017 come back only when no account of the new kinds exists.
  sql`alter table ledger_accounts drop constraint ledger_accounts_budget_non_negative`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
