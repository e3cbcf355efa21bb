// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';
import { VENDOR_CALL_FUNCTIONS_0021 } from './0021_vendor_call_functions.ts';

/**
 * Player protection where money moves (issue 17, docs/player-protection.md "Where money paths enforce
 * protection").
 *
 * - `play_exclusion_in_force(row, at)` and `member_excluded(member, now)`: THE rule of "an exclusion is in
 *   force" (the second asks the first about each of the member's rows) — read by the deposit path
 *   (request and decision) and by the login refusal, so the two can never disagree. A cool-off or an
 *   operator exclusion is in force from `starts_at` until `ends_at` (an operator's without an end: until an
 *   operator ends it). A self-exclusion stays in force after `ends_at` until the player asked to reopen and
 *   REOPEN_DELAY (24 hours) passed since the request.
 * - `member_activity_add(member, now, deposited, withdrawn, staked, won, rounds)`: the one upsert of a
 *   member's UTC day in member_activity_days, called inside the money transactions (the vendor call, a
 *   rollback, a deposit credit, a withdrawal paid). It row-locks the day; callers take it after their
 *   ledger entry (lock order: balances → activity day → play limits).
 * - `vendor_call_begin` (migration 0021) gains `p_now` and `p_debit`; for a debit it also answers the
 *   tightest stake allowance over the loss and wager limits in force (`l_headroom_minor`, null without one)
 *   and the launch's login session (reality check due, session time limit, revoked). Same round trip.
 * - `vendor_call_apply` (migration 0021) gains `p_limited` and writes the call's activity after its entry
 *   (a debit's stake and the round it opened, a credit's payout); with `p_limited` a debit takes the
 *   member's `play-limits:` lock and re-checks the limits on totals that include every committed debit,
 *   answering `limit_reached` when this stake passed one (the caller rolls back and decides again).
 */

const BEGIN_0021_ARGS = 'bigint, text, text, text, text, text, text, bigint, text';
const APPLY_0021_ARGS =
  'bigint, text, bigint, bigint, text, text, bigint, bigint, text, text, bigint, bigint, text, timestamptz, text, text, text, text, text, bigint[], text[], bigint[]';

