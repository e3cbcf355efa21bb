// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The promotion engine (issue 19; docs/promotion-engine.md). A promotion stays content (migration 0002
 * `promotions`: texts, category, tags, date window); these tables add, keyed by its id:
 *
 * - `promotion_rules`: who may apply (new players, deposit count, qualifying deposit amount, VIP level; the
 *   date window is the promotion's own), how it is approved (`auto`: the server, when eligible; `manual`: an
 *   operator), whether it has the application form (remark + images), the award (fixed, or a percentage of
 *   the qualifying deposit with a cap) and the wagering requirement (a multiple of the bonus, counted on the
 *   game types of `wagering_weights` with their weights in basis points, 10000 = 100 %).
 * - `promotion_applications`: one per (promotion, member): `joined` (signed up, waiting for a qualifying
 *   deposit, then claimed), `pending` (waiting for an operator), `issued`, `rejected`.
 * - `promotion_application_images`: the form's pictures (PNG/JPEG, cleaned like feedback's).
 * - `bonus_grants`: an issued bonus (the `promotion_bonus` entry), its wagering required and done, `open` →
 *   `completed` | `forfeited`. The rule's weights are copied at issue, so editing a promotion never changes a
 *   bonus already given.
 *
 * Wagering progress: `bonus_wagering_settled`, an AFTER trigger on game_rounds like 0024's
 * member_betting_settled, in the settling transaction. A member without an open grant costs one probe of
 * the partial index `bonus_grants_open`; with grants, the round's stake times its game type's weight is added
 * to the oldest open grant first, what is left over after completing it goes to the next.
 */

