// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Reward centre (SPEC §2 `rewardCenter`, §3 `rewardCount`; docs/database.md "Rewards"). One row per reward
 * granted to one member: granted by an operator (`granted_by`), by the CLI or the seed (null), possibly on
 * behalf of a promotion of 0002. Claiming it posts one `reward` journal entry (brand `bonus` account →
 * member main) and records the entry here in the same transaction, so `claim_entry_id` is set exactly when
 * `claimed_at` is. An unclaimed reward past `expires_at` can no longer be claimed; "expired" is derived
 * from the clock, never stored, so no sweep is needed.
 */

const upStatements = [
  sql`create table member_rewards (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete restrict,
    member_id bigint not null references members (id) on delete restrict,
    title_en text not null check (length(title_en) between 1 and 120),
    title_hi text not null check (length(title_hi) between 1 and 120),
    amount_minor bigint not null check (amount_minor > 0),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    granted_at timestamptz not null default now(),
    expires_at timestamptz,
    claimed_at timestamptz,
    claim_entry_id bigint unique references journal_entries (id) on delete restrict,
    granted_by bigint references operators (id) on delete restrict,
    promotion_id bigint references promotions (id) on delete restrict,
    constraint member_rewards_claim_entry check ((claimed_at is null) = (claim_entry_id is null)),
    constraint member_rewards_expiry check (expires_at is null or expires_at > granted_at)
  )`,
  // The member's tabs, newest first, and the unclaimed count of the header badge.
  sql`create index member_rewards_member_granted on member_rewards (member_id, granted_at desc, id desc)`,
];

const downStatements = [sql`drop table if exists member_rewards`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
