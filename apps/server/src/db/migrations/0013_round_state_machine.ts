// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The seamless-wallet round as a state machine the database enforces (issue 14; docs/vendor-protocol.md
 * "Rounds"; the same transitions as modules/vendor-protocol/round-state.ts, whose test checks both agree).
 *
 * - `game_rounds.credit_count`: how many credits the round accepted (of any amount, closing or not). A
 *   round with a credit no longer lets its debits be rolled back; existing rounds are counted from their
 *   applied credits.
 * - `vendor_transactions.credit_kind`: what a credit is — `win` (pays from the house and needs a standing
 *   debit of the player on the round), `free_round` or `bonus` (paid by the brand's bonus account, no stake
 *   needed). Every existing credit was a win.
 * - Triggers refuse, whatever the path:
 *   - on `game_rounds`: a change to a settled or rolled-back round (only `game_id` may go null when its game
 *     is deleted), a status change other than open → settled / open → rolled_back, a rollback of a round that
 *     has a credit or a stake left, a credit taken back, a change of the round's owner or id;
 *   - on `vendor_transactions`: a status change other than a debit's applied → rolled_back, and that one
 *     unless its round is open without a credit; a change of what the call was (kind, player, round,
 *     amount, target, content hash); a second journal entry or answer; an applied win credit on a round
 *     without a standing debit of its player.
 *
 * Existing rows migrate as they are: rounds rolled back after a settling credit (the bug of issue 14) keep
 * their `settled_at`, which is why the settled_at check allows it on a rolled-back round.
 */

const upStatements = [
  sql`alter table game_rounds add column credit_count integer not null default 0 check (credit_count >= 0)`,
  sql`update game_rounds
         set credit_count = credits.n
        from (select vendor_id, round_id, count(*)::integer as n
                from vendor_transactions
               where kind = 'credit' and status = 'applied'
               group by vendor_id, round_id) as credits
       where credits.vendor_id = game_rounds.vendor_id and credits.round_id = game_rounds.round_id`,
  sql`alter table game_rounds add constraint game_rounds_settled_at
        check (status = 'rolled_back' or (status = 'settled') = (settled_at is not null))`,
  sql`alter table game_rounds add constraint game_rounds_rolled_back_no_stake
        check (status <> 'rolled_back' or stake_minor = 0)`,

  sql`alter table vendor_transactions add column credit_kind text
        check (credit_kind in ('win', 'free_round', 'bonus'))`,
  sql`update vendor_transactions set credit_kind = 'win' where kind = 'credit'`,
  sql`alter table vendor_transactions add constraint vendor_transactions_credit_kind
        check ((kind = 'credit') = (credit_kind is not null))`,
  sql`alter table vendor_transactions add constraint vendor_transactions_status_by_kind
        check (status = 'refused'
               or (kind = 'debit' and status in ('applied', 'rolled_back'))
               or (kind = 'credit' and status = 'applied')
               or (kind = 'rollback' and status in ('applied', 'rollback_first')))`,

  sql`create function game_rounds_transition() returns trigger language plpgsql as $$
    begin
      if (new.id, new.brand_id, new.vendor_id, new.member_id, new.round_id, new.created_at)
         is distinct from (old.id, old.brand_id, old.vendor_id, old.member_id, old.round_id, old.created_at) then
        raise exception 'game round %: its owner and id never change', old.id using errcode = 'check_violation';
      end if;
      if new.game_id is distinct from old.game_id and new.game_id is not null then
        raise exception 'game round %: its game never changes', old.id using errcode = 'check_violation';
      end if;
      if old.status <> 'open' then
        if (new.status, new.stake_minor, new.payout_minor, new.credit_count, new.settled_at)
           is distinct from (old.status, old.stake_minor, old.payout_minor, old.credit_count, old.settled_at) then
          raise exception 'game round %: a % round never changes', old.id, old.status
            using errcode = 'check_violation';
        end if;
        return new;
      end if;
      if new.credit_count < old.credit_count or new.payout_minor < old.payout_minor then
        raise exception 'game round %: a credit is never taken back', old.id using errcode = 'check_violation';
      end if;
      if new.status = 'rolled_back' and (new.credit_count > 0 or new.stake_minor <> 0) then
        raise exception 'game round %: only a round without a credit or a standing stake rolls back', old.id
          using errcode = 'check_violation';
      end if;
      return new;
    end $$`,
  sql`create trigger game_rounds_transition before update on game_rounds
        for each row execute function game_rounds_transition()`,

  sql`create function vendor_transactions_transition() returns trigger language plpgsql as $$
    declare
      round_row game_rounds%rowtype;
    begin
      if tg_op = 'INSERT' then
        if new.kind = 'credit' and new.credit_kind = 'win' and new.status = 'applied' then
          select * into round_row from game_rounds
           where vendor_id = new.vendor_id and round_id = new.round_id;
          if not found or round_row.member_id <> new.member_id or round_row.status <> 'open'
             or round_row.stake_minor = 0 then
            raise exception 'vendor transaction %: a win needs a standing debit on an open round of its player',
              new.txn_id using errcode = 'check_violation';
          end if;
        end if;
        return new;
      end if;
      if (new.id, new.vendor_id, new.txn_id, new.brand_id, new.member_id, new.kind, new.round_id,
          new.amount_minor, new.target_txn_id, new.request_hash, new.credit_kind, new.created_at)
         is distinct from (old.id, old.vendor_id, old.txn_id, old.brand_id, old.member_id, old.kind, old.round_id,
          old.amount_minor, old.target_txn_id, old.request_hash, old.credit_kind, old.created_at) then
        raise exception 'vendor transaction %: what a call was never changes', old.txn_id
          using errcode = 'check_violation';
      end if;
      if new.game_id is distinct from old.game_id and new.game_id is not null then
        raise exception 'vendor transaction %: its game never changes', old.txn_id using errcode = 'check_violation';
      end if;
      if (old.entry_id is not null and new.entry_id is distinct from old.entry_id)
         or (old.response is not null and new.response is distinct from old.response) then
        raise exception 'vendor transaction %: its entry and answer are written once', old.txn_id
          using errcode = 'check_violation';
      end if;
      if new.status is distinct from old.status then
        if not (old.kind = 'debit' and old.status = 'applied' and new.status = 'rolled_back') then
          raise exception 'vendor transaction %: % → % is not a transition', old.txn_id, old.status, new.status
            using errcode = 'check_violation';
        end if;
        select * into round_row from game_rounds
         where vendor_id = old.vendor_id and round_id = old.round_id;
        if not found or round_row.status <> 'open' or round_row.credit_count > 0 then
          raise exception 'vendor transaction %: a debit rolls back only while its round is open without a credit',
            old.txn_id using errcode = 'check_violation';
        end if;
      end if;
      return new;
    end $$`,
  sql`create trigger vendor_transactions_transition before insert or update on vendor_transactions
        for each row execute function vendor_transactions_transition()`,
];

const downStatements = [
  sql`drop trigger vendor_transactions_transition on vendor_transactions`,
  sql`drop function vendor_transactions_transition()`,
  sql`drop trigger game_rounds_transition on game_rounds`,
  sql`drop function game_rounds_transition()`,
  sql`alter table vendor_transactions drop constraint vendor_transactions_status_by_kind`,
  sql`alter table vendor_transactions drop column credit_kind`,
  sql`alter table game_rounds drop constraint game_rounds_rolled_back_no_stake`,
  sql`alter table game_rounds drop constraint game_rounds_settled_at`,
  sql`alter table game_rounds drop column credit_count`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