const upStatements = [
  sql`create table promotion_rules (
    promotion_id bigint primary key references promotions (id) on delete cascade,
    brand_id bigint not null references brands (id) on delete cascade,
    approval text not null check (approval in ('auto', 'manual')),
    has_form boolean not null default false,
    new_players_days integer check (new_players_days between 1 and 3650),
    min_deposit_count integer not null default 0 check (min_deposit_count between 0 and 1000),
    min_vip_level integer not null default 0 check (min_vip_level between 0 and 100),
    qualifying_deposit text check (qualifying_deposit in ('first', 'latest')),
    min_deposit_minor bigint not null default 0 check (min_deposit_minor >= 0),
    award_kind text not null check (award_kind in ('fixed', 'deposit_percent')),
    award_fixed_minor bigint check (award_fixed_minor > 0),
    award_percent_bps integer check (award_percent_bps between 1 and 100000),
    award_cap_minor bigint check (award_cap_minor > 0),
    wagering_multiple integer not null default 0 check (wagering_multiple between 0 and 200),
    wagering_weights jsonb not null default '{}' check (jsonb_typeof(wagering_weights) = 'object'),
    created_by text not null,
    updated_at timestamptz not null default now(),
    check (award_kind <> 'fixed' or award_fixed_minor is not null),
    check (award_kind <> 'deposit_percent' or (award_percent_bps is not null and award_cap_minor is not null
      and qualifying_deposit is not null))
  )`,

  sql`create table promotion_applications (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    promotion_id bigint not null references promotions (id) on delete cascade,
    member_id bigint not null references members (id) on delete cascade,
    status text not null check (status in ('joined', 'pending', 'issued', 'rejected')),
    remark text check (length(remark) <= 140),
    deposit_id bigint references deposits (id),
    claimed boolean not null default false,
    decided_by text,
    decided_at timestamptz,
    reject_reason text check (length(reject_reason) between 1 and 500),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (promotion_id, member_id)
  )`,
  sql`create index promotion_applications_member on promotion_applications (member_id, id desc)`,
  sql`create index promotion_applications_review on promotion_applications (brand_id, status, id)`,

  sql`create table promotion_application_images (
    application_id bigint not null references promotion_applications (id) on delete cascade,
    position smallint not null check (position between 1 and 3),
    mime text not null check (mime in ('image/png', 'image/jpeg')),
    size_bytes integer not null check (size_bytes > 0),
    sha256 text not null,
    bytes bytea not null,
    primary key (application_id, position)
  )`,

  sql`create table bonus_grants (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    member_id bigint not null references members (id) on delete cascade,
    promotion_id bigint not null references promotions (id),
    application_id bigint not null unique references promotion_applications (id),
    amount_minor bigint not null check (amount_minor > 0),
    currency text not null,
    wagering_required_minor bigint not null check (wagering_required_minor >= 0),
    wagering_done_minor bigint not null default 0 check (wagering_done_minor >= 0),
    weights jsonb not null check (jsonb_typeof(weights) = 'object'),
    status text not null check (status in ('open', 'completed', 'forfeited')),
    entry_id bigint not null references journal_entries (id),
    forfeit_entry_id bigint references journal_entries (id),
    forfeited_minor bigint check (forfeited_minor >= 0),
    issued_at timestamptz not null,
    closed_at timestamptz,
    check (wagering_done_minor <= wagering_required_minor),
    check ((status = 'open') = (closed_at is null)),
    check ((status = 'forfeited') = (forfeited_minor is not null))
  )`,
  // The trigger's and the withdrawal gate's one probe: a member's open grants.
  sql`create index bonus_grants_open on bonus_grants (member_id, id) where status = 'open'`,
  sql`create index bonus_grants_member on bonus_grants (member_id, id desc)`,

  // AFTER the round's row is written (like member_betting_settled): its stake is final. The member's open grants are
  // locked FOR UPDATE by id; the entry of the round's call locks balances after.
  sql`create function bonus_wagering_settled() returns trigger language plpgsql as $$
    declare
      v_type text;
      v_stake bigint;
      v_weight bigint;
      v_need bigint;
      v_add bigint;
      g record;
    begin
      if tg_op = 'UPDATE' and old.status = 'settled' then
        return null;
      end if;
      if new.stake_minor <= 0 or not exists (
        select 1 from bonus_grants where member_id = new.member_id and status = 'open'
      ) then
        return null;
      end if;
      v_type := coalesce((select gm.game_type from games gm where gm.id = new.game_id), 'OTHER');
      v_stake := new.stake_minor;
      for g in
        select b.id, b.wagering_required_minor, b.wagering_done_minor, b.weights
          from bonus_grants b where b.member_id = new.member_id and b.status = 'open'
          order by b.id for update
      loop
        exit when v_stake <= 0;
        v_weight := coalesce((g.weights ->> v_type)::bigint, 0);
        continue when v_weight <= 0;
        v_need := g.wagering_required_minor - g.wagering_done_minor;
        v_add := floor(v_stake::numeric * v_weight / 10000)::bigint;
        if v_add >= v_need then
          update bonus_grants set wagering_done_minor = wagering_required_minor, status = 'completed',
              closed_at = coalesce(new.settled_at, now())
            where id = g.id;
          -- The stake this grant used up; the rest counts toward the next open grant.
          v_stake := v_stake - ceil(v_need::numeric * 10000 / v_weight)::bigint;
        else
          update bonus_grants set wagering_done_minor = wagering_done_minor + v_add where id = g.id;
          v_stake := 0;
        end if;
      end loop;
      return null;
    end $$`,
  // Named so it fires after member_betting_settled (same-event triggers run in name order): the lock order
  // stays round → betting hour → open grants → balances.
  sql`create trigger round_bonus_wagering after insert or update on game_rounds
        for each row when (new.status = 'settled')
        execute function bonus_wagering_settled()`,
];

const downStatements = [
  sql`drop trigger if exists round_bonus_wagering on game_rounds`,
  sql`drop function if exists bonus_wagering_settled()`,
  sql`drop table if exists bonus_grants`,
  sql`drop table if exists promotion_application_images`,
  sql`drop table if exists promotion_applications`,
  sql`drop table if exists promotion_rules`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
