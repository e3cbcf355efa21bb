// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Rebates and VIP progression (issue 19; docs/loyalty.md).
 *
 * - `vip_ranks` gains what a level really gives and asks: the requirement (`turnover_30d_minor`: valid
 *   turnover over the rolling 30 days; `deposits_minor`: lifetime deposits — null means the level does not
 *   ask for it), the one-off `upgrade_bonus_minor` and the `monthly_reward_minor`, in the brand's currency.
 * - `loyalty_settings`: per brand, whether a level needs `any` of its requirements or `all` of them, and
 *   whether rebates are paid. A brand without a row: `any`, rebates on.
 * - `vip_rebate_rates`: the rebate per (level, game type) in basis points of valid turnover (50 = 0.50 %,
 *   at most 10 %). A game type without a row earns nothing at that level.
 * - `member_rebates`: one row per (member, UTC day) the rebate job granted, with its figures per game type
 *   and the reward-centre reward it made: the player's rebate history, written in the grant's transaction.
 * - `rebate_days`: the (brand, day) pairs the rebate job has finished, so a run only looks at days it has
 *   not done. The grants themselves are once per (member, day) through the reward's source key, so a day
 *   done twice (two runners, a crash before the marker) still pays once.
 * - `vip_monthly_runs`: the (brand, month) pairs whose monthly rewards were granted to every member then
 *   at a level with one; a member upgraded later in the month gets that month's reward with the upgrade.
 * - The rebate job reads one day of every member's hours through `member_betting_hours_hour`, the index
 *   migration 0028 (points) made for the same kind of read.
 */

const upStatements = [
  sql`alter table vip_ranks
        add column turnover_30d_minor bigint check (turnover_30d_minor >= 0),
        add column deposits_minor bigint check (deposits_minor >= 0),
        add column upgrade_bonus_minor bigint not null default 0 check (upgrade_bonus_minor >= 0),
        add column monthly_reward_minor bigint not null default 0 check (monthly_reward_minor >= 0)`,
  sql`create table loyalty_settings (
    brand_id bigint primary key references brands (id) on delete cascade,
    vip_requirement text not null default 'any' check (vip_requirement in ('any', 'all')),
    rebates_enabled boolean not null default true,
    updated_at timestamptz not null default now()
  )`,
  sql`create table vip_rebate_rates (
    brand_id bigint not null,
    level integer not null,
    game_type text not null check (length(game_type) between 1 and 16),
    rate_bp integer not null check (rate_bp between 0 and 1000),
    primary key (brand_id, level, game_type),
    foreign key (brand_id, level) references vip_ranks (brand_id, level) on delete cascade
  )`,
  sql`create table member_rebates (
    member_id bigint not null references members (id) on delete cascade,
    day date not null,
    brand_id bigint not null references brands (id) on delete cascade,
    rank_level integer not null,
    valid_turnover_minor bigint not null check (valid_turnover_minor >= 0),
    amount_minor bigint not null check (amount_minor > 0),
    detail jsonb not null,
    reward_id bigint not null references member_rewards (id),
    created_at timestamptz not null default now(),
    primary key (member_id, day)
  )`,
  sql`create table rebate_days (
    brand_id bigint not null references brands (id) on delete cascade,
    day date not null,
    members integer not null,
    amount_minor bigint not null,
    done_at timestamptz not null default now(),
    primary key (brand_id, day)
  )`,
  sql`create table vip_monthly_runs (
    brand_id bigint not null references brands (id) on delete cascade,
    month date not null check (extract(day from month) = 1),
    members integer not null,
    done_at timestamptz not null default now(),
    primary key (brand_id, month)
  )`,
];

const downStatements = [
  sql`drop table if exists vip_monthly_runs`,
  sql`drop table if exists rebate_days`,
  sql`drop table if exists member_rebates`,
  sql`drop table if exists vip_rebate_rates`,
  sql`drop table if exists loyalty_settings`,
  sql`alter table vip_ranks drop column turnover_30d_minor, drop column deposits_minor,
        drop column upgrade_bonus_minor, drop column monthly_reward_minor`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
