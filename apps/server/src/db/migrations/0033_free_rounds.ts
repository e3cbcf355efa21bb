// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Free rounds in an in-house slot as a promotion award (issue 19; docs/promotion-engine.md "Free rounds",
 * docs/decisions.md "Free rounds (issue 19)").
 *
 * - `promotion_rules` gains the third award kind `free_rounds`: `award_rounds` rounds of the in-house game
 *   `award_game_code` at the fixed stake `award_stake_minor`.
 * - `free_round_grants`: what issuing such an award writes (one per application, no money moves). A play
 *   takes one round with a conditional update (`rounds_left > 0`), so concurrent plays can never take more
 *   rounds than are left; the stake is funded by a `promotion_bonus` entry keyed by grant and round.
 */

const upStatements = [
  sql`alter table promotion_rules drop constraint promotion_rules_award_kind_check`,
  sql`alter table promotion_rules add constraint promotion_rules_award_kind_check
        check (award_kind in ('fixed', 'deposit_percent', 'free_rounds'))`,
  sql`alter table promotion_rules add column award_game_code text check (award_game_code ~ '^[a-z0-9-]{1,40}$')`,
  sql`alter table promotion_rules add column award_rounds integer check (award_rounds between 1 and 1000)`,
  sql`alter table promotion_rules add column award_stake_minor bigint check (award_stake_minor > 0)`,
  sql`alter table promotion_rules add constraint promotion_rules_free_rounds_check
        check (award_kind <> 'free_rounds'
               or (award_game_code is not null and award_rounds is not null and award_stake_minor is not null))`,

  sql`create table free_round_grants (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    member_id bigint not null references members (id) on delete cascade,
    promotion_id bigint not null references promotions (id),
    application_id bigint not null unique references promotion_applications (id),
    game_code text not null,
    stake_minor bigint not null check (stake_minor > 0),
    currency text not null,
    rounds_total integer not null check (rounds_total between 1 and 1000),
    rounds_left integer not null check (rounds_left >= 0),
    status text not null check (status in ('active', 'used')),
    issued_at timestamptz not null,
    updated_at timestamptz not null,
    check (rounds_left <= rounds_total),
    check ((status = 'used') = (rounds_left = 0))
  )`,
  sql`create index free_round_grants_member on free_round_grants (member_id, id desc)`,
  // One row per round taken: its funding entry, and its payout once the studio's credit landed (so the
  // winnings are added to the promotion's wagering exactly once).
  sql`create table free_round_plays (
    round_ref text primary key,
    grant_id bigint not null references free_round_grants (id) on delete cascade,
    n integer not null check (n >= 1),
    fund_entry_id bigint not null references journal_entries (id),
    payout_minor bigint check (payout_minor >= 0),
    created_at timestamptz not null,
    settled_at timestamptz
  )`,
  sql`create index free_round_plays_grant on free_round_plays (grant_id)`,
];

const downStatements = [
  sql`drop table if exists free_round_plays`,
  sql`drop table if exists free_round_grants`,
  sql`alter table promotion_rules drop constraint if exists promotion_rules_free_rounds_check`,
  sql`delete from promotion_rules where award_kind = 'free_rounds'`,
  sql`alter table promotion_rules drop column if exists award_stake_minor`,
  sql`alter table promotion_rules drop column if exists award_rounds`,
  sql`alter table promotion_rules drop column if exists award_game_code`,
  sql`alter table promotion_rules drop constraint promotion_rules_award_kind_check`,
  sql`alter table promotion_rules add constraint promotion_rules_award_kind_check
        check (award_kind in ('fixed', 'deposit_percent'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