const upStatements = [
  // The rule on one row, so a question about one exclusion (the state page, a broadcast's moment) and a
  // question about a member ask the same thing (db/exclusion-rule.ts calls it from TypeScript).
  sql`create function play_exclusion_in_force(x play_exclusions, p_at timestamptz) returns boolean
    language sql stable as $$
      select x.starts_at <= p_at
         and (x.ends_at is null or x.ends_at > p_at
              or (x.kind = 'self_exclusion'
                  and (x.reopen_requested_at is null or x.reopen_requested_at + interval '24 hours' > p_at)))
    $$`,
  sql`create function member_excluded(p_member_id bigint, p_now timestamptz) returns boolean
    language sql stable as $$
      select exists (
        select 1 from play_exclusions x
         where x.member_id = p_member_id and play_exclusion_in_force(x, p_now)
      )
    $$`,
  // Per-day values may go negative (a rollback on another day than its debit subtracts its stake there):
  // only period sums mean anything, and those are right.
  sql`create function member_activity_add(p_member_id bigint, p_now timestamptz, p_deposited bigint,
      p_withdrawn bigint, p_staked bigint, p_won bigint, p_rounds integer) returns void
    language sql volatile as $$
      insert into member_activity_days as a (member_id, day, deposited_minor, withdrawn_minor, staked_minor,
          won_minor, rounds)
        values (p_member_id, (p_now at time zone 'UTC')::date, p_deposited, p_withdrawn, p_staked, p_won,
          p_rounds)
        on conflict (member_id, day) do update
          set deposited_minor = a.deposited_minor + excluded.deposited_minor,
              withdrawn_minor = a.withdrawn_minor + excluded.withdrawn_minor,
              staked_minor = a.staked_minor + excluded.staked_minor,
              won_minor = a.won_minor + excluded.won_minor,
              rounds = a.rounds + excluded.rounds
    $$`,
  sql.raw(`drop function vendor_call_begin(${BEGIN_0021_ARGS})`),
  sql.raw(`drop function vendor_call_apply(${APPLY_0021_ARGS})`),
  sql`create function vendor_call_begin(
    p_vendor_id bigint,
    p_lock_txn_id text,
    p_round_id text,
    p_txn_id text,
    p_target_txn_id text,
    p_rollback_of_txn_id text,
    p_token_hash text,
    p_member_id bigint,
    p_game_code text,
    p_now timestamptz,
    p_debit boolean
  ) returns table (
    e_id bigint, e_kind text, e_member_id bigint, e_round_id text, e_status text, e_entry_id bigint,
    e_amount_minor bigint, e_request_hash text, e_response jsonb,
    t_id bigint, t_kind text, t_member_id bigint, t_round_id text, t_status text, t_entry_id bigint,
    t_amount_minor bigint, t_request_hash text, t_response jsonb,
    rolled_back_first boolean,
    s_vendor_id bigint, s_member_id bigint, s_expires_at timestamptz,
    r_status text, r_member_id bigint, r_stake_minor bigint, r_credit_count integer,
    g_id bigint, g_code text, g_type text, g_names jsonb,
    w_account_id bigint, w_available_minor bigint,
    l_headroom_minor bigint,
    ls_id bigint, ls_reality_check_at timestamptz, ls_play_ends_at timestamptz, ls_revoked boolean
  ) language plpgsql volatile as $$
    declare
      e record;
      t record;
      s record;
      r record;
      g record;
      w record;
      v_rolled_back boolean := false;
      v_headroom bigint;
      ls record;
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
      select gs.vendor_id, gs.member_id, gs.expires_at, gs.login_session_id into s
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

      -- A debit only (credits and rollbacks are never refused for protection): the smallest stake allowance
      -- left over the loss and wager limits in force (null without one: one probe of play_limits' index),
      -- and the login session the game was launched from (its reality check, time limit, revocation).
      if p_debit then
        select min(f.amount - f.used) into v_headroom
          from play_limits_in_force(p_member_id, p_now) f where f.kind in ('loss', 'wager');
      end if;
      -- Always run (no row: a record of nulls), as t above.
      select x.id, x.reality_check_at, x.play_ends_at, x.revoked_at is not null as revoked into ls
        from sessions x where p_debit and x.id = s.login_session_id;

      return query select
        e.id, e.kind, e.member_id, e.round_id, e.status, e.entry_id, e.amount_minor, e.request_hash, e.response,
        t.id, t.kind, t.member_id, t.round_id, t.status, t.entry_id, t.amount_minor, t.request_hash, t.response,
        v_rolled_back,
        s.vendor_id, s.member_id, s.expires_at,
        r.status, r.member_id, r.stake_minor, r.credit_count,
        g.id, g.game_code, g.game_type, g.names,
        w.id, w.available,
        v_headroom,
        ls.id, ls.reality_check_at, ls.play_ends_at, ls.revoked;
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
    p_entry_amounts bigint[],
    p_limited boolean
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
      v_opened boolean;
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
        -- xmax = 0: the row was inserted (this debit opened the round), not updated.
        returning gr.id, gr.xmax = 0 into v_round, v_opened;
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

      -- The day's activity, after the entry: the one lock order is balances → activity day → play limits
      -- (a deposit or withdrawal writes its activity after its own entry too, so they never deadlock).
      if p_kind = 'debit' then
        perform member_activity_add(p_member_id, p_now, 0, 0, p_amount_minor, 0,
          case when v_opened then 1 else 0 end);
      elsif p_amount_minor > 0 then
        perform member_activity_add(p_member_id, p_now, 0, 0, 0, p_amount_minor, 0);
      end if;
      -- The guard of the loss and wager limits (p_limited: vendor_call_begin found one in force). The
      -- headroom the call was decided on was read without this lock; here, holding a lock per member that
      -- covers every period (the day row above covers one day only: a debit just after midnight UTC writes
      -- another row, yet counts in the same week and month), the totals include every committed debit and
      -- this one. Passed: 'limit_reached', the caller rolls back and decides again on a fresh read.
      if p_limited and p_kind = 'debit' then
        perform pg_advisory_xact_lock(hashtextextended('play-limits:' || p_member_id, 0));
        if exists (select 1 from play_limits_in_force(p_member_id, p_now) f
                    where f.kind in ('loss', 'wager') and f.used > f.amount) then
          return query select 'limit_reached'::text, null::bigint, null::bigint, null::bigint;
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

const downStatements = [
  sql`drop function if exists vendor_call_apply(bigint, text, bigint, bigint, text, text, bigint, bigint, text, text, bigint, bigint, text, timestamptz, text, text, text, text, text, bigint[], text[], bigint[], boolean)`,
  sql`drop function if exists vendor_call_begin(bigint, text, text, text, text, text, text, bigint, text, timestamptz, boolean)`,
  sql`drop function if exists member_activity_add(bigint, timestamptz, bigint, bigint, bigint, bigint, integer)`,
  sql`drop function if exists member_excluded(bigint, timestamptz)`,
  sql`drop function if exists play_exclusion_in_force(play_exclusions, timestamptz)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

/** Back to migration 0021's two functions (its own `up` defines them again). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
  for (const statement of VENDOR_CALL_FUNCTIONS_0021) await statement.execute(db);
}
