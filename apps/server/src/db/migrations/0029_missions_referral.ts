// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Missions and referral (issue 19; docs/missions-referral.md).
 *
 * - `missions`: a brand's daily and weekly tasks. Progress is never stored: it is computed on read from the
 *   aggregates the money path already keeps (member_betting_hours, member_activity_days, game_rounds), so a
 *   mission adds no cost to a bet.
 * - `mission_claims`: one row per (member, mission, period start) — the unique key that makes a claim happen
 *   once however many requests or job runs race for it. `reward_id` is the reward centre's grant (source
 *   `mission`, key `mission:<member>:<mission>:<period start>`); `points` are the leaderboard's.
 * - `referral_codes`: each real player's code, made by a trigger when the member row is inserted (so every
 *   path that creates a player — registration, one-click, seeds, tests — has one), random and unique per
 *   brand.
 * - `referral_rules`: a brand's share of a friend's first approved deposit (basis points, with a minimum
 *   deposit and a cap). Whether the brand runs referral at all is its whitelabel flag `REFERRAL3`.
 */

const PERIODS = `('daily', 'weekly')`;
const KINDS = `('rounds', 'turnover', 'deposit', 'new_game')`;

const upStatements = [
  sql`create table missions (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    code text not null check (code ~ '^[a-z0-9_-]{1,40}$'),
    period text not null check (period in ${sql.raw(PERIODS)}),
    kind text not null check (kind in ${sql.raw(KINDS)}),
    target bigint not null check (target > 0),
    reward_minor bigint not null check (reward_minor > 0),
    points integer not null default 0 check (points >= 0),
    title_en text not null check (length(title_en) between 1 and 80),
    title_hi text not null check (length(title_hi) between 1 and 80),
    sort integer not null default 0,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    unique (brand_id, code)
  )`,
  sql`create table mission_claims (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    member_id bigint not null references members (id) on delete cascade,
    mission_id bigint not null references missions (id) on delete cascade,
    period_start timestamptz not null,
    points integer not null check (points >= 0),
    reward_id bigint references member_rewards (id) on delete set null,
    claimed_by text not null check (claimed_by in ('member', 'job')),
    claimed_at timestamptz not null,
    unique (member_id, mission_id, period_start)
  )`,
  // The leaderboard sums a period's points per member.
  sql`create index mission_claims_board on mission_claims (brand_id, period_start)`,
  sql`create table referral_codes (
    member_id bigint primary key references members (id) on delete cascade,
    brand_id bigint not null references brands (id) on delete cascade,
    code text not null check (code ~ '^[A-Z0-9]{8,16}$'),
    created_at timestamptz not null default now(),
    unique (brand_id, code)
  )`,
  sql`create table referral_rules (
    brand_id bigint primary key references brands (id) on delete cascade,
    share_bps integer not null check (share_bps between 1 and 10000),
    min_deposit_minor bigint not null default 0 check (min_deposit_minor >= 0),
    cap_minor bigint not null check (cap_minor > 0),
    updated_at timestamptz not null default now()
  )`,
  // 8 upper-case hex characters from a random UUID (about 4·10⁹ codes); a clash with the brand's other
  // codes draws again. Trial accounts never invite anyone, so they get none.
  sql`create function referral_code_assign() returns trigger language plpgsql as $$
    declare
      tries integer := 0;
    begin
      if new.is_trial then
        return new;
      end if;
      loop
        insert into referral_codes (member_id, brand_id, code)
          values (new.id, new.brand_id, upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 8)))
          on conflict do nothing;
        exit when found;
        tries := tries + 1;
        if tries > 20 then
          raise exception 'no free referral code for member %', new.id;
        end if;
      end loop;
      return new;
    end
  $$`,
  sql`create trigger referral_code_assign after insert on members
    for each row execute function referral_code_assign()`,
  sql`insert into referral_codes (member_id, brand_id, code)
    select id, brand_id, upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))
    from members where not is_trial
    on conflict do nothing`,
];

const downStatements = [
  sql`drop trigger if exists referral_code_assign on members`,
  sql`drop function if exists referral_code_assign()`,
  sql`drop table if exists referral_rules`,
  sql`drop table if exists referral_codes`,
  sql`drop table if exists mission_claims`,
  sql`drop table if exists missions`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
