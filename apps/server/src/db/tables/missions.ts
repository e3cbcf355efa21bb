import type { ColumnType, Generated, Selectable } from 'kysely';

/** Kysely's view of migration 0029_missions_referral (docs/missions-referral.md). Amounts are minor units. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export const MISSION_PERIODS = ['daily', 'weekly'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];
export const MISSION_KINDS = ['rounds', 'turnover', 'deposit', 'new_game'] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];

export interface MissionsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  code: string;
  period: MissionPeriod;
  kind: MissionKind;
  /** Rounds, minor units of turnover or deposit, or games never played before. */
  target: bigint;
  reward_minor: bigint;
  points: ColumnType<number, number | undefined, number>;
  title_en: string;
  title_hi: string;
  sort: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface MissionClaimsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  member_id: bigint;
  mission_id: bigint;
  period_start: ColumnType<Date, Date | string, Date | string>;
  points: number;
  reward_id: bigint | null;
  claimed_by: 'member' | 'job';
  claimed_at: ColumnType<Date, Date | string, Date | string>;
}

/** Written by the `referral_code_assign` trigger on members; never by the application. */
export interface ReferralCodesTable {
  member_id: bigint;
  brand_id: bigint;
  code: string;
  created_at: Timestamp;
}

export interface ReferralRulesTable {
  brand_id: bigint;
  share_bps: number;
  min_deposit_minor: ColumnType<bigint, bigint | undefined, bigint>;
  cap_minor: bigint;
  updated_at: Timestamp;
}

export interface MissionTables {
  missions: MissionsTable;
  mission_claims: MissionClaimsTable;
  referral_codes: ReferralCodesTable;
  referral_rules: ReferralRulesTable;
}

export type MissionRow = Selectable<MissionsTable>;
