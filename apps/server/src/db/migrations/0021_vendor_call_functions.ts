// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * A vendor's money call in two statements (issue 15, docs/vendor-protocol.md "Round trips").
 *
 * A debit or credit used to send about fifteen statements in its transaction — two advisory locks, the
 * look-ups (its txn id, a rollback of it, the launch session, the round, the game, the wallet), the
 * transaction row, the round, the wallet account again, the journal entry, the stored answer — each a round
 * trip while the call's locks were held (the bench's wait sampling showed PostgreSQL sessions waiting on
 * their client, `Client:InTransaction`, 82 % of the time). The decision itself stays in TypeScript
 * (round-state.ts, vendor-protocol.service.ts); the database work either side of it is one function each:
 *
 * - `vendor_call_begin` takes the call's two advisory locks (txn id, then round: the one order of
 *   VendorProtocolRepository.lockTxnId/lockRound) and only then reads, each read a statement of its own in
 *   PL/pgSQL so it sees what the lock's previous holder committed (one SELECT holding the locks and the
 *   reads would read on a snapshot taken before it waited). It answers one row: the call's own txn id if
 *   already used, the rollback's target, whether a rollback already cancelled this txn id, the launch
 *   session, the round, the game, and the member's main wallet (made on first use) with its available balance.
 * - `vendors_announce`: a change to a vendor row announces `vendor:<code>` on `lotus_access`, so each
 *   process's cache of the vendor rows a call is signed with (secret, brand) drops it.
 * - `vendor_call_apply` writes an applied debit or credit: the transaction row, the round (the same guarded
 *   upsert as VendorProtocolRepository.applyToRound; a round its guard refuses raises `vendor_round_guard`),
 *   the journal entry through `ledger_post_entry` (the ledger's one writer, so every guard of migration 0017
 *   holds), and the stored answer with the balance the call left. A ledger refusal (`insufficient_funds`,
 *   ...) is answered, not raised: the caller rolls its transaction back.
 */

