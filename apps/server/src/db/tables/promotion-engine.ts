import type { ColumnType, Generated, Selectable } from 'kysely';

/** Kysely's view of migration 0027_promotion_engine (docs/promotion-engine.md). Amounts are minor units. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type PromotionApproval = 'auto' | 'manual';
export type AwardKind = 'fixed' | 'deposit_percent' | 'free_rounds';
export type QualifyingDeposit = 'first' | 'latest';
export type ApplicationStatusColumn = 'joined' | 'pending' | 'issued' | 'rejected';
export type BonusGrantStatusColumn = 'open' | 'completed' | 'forfeited';
/** Game type → weight in basis points (10000 = the whole stake counts). */
export type WageringWeights = Record<string, number>;

export interface PromotionRulesTable {
  promotion_id: bigint;
  brand_id: bigint;
  approval: PromotionApproval;
  has_form: Defaulted<boolean>;
  new_players_days: Nullable<number>;
  min_deposit_count: Defaulted<number>;
  min_vip_level: Defaulted<number>;
  qualifying_deposit: Nullable<QualifyingDeposit>;
  min_deposit_minor: Defaulted<bigint>;
  award_kind: AwardKind;
  award_fixed_minor: Nullable<bigint>;
  award_percent_bps: Nullable<number>;
  award_cap_minor: Nullable<bigint>;
  /** Migration 0033: a `free_rounds` award's in-house game, rounds and fixed stake. */
  award_game_code: Nullable<string>;
  award_rounds: Nullable<number>;
  award_stake_minor: Nullable<bigint>;
  wagering_multiple: Defaulted<number>;
  /** jsonb: written as JSON text. */
  wagering_weights: ColumnType<WageringWeights, string | undefined, string>;
  created_by: string;
  updated_at: Timestamp;
}

export interface PromotionApplicationsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  promotion_id: bigint;
  member_id: bigint;
  status: ApplicationStatusColumn;
  remark: Nullable<string>;
  deposit_id: Nullable<bigint>;
  claimed: Defaulted<boolean>;
  decided_by: Nullable<string>;
  decided_at: OptionalTimestamp;
  reject_reason: Nullable<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PromotionApplicationImagesTable {
  application_id: bigint;
  position: number;
  mime: 'image/png' | 'image/jpeg';
  size_bytes: number;
  sha256: string;
  bytes: Uint8Array;
}

export interface BonusGrantsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  member_id: bigint;
  promotion_id: bigint;
  application_id: bigint;
  amount_minor: bigint;
  currency: string;
  wagering_required_minor: bigint;
  wagering_done_minor: Defaulted<bigint>;
  weights: ColumnType<WageringWeights, string, string>;
  status: BonusGrantStatusColumn;
  entry_id: bigint;
  forfeit_entry_id: Nullable<bigint>;
  forfeited_minor: Nullable<bigint>;
  issued_at: Timestamp;
  closed_at: OptionalTimestamp;
}

export interface PromotionEngineTables {
  promotion_rules: PromotionRulesTable;
  promotion_applications: PromotionApplicationsTable;
  promotion_application_images: PromotionApplicationImagesTable;
  bonus_grants: BonusGrantsTable;
}

export type PromotionRuleRow = Selectable<PromotionRulesTable>;
export type PromotionApplicationRow = Selectable<PromotionApplicationsTable>;
export type BonusGrantRow = Selectable<BonusGrantsTable>;
