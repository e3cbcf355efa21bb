// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Points and the points mall (issue 19, docs/points.md). Points themselves live in the ledger (migration
 * 0026: `member_points` in `PTS`, issued by the brand's `points_pool`); these tables hold what is around them.
 *
 * - `points_settings`: per brand, the cash rate of a conversion (`convert_points` points give
 *   `convert_amount_minor` of the brand's currency) and its smallest size; one row per brand.
 * - `points_earn_rates`: per brand and game type, `points` for every `turnover_minor` of valid turnover.
 *   A game type without a row earns nothing.
 * - `points_earn_progress`: per (member, hour, game type) of `member_betting_hours`, the valid turnover the
 *   earn job has already turned into points (`consumed_turnover_minor`, whole blocks of the rate) and the
 *   points it gave. The job advances it in the transaction that posts the `points_earn` entry, whose key
 *   names the consumed total after it, so a re-run finds nothing new and posts nothing twice; what is left
 *   over (less than a block) stays unconsumed for the next round of play: no fraction is lost. The job
 *   reads the last week of `member_betting_hours` through the new index on its `hour`.
 * - `points_rewards`: the mall's rewards, goods or cash vouchers, with their price in points and stock;
 *   stock never goes below zero (CHECK), and a redemption takes it with one conditional update.
 * - `points_redemptions`: each redemption (goods, cash) and conversion. Statuses (SPEC §4): `in_process`
 *   → `approved` → `redeemed`, or `in_process` → `rejected` (points given back by a reversal of the
 *   `points_redeem` entry); cash vouchers and conversions are `redeemed` at once. The
 *   `points_redemptions_transition` trigger refuses any other change of status whatever the path.
 */

const STATUSES = `('in_process', 'rejected', 'approved', 'redeemed')`;

const upStatements = [
  sql`create table points_settings (
    brand_id bigint primary key references brands (id) on delete cascade,
    convert_points bigint not null check (convert_points > 0),
    convert_amount_minor bigint not null check (convert_amount_minor >= 0),
    min_convert_points bigint not null check (min_convert_points > 0),
    updated_at timestamptz not null default now()
  )`,
  sql`create table points_earn_rates (
    brand_id bigint not null references brands (id) on delete cascade,
    game_type text not null check (length(game_type) between 1 and 16),
    turnover_minor bigint not null check (turnover_minor > 0),
    points bigint not null check (points > 0),
    primary key (brand_id, game_type)
  )`,
  sql`create table points_earn_progress (
    member_id bigint not null references members (id) on delete cascade,
    hour timestamptz not null,
    game_type text not null,
    consumed_turnover_minor bigint not null default 0 check (consumed_turnover_minor >= 0),
    points bigint not null default 0 check (points >= 0),
    updated_at timestamptz not null default now(),
    primary key (member_id, hour, game_type)
  )`,
  // The earn job reads the last week of play by hour (EARN_LOOKBACK_MS), not the whole history.
  sql`create index member_betting_hours_hour on member_betting_hours (hour)`,
  sql`create table points_rewards (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    kind text not null check (kind in ('goods', 'cash')),
    name_en text not null check (length(name_en) between 1 and 80),
    name_hi text not null check (length(name_hi) between 1 and 80),
    image_url text not null default '' check (length(image_url) <= 500),
    points_price bigint not null check (points_price > 0),
    cash_amount_minor bigint check (cash_amount_minor > 0),
    stock integer not null check (stock >= 0),
    enabled boolean not null default true,
    sort integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((kind = 'cash') = (cash_amount_minor is not null))
  )`,
  sql`create index points_rewards_brand on points_rewards (brand_id, sort, id)`,
  sql`create table points_redemptions (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    member_id bigint not null references members (id) on delete restrict,
    kind text not null check (kind in ('goods', 'cash', 'convert')),
    reward_id bigint references points_rewards (id) on delete restrict,
    quantity integer not null check (quantity between 1 and 100),
    points bigint not null check (points > 0),
    cash_amount_minor bigint check (cash_amount_minor >= 0),
    receiving_address text check (length(receiving_address) <= 200),
    mobile text check (length(mobile) <= 20),
    status text not null check (status in ${sql.raw(STATUSES)}),
    redeem_entry_id bigint not null references journal_entries (id),
    cash_entry_id bigint references journal_entries (id),
    return_entry_id bigint references journal_entries (id),
    reviewed_by text,
    reviewed_at timestamptz,
    reject_reason text check (length(reject_reason) <= 200),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((kind = 'convert') = (reward_id is null)),
    check ((status = 'rejected') = (return_entry_id is not null))
  )`,
  sql`create index points_redemptions_member on points_redemptions (member_id, id desc)`,
  sql`create index points_redemptions_brand_status on points_redemptions (brand_id, status, id desc)`,
  sql`create function points_redemptions_transition() returns trigger language plpgsql as $$
    begin
      if new.status is distinct from old.status and not (
        (old.status = 'in_process' and new.status in ('approved', 'rejected'))
        or (old.status = 'approved' and new.status = 'redeemed')
      ) then
        raise exception 'points redemption %: % → % is not allowed', old.id, old.status, new.status
          using errcode = '23514';
      end if;
      return new;
    end
  $$`,
  sql`create trigger points_redemptions_transition before update on points_redemptions
    for each row execute function points_redemptions_transition()`,
];

const downStatements = [
  sql`drop table if exists points_redemptions`,
  sql`drop function if exists points_redemptions_transition()`,
  sql`drop table if exists points_rewards`,
  sql`drop table if exists points_earn_progress`,
  sql`drop index if exists member_betting_hours_hour`,
  sql`drop table if exists points_earn_rates`,
  sql`drop table if exists points_settings`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
