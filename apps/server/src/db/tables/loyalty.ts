import type { ColumnType, Selectable } from 'kysely';

/** Kysely's view of the tables of migration 0031_loyalty_ranks (docs/loyalty.md). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** `date` columns are read as `yyyy-MM-dd` text (the repositories cast them). */
type Day = ColumnType<string, string, string>;

export type VipRequirementRule = 'any' | 'all';

export interface LoyaltySettingsTable {
  brand_id: bigint;
  vip_requirement: Defaulted<VipRequirementRule>;
  rebates_enabled: Defaulted<boolean>;
  updated_at: Timestamp;
}

export interface VipRebateRatesTable {
  brand_id: bigint;
  level: number;
  game_type: string;
  /** Basis points of valid turnover: 50 = 0.50 %. */
  rate_bp: number;
}

/** One game type's part of a day's rebate. */
export type RebateDetail = {
  gameType: string;
  validTurnoverMinor: string;
  rateBp: number;
  amountMinor: string;
};

export interface MemberRebatesTable {
  member_id: bigint;
  day: Day;
  brand_id: bigint;
  rank_level: number;
  valid_turnover_minor: bigint;
  amount_minor: bigint;
  detail: ColumnType<RebateDetail[], string, string>;
  reward_id: bigint;
  created_at: Timestamp;
}

export interface RebateDaysTable {
  brand_id: bigint;
  day: Day;
  members: number;
  amount_minor: bigint;
  done_at: Timestamp;
}

export interface VipMonthlyRunsTable {
  brand_id: bigint;
  month: Day;
  members: number;
  done_at: Timestamp;
}

export type LoyaltyTables = {
  loyalty_settings: LoyaltySettingsTable;
  vip_rebate_rates: VipRebateRatesTable;
  member_rebates: MemberRebatesTable;
  rebate_days: RebateDaysTable;
  vip_monthly_runs: VipMonthlyRunsTable;
};

export type MemberRebateRow = Selectable<MemberRebatesTable>;
