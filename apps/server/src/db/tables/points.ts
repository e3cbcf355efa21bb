import type { ColumnType, Generated, Selectable } from 'kysely';

/** Kysely's view of migration 0028_points (docs/points.md). Points are whole numbers (PTS minor units). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type PointsRewardKind = 'goods' | 'cash';
export type PointsRedemptionKind = 'goods' | 'cash' | 'convert';
export type PointsRedemptionStatus = 'in_process' | 'rejected' | 'approved' | 'redeemed';

export interface PointsSettingsTable {
  brand_id: bigint;
  convert_points: bigint;
  convert_amount_minor: bigint;
  min_convert_points: bigint;
  updated_at: Timestamp;
}

export interface PointsEarnRatesTable {
  brand_id: bigint;
  game_type: string;
  turnover_minor: bigint;
  points: bigint;
}

export interface PointsEarnProgressTable {
  member_id: bigint;
  hour: ColumnType<Date, Date | string, Date | string>;
  game_type: string;
  consumed_turnover_minor: Defaulted<bigint>;
  points: Defaulted<bigint>;
  updated_at: Timestamp;
}

export interface PointsRewardsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  kind: PointsRewardKind;
  name_en: string;
  name_hi: string;
  image_url: Defaulted<string>;
  points_price: bigint;
  cash_amount_minor: Nullable<bigint>;
  stock: number;
  enabled: Defaulted<boolean>;
  sort: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PointsRedemptionsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  member_id: bigint;
  kind: PointsRedemptionKind;
  reward_id: Nullable<bigint>;
  quantity: number;
  points: bigint;
  cash_amount_minor: Nullable<bigint>;
  receiving_address: Nullable<string>;
  mobile: Nullable<string>;
  status: PointsRedemptionStatus;
  redeem_entry_id: bigint;
  cash_entry_id: Nullable<bigint>;
  return_entry_id: Nullable<bigint>;
  reviewed_by: Nullable<string>;
  reviewed_at: OptionalTimestamp;
  reject_reason: Nullable<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PointsTables {
  points_settings: PointsSettingsTable;
  points_earn_rates: PointsEarnRatesTable;
  points_earn_progress: PointsEarnProgressTable;
  points_rewards: PointsRewardsTable;
  points_redemptions: PointsRedemptionsTable;
}

export type PointsRewardRow = Selectable<PointsRewardsTable>;
export type PointsRedemptionRow = Selectable<PointsRedemptionsTable>;
export type PointsSettingsRow = Selectable<PointsSettingsTable>;
export type PointsEarnRateRow = Selectable<PointsEarnRatesTable>;
