// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * One journal entry in one statement (issue 15, docs/database.md "Ledger"). `Ledger.#writeEntry` used to
 * send six to eight statements per entry (read the accounts, insert the entry, one conditional UPDATE and
 * one NOTIFY per account, insert the postings), each a round trip while the entry's row locks were held.
 * `ledger_post_entry` does the same steps, in the same order and with the same guards, inside the database:
 *
 * 1. checks the accounts (all exist, all of the brand, one currency) before writing anything;
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

const upStatements = [
  sql`create function ledger_post_entry(
    p_brand_id bigint,
    p_kind text,
    p_idempotency_key text,
    p_request_hash text,
    p_reverses_entry_id bigint,
    p_memo text,
    p_created_by text,
    p_accounts bigint[],
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
      v_entry_id bigint;
      v_created_at timestamptz;
      v_release bigint;
      v_after bigint;
      v_member bigint;
      v_ids bigint[] := '{}';
      v_afters bigint[] := '{}';
      r record;
    begin
      if cardinality(p_accounts) is distinct from cardinality(p_amounts) or cardinality(p_accounts) < 2 then
        raise exception 'ledger_post_entry: % accounts, % amounts', cardinality(p_accounts), cardinality(p_amounts)
          using errcode = '22023';
      end if;

      select count(*), count(*) filter (where a.brand_id = p_brand_id), count(distinct a.currency)
        into v_found, v_of_brand, v_currencies
        from ledger_accounts a where a.id = any (p_accounts);
      if v_found <> cardinality(p_accounts) then
        return query select 'unknown_account'::text, null::bigint, null::timestamptz, null::bigint, null::bigint;
        return;
      end if;
      if v_of_brand <> v_found then
        return query select 'other_brand'::text, null::bigint, null::timestamptz, null::bigint, null::bigint;
        return;
      end if;
      if v_currencies <> 1 then
        return query select 'mixed_currency'::text, null::bigint, null::timestamptz, null::bigint, null::bigint;
        return;
      end if;

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
  sql`drop function if exists ledger_post_entry(bigint, text, text, text, bigint, text, text, bigint[], bigint[], bigint, bigint, bigint)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