const upStatements = [
  // The vendor rows a call is signed with are cached per process (vendor-protocol-module.ts): any change
  // to a vendor is announced on the access channel, in the writer's transaction, as \`vendor:<code>\`.
  sql`create function vendors_announce() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform pg_notify('lotus_access', 'vendor:' || old.vassalage);
      end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.vassalage is distinct from old.vassalage) then
        perform pg_notify('lotus_access', 'vendor:' || new.vassalage);
      end if;
      return null;
    end
  $$`,
  sql`create trigger vendors_announce after insert or update or delete on vendors
        for each row execute function vendors_announce()`,
  sql`create function vendor_call_begin(
    p_vendor_id bigint,
    p_lock_txn_id text,
    p_round_id text,
    p_txn_id text,
    p_target_txn_id text,
    p_rollback_of_txn_id text,
    p_token_hash text,
    p_member_id bigint,
    p_game_code text
  ) returns table (
    e_id bigint, e_kind text, e_member_id bigint, e_round_id text, e_status text, e_entry_id bigint,
    e_amount_minor bigint, e_request_hash text, e_response jsonb,
    t_id bigint, t_kind text, t_member_id bigint, t_round_id text, t_status text, t_entry_id bigint,
    t_amount_minor bigint, t_request_hash text, t_response jsonb,
    rolled_back_first boolean,
    s_vendor_id bigint, s_member_id bigint, s_expires_at timestamptz,
    r_status text, r_member_id bigint, r_stake_minor bigint, r_credit_count integer,
    g_id bigint, g_code text, g_type text, g_names jsonb,
    w_account_id bigint, w_available_minor bigint
  ) language plpgsql volatile as $$
    declare
      e record;
      t record;
      s record;
      r record;
      g record;
      w record;
      v_rolled_back boolean := false;
    begin
      perform pg_advisory_xact_lock(hashtextextended('vendor-txn:' || p_vendor_id || ':' || p_lock_txn_id, 0));
      perform pg_advisory_xact_lock(hashtextextended('vendor-round:' || p_vendor_id || ':' || p_round_id, 0));

      select * into e from vendor_transactions vt where vt.vendor_id = p_vendor_id and vt.txn_id = p_txn_id;
      -- Always run (no row: a record of nulls), so the answer can name t's fields when there is no target.
      select * into t from vendor_transactions vt
       where vt.vendor_id = p_vendor_id and vt.txn_id = p_target_txn_id and p_target_txn_id is not null;
      if p_rollback_of_txn_id is not null then
        -- A refused rollback (its round had a credit) cancelled nothing.
        select exists (
          select 1 from vendor_transactions vt
           where vt.vendor_id = p_vendor_id and vt.target_txn_id = p_rollback_of_txn_id
             and vt.kind = 'rollback' and vt.status <> 'refused'
        ) into v_rolled_back;
      end if;
      select gs.vendor_id, gs.member_id, gs.expires_at into s
        from game_launch_sessions gs where gs.token_hash = p_token_hash;
      select gr.status, gr.member_id, gr.stake_minor, gr.credit_count into r
        from game_rounds gr where gr.vendor_id = p_vendor_id and gr.round_id = p_round_id;
      select ga.id, ga.game_code, ga.game_type, ga.names into g
        from games ga where ga.vendor_id = p_vendor_id and ga.game_code = p_game_code;

      select a.id, a.balance_minor - a.held_minor as available into w
        from ledger_accounts a join brands b on b.id = a.brand_id and b.currency = a.currency
       where a.member_id = p_member_id and a.kind = 'member_main';
      if w.id is null then
        insert into ledger_accounts (brand_id, kind, member_id, currency)
          select m.brand_id, 'member_main', m.id, b.currency
            from members m join brands b on b.id = m.brand_id where m.id = p_member_id
          on conflict do nothing;
        select a.id, a.balance_minor - a.held_minor as available into w
          from ledger_accounts a join brands b on b.id = a.brand_id and b.currency = a.currency
         where a.member_id = p_member_id and a.kind = 'member_main';
      end if;

      return query select
        e.id, e.kind, e.member_id, e.round_id, e.status, e.entry_id, e.amount_minor, e.request_hash, e.response,
        t.id, t.kind, t.member_id, t.round_id, t.status, t.entry_id, t.amount_minor, t.request_hash, t.response,
        v_rolled_back,
        s.vendor_id, s.member_id, s.expires_at,
        r.status, r.member_id, r.stake_minor, r.credit_count,
        g.id, g.game_code, g.game_type, g.names,
        w.id, w.available;
    end
  $$`,

  sql`create function vendor_call_apply(
    p_vendor_id bigint,
    p_txn_id text,
    p_brand_id bigint,
    p_member_id bigint,
    p_kind text,
    p_round_id text,
    p_game_id bigint,
    p_amount_minor bigint,
    p_credit_kind text,
    p_request_hash text,
    p_stake_delta_minor bigint,
    p_payout_delta_minor bigint,
    p_round_event text,
    p_now timestamptz,
    p_entry_kind text,
    p_entry_key text,
    p_entry_hash text,
    p_entry_memo text,
    p_entry_created_by text,
    p_entry_accounts bigint[],
    p_entry_system_kinds text[],
    p_entry_amounts bigint[]
  ) returns table (o_outcome text, o_txn_row_id bigint, o_entry_id bigint, o_balance_minor bigint)
  language plpgsql volatile as $$
    declare
      v_id bigint;
      v_round bigint;
      v_close boolean := p_round_event = 'close';
      v_credits integer := case when p_round_event = 'debit' then 0 else 1 end;
      v_entry_id bigint;
      v_outcome text;
      v_available bigint;
    begin
      insert into vendor_transactions (vendor_id, txn_id, brand_id, member_id, kind, round_id, game_id,
          amount_minor, target_txn_id, credit_kind, status, entry_id, request_hash, response)
        values (p_vendor_id, p_txn_id, p_brand_id, p_member_id, p_kind, p_round_id, p_game_id,
          p_amount_minor, null, p_credit_kind, 'applied', null, p_request_hash, null)
        returning id into v_id;

      insert into game_rounds as gr (brand_id, vendor_id, member_id, game_id, round_id, stake_minor, payout_minor,
          status, created_at, settled_at, credit_count)
        values (p_brand_id, p_vendor_id, p_member_id, p_game_id, p_round_id, p_stake_delta_minor,
          p_payout_delta_minor, case when v_close then 'settled' else 'open' end, p_now,
          case when v_close then p_now end, v_credits)
        on conflict (vendor_id, round_id) do update
          set stake_minor = gr.stake_minor + p_stake_delta_minor,
              payout_minor = gr.payout_minor + p_payout_delta_minor,
              credit_count = gr.credit_count + v_credits,
              status = case when v_close then 'settled' else gr.status end,
              settled_at = case when v_close then p_now else gr.settled_at end
          where gr.status = 'open' and gr.member_id = p_member_id
        returning gr.id into v_round;
      if v_round is null then
        raise exception 'vendor_round_guard: round %/% refused %', p_vendor_id, p_round_id, p_round_event
          using errcode = 'P0001';
      end if;

      if p_entry_kind is not null then
        select l.o_outcome, l.o_entry_id into v_outcome, v_entry_id
          from ledger_post_entry(p_brand_id, p_entry_kind, p_entry_key, p_entry_hash, null, p_entry_memo,
            p_entry_created_by, p_entry_accounts, p_entry_system_kinds, p_entry_amounts, null, null, null) l
          limit 1;
        if v_outcome <> 'posted' then
          return query select v_outcome, null::bigint, null::bigint, null::bigint;
          return;
        end if;
      end if;

      -- The member's row is locked by the entry (or unchanged without one): the balance this call left.
      select coalesce(sum(a.balance_minor - a.held_minor), 0) into v_available
        from ledger_accounts a join brands b on b.id = a.brand_id and b.currency = a.currency
       where a.member_id = p_member_id and a.kind = 'member_main';
      update vendor_transactions
         set entry_id = v_entry_id,
             response = jsonb_build_object('status', 'OK', 'balanceMinor', v_available::text)
       where id = v_id;
      return query select 'posted'::text, v_id, v_entry_id, v_available;
    end
  $$`,
];

/** `vendor_call_begin` and `vendor_call_apply` as this migration made them: 0023's `down` puts them back. */
export const VENDOR_CALL_FUNCTIONS_0021 = upStatements.slice(2, 4);

const downStatements = [
  sql`drop trigger if exists vendors_announce on vendors`,
  sql`drop function if exists vendors_announce()`,
  sql`drop function if exists vendor_call_apply(bigint, text, bigint, bigint, text, text, bigint, bigint, text, text, bigint, bigint, text, timestamptz, text, text, text, text, text, bigint[], text[], bigint[])`,
  sql`drop function if exists vendor_call_begin(bigint, text, text, text, text, text, text, bigint, text)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
