import type { ColumnType, Generated, Selectable } from 'kysely';

/** Kysely's view of migration 0011_rewards (docs/database.md "Rewards"). Amounts are minor units. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface MemberRewardsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  member_id: bigint;
  title_en: string;
  title_hi: string;
  amount_minor: bigint;
  currency: string;
  granted_at: Timestamp;
  /** Null: never expires. */
  expires_at: OptionalTimestamp;
  claimed_at: OptionalTimestamp;
  /** The `reward` journal entry of the claim; set exactly when `claimed_at` is. */
  claim_entry_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** The operator who granted it; null for the CLI and the seed. */
  granted_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** The promotion (0002 content) the reward comes from, if any. */
  promotion_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** Where it comes from (migration 0026); the claim's journal entry kind follows it. */
  source: ColumnType<RewardSource, RewardSource | undefined, RewardSource>;
  /** A job's key, unique per brand, so a re-run grants nothing twice; null for an operator's grant. */
  source_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export const REWARD_SOURCES = [
  'operator',
  'rebate',
  'vip_upgrade',
  'vip_monthly',
  'mission',
  'referral',
  'promotion',
] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];

export interface RewardTables {
  member_rewards: MemberRewardsTable;
}

export type MemberRewardRow = Selectable<MemberRewardsTable>;
