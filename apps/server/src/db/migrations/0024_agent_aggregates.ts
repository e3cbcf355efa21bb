// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The agent economy's read side (issue 18; docs/agents-contract.md "Reports", docs/decisions.md "Agent
 * economy (issue 18)").
 *
 * - `member_tree(ancestor_id, descendant_id, depth)`: the closure of `members.upline_id` (depth 0 = the
 *   member itself), so "everyone under X" is one index range instead of a recursive walk. Kept by triggers
 *   on members: an insert adds the new member under its upline's ancestors; a change of `upline_id` moves
 *   the whole subtree (its links to the old ancestors go, links to the new ones come) and refuses a cycle
 *   (`check_violation`). Both take the advisory lock `member-tree` — a move exclusively, an insert with an
 *   upline shared — so a move and an insert under the moved subtree, or two moves that would together make
 *   a cycle, never interleave. Backfilled here from the members as they are.
 * - `member_betting_hours(member_id, hour, game_type, …)`: each member's settled rounds per UTC hour (the
 *   hour of `settled_at`) and game type (the game's at settlement; `OTHER` without a game), added by a
 *   trigger on game_rounds in the transaction that settles the round (vendor_call_apply), so every committed
 *   settled round is counted exactly once and nothing has to catch up. A settled round never changes again
 *   (migration 0013's state machine), and a rolled-back round never settles, so it counts nothing. Valid
 *   turnover is the stake of settled rounds. Backfilled here from the settled rounds.
 * - `game_rounds_settled_at`: settled rounds by settlement time, for the parts of a period that do not
 *   start or end on a whole hour (a period in a time zone half an hour off UTC, a 5-minute real-time
 *   salary): those minutes are summed from the rounds themselves, the whole hours from the aggregates.
 */

const upStatements = [
  sql`create table member_tree (
    ancestor_id bigint not null references members (id) on delete cascade,
    descendant_id bigint not null references members (id) on delete cascade,
    depth integer not null check (depth >= 0),
    primary key (ancestor_id, descendant_id),
    check ((depth = 0) = (ancestor_id = descendant_id))
  )`,
  sql`create index member_tree_descendant on member_tree (descendant_id, depth)`,
  // Bounded so a (corrupt) cycle in existing rows cannot run away; `on conflict` keeps the first path.
  sql`insert into member_tree (ancestor_id, descendant_id, depth)
      with recursive up (ancestor_id, descendant_id, depth) as (
        select id, id, 0 from members
        union all
        select m.upline_id, up.descendant_id, up.depth + 1
          from up join members m on m.id = up.ancestor_id
         where m.upline_id is not null and up.depth < 1000
      )
      select ancestor_id, descendant_id, depth from up
      on conflict do nothing`,

  sql`create function member_tree_insert() returns trigger language plpgsql as $$
    begin
      if new.upline_id is not null then
        perform pg_advisory_xact_lock_shared(hashtextextended('member-tree', 0));
      end if;
      insert into member_tree (ancestor_id, descendant_id, depth)
        select new.id, new.id, 0
        union all
        select t.ancestor_id, new.id, t.depth + 1 from member_tree t where t.descendant_id = new.upline_id;
      return null;
    end $$`,
  sql`create trigger member_tree_insert after insert on members
        for each row execute function member_tree_insert()`,

  sql`create function member_tree_move() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(hashtextextended('member-tree', 0));
      -- The new upline inside the moved subtree (or the member itself) would make a cycle.
      if new.upline_id is not null and exists (
        select 1 from member_tree t where t.ancestor_id = new.id and t.descendant_id = new.upline_id
      ) then
        raise exception 'member %: upline % is in its own team', new.id, new.upline_id
          using errcode = 'check_violation';
      end if;
      -- Unlink the subtree from the ancestors above the member (the links inside the subtree stay).
      delete from member_tree t
       using member_tree sub, member_tree above
       where sub.ancestor_id = new.id and t.descendant_id = sub.descendant_id
         and above.descendant_id = new.id and above.depth > 0 and t.ancestor_id = above.ancestor_id;
      if new.upline_id is not null then
        insert into member_tree (ancestor_id, descendant_id, depth)
          select above.ancestor_id, sub.descendant_id, above.depth + sub.depth + 1
            from member_tree above, member_tree sub
           where above.descendant_id = new.upline_id and sub.ancestor_id = new.id;
      end if;
      return null;
    end $$`,
  sql`create trigger member_tree_move after update of upline_id on members
        for each row when (old.upline_id is distinct from new.upline_id)
        execute function member_tree_move()`,

  sql`create table member_betting_hours (
    member_id bigint not null references members (id) on delete cascade,
    hour timestamptz not null check (hour = date_bin('1 hour', hour, timestamptz '2000-01-01 00:00:00+00')),
    game_type text not null,
    stake_minor bigint not null default 0,
    valid_turnover_minor bigint not null default 0,
    payout_minor bigint not null default 0,
    rounds integer not null default 0,
    primary key (member_id, hour, game_type)
  )`,
  sql`insert into member_betting_hours (member_id, hour, game_type, stake_minor, valid_turnover_minor,
        payout_minor, rounds)
      select r.member_id, date_bin('1 hour', r.settled_at, timestamptz '2000-01-01 00:00:00+00'),
             coalesce(g.game_type, 'OTHER'), sum(r.stake_minor), sum(r.stake_minor), sum(r.payout_minor),
             count(*)
        from game_rounds r left join games g on g.id = r.game_id
       where r.status = 'settled'
       group by 1, 2, 3`,
  // After the round's row is written (AFTER trigger): the round's totals are final. An update of a settled
  // round can only null its game (0013), which must not count it twice.
  sql`create function member_betting_settled() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.status = 'settled' then
        return null;
      end if;
      insert into member_betting_hours as h (member_id, hour, game_type, stake_minor, valid_turnover_minor,
          payout_minor, rounds)
        values (new.member_id, date_bin('1 hour', new.settled_at, timestamptz '2000-01-01 00:00:00+00'),
          coalesce((select g.game_type from games g where g.id = new.game_id), 'OTHER'),
          new.stake_minor, new.stake_minor, new.payout_minor, 1)
        on conflict (member_id, hour, game_type) do update
          set stake_minor = h.stake_minor + excluded.stake_minor,
              valid_turnover_minor = h.valid_turnover_minor + excluded.valid_turnover_minor,
              payout_minor = h.payout_minor + excluded.payout_minor,
              rounds = h.rounds + excluded.rounds;
      return null;
    end $$`,
  sql`create trigger member_betting_settled after insert or update on game_rounds
        for each row when (new.status = 'settled')
        execute function member_betting_settled()`,
  sql`create index game_rounds_settled_at on game_rounds (settled_at) where status = 'settled'`,
];

const downStatements = [
  sql`drop index if exists game_rounds_settled_at`,
  sql`drop trigger if exists member_betting_settled on game_rounds`,
  sql`drop function if exists member_betting_settled()`,
  sql`drop table if exists member_betting_hours`,
  sql`drop trigger if exists member_tree_move on members`,
  sql`drop function if exists member_tree_move()`,
  sql`drop trigger if exists member_tree_insert on members`,
  sql`drop function if exists member_tree_insert()`,
  sql`drop table if exists member_tree`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
