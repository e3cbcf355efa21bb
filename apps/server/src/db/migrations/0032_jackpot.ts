// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Progressive jackpots (issue 19; docs/jackpot.md, docs/decisions.md "Progressive jackpot (issue 19)").
 *
 * - `jackpots`: one per code and brand; its pot is the `jackpot` ledger account it owns (migration 0026,
 *   `vendor_code` = the code, never negative). `contribution_bps` of every settled stake in its games goes to
 *   the pot; a round wins with probability stake / `one_in_minor` (proportional to the stake; 1 = always,
 *   for tests); `seed_minor` is what the house puts in at creation and after every win.
 * - `jackpot_games`: the in-house games a jackpot covers; a game funds at most one jackpot.
 * - `jackpot_contributions`: one row per settled round of a covered game, written by the trigger below in
 *   the transaction that settles the round (like migration 0024's betting hours), so the hot path writes one
 *   small row and no ledger entry. The job `jackpot.post` posts the rows not yet posted as ONE
 *   `jackpot_contribution` entry (house → pot), draws each round's jackpot from its committed seed and
 *   stamps the rows (`posted_at`, `entry_id`, `won`). Shown pot = pot balance + unposted contributions.
 * - `jackpot_wins`: once per round (unique contribution), with the pay-out entry and the reseed entry.
 * - `jackpot_fundings`: the house's seed money (creation, reseed after a win, operator top-up), so that
 *   pot balance = Σ posted contributions + Σ fundings − Σ wins is checkable from rows.
 *
 * The trigger announces each new contribution on `lotus_jackpot` (payload: the brand id); the realtime
 * module pushes the brand's pot, at most once a second.
 */

const upStatements = [
  sql`create table jackpots (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    code text not null check (code ~ '^[A-Za-z0-9_-]{1,32}$'),
    name_en text not null check (length(name_en) between 1 and 80),
    name_hi text not null check (length(name_hi) between 1 and 80),
    contribution_bps integer not null check (contribution_bps between 0 and 10000),
    seed_minor bigint not null check (seed_minor >= 0),
    one_in_minor bigint not null check (one_in_minor >= 1),
    account_id bigint not null references ledger_accounts (id),
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (brand_id, code)
  )`,
  sql`create table jackpot_games (
    jackpot_id bigint not null references jackpots (id) on delete cascade,
    game_id bigint not null references games (id) on delete cascade,
    primary key (jackpot_id, game_id),
    unique (game_id)
  )`,
  sql`create table jackpot_contributions (
    id bigint generated always as identity primary key,
    jackpot_id bigint not null references jackpots (id) on delete cascade,
    brand_id bigint not null,
    game_round_id bigint not null unique references game_rounds (id) on delete cascade,
    member_id bigint not null,
    round_id text not null,
    stake_minor bigint not null check (stake_minor > 0),
    amount_minor bigint not null check (amount_minor >= 0),
    one_in_minor bigint not null check (one_in_minor >= 1),
    created_at timestamptz not null default now(),
    posted_at timestamptz,
    entry_id bigint references journal_entries (id),
    won boolean,
    check ((posted_at is null) = (won is null)),
    check (entry_id is null or posted_at is not null)
  )`,
  sql`create index jackpot_contributions_unposted on jackpot_contributions (jackpot_id, id) where posted_at is null`,
  sql`create table jackpot_wins (
    id bigint generated always as identity primary key,
    jackpot_id bigint not null references jackpots (id) on delete cascade,
    contribution_id bigint not null unique references jackpot_contributions (id),
    member_id bigint not null references members (id) on delete cascade,
    round_id text not null,
    amount_minor bigint not null check (amount_minor >= 0),
    win_entry_id bigint references journal_entries (id),
    created_at timestamptz not null default now()
  )`,
  sql`create index jackpot_wins_recent on jackpot_wins (jackpot_id, id desc)`,
  sql`create table jackpot_fundings (
    id bigint generated always as identity primary key,
    jackpot_id bigint not null references jackpots (id) on delete cascade,
    entry_id bigint not null unique references journal_entries (id),
    amount_minor bigint not null check (amount_minor > 0),
    reason text not null check (reason in ('seed', 'reseed', 'top_up')),
    created_at timestamptz not null default now()
  )`,
  // After the round's row is final (AFTER trigger, migration 0024's pattern): one row per round of a covered
  // game of an active jackpot; a settled round never settles again (0013), and the update that may null its
  // game must not contribute twice.
  sql`create function jackpot_contribute() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.status = 'settled' then
        return null;
      end if;
      if new.game_id is null or new.stake_minor <= 0 then
        return null;
      end if;
      insert into jackpot_contributions (jackpot_id, brand_id, game_round_id, member_id, round_id, stake_minor,
          amount_minor, one_in_minor)
        select j.id, new.brand_id, new.id, new.member_id, new.round_id, new.stake_minor,
               new.stake_minor * j.contribution_bps / 10000, j.one_in_minor
          from jackpot_games g join jackpots j on j.id = g.jackpot_id
         where g.game_id = new.game_id and j.active and j.brand_id = new.brand_id;
      if found then
        perform pg_notify('lotus_jackpot', new.brand_id::text);
      end if;
      return null;
    end $$`,
  sql`create trigger jackpot_contribute after insert or update on game_rounds
        for each row when (new.status = 'settled')
        execute function jackpot_contribute()`,
];

const downStatements = [
  sql`drop trigger if exists jackpot_contribute on game_rounds`,
  sql`drop function if exists jackpot_contribute()`,
  sql`drop table if exists jackpot_fundings`,
  sql`drop table if exists jackpot_wins`,
  sql`drop table if exists jackpot_contributions`,
  sql`drop table if exists jackpot_games`,
  sql`drop table if exists jackpots`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
