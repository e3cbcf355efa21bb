import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migration 0022_player_protection (docs/player-protection.md). */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Counter = ColumnType<bigint, bigint | undefined, bigint>;

export type PlayLimitKind = 'deposit' | 'loss' | 'wager' | 'session';
export type PlayLimitPeriod = 'day' | 'week' | 'month' | 'session';
export type ExclusionKind = 'cool_off' | 'self_exclusion' | 'operator';

/** One version of a limit: in force from `effective_from` until `effective_until` (null: open-ended). */
export interface PlayLimitsTable {
  id: Generated<bigint>;
  member_id: bigint;
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  /** Minor units; minutes for `session`. */
  amount: bigint;
  effective_from: Timestamp;
  effective_until: OptionalTimestamp;
  created_at: CreatedAt;
  /** `member`, `operator:<name>`, `system`. */
  created_by: string;
}

/** A member's money per UTC day, written by the money transactions themselves. */
export interface MemberActivityDaysTable {
  member_id: bigint;
  /**
   * A `date` column: written as `YYYY-MM-DD`; select it as `day::text` (the two drivers would otherwise
   * parse it into a Date at local midnight).
   */
  day: ColumnType<string, string, string>;
  deposited_minor: Counter;
  withdrawn_minor: Counter;
  staked_minor: Counter;
  won_minor: Counter;
  rounds: ColumnType<number, number | undefined, number>;
}

export interface PlayExclusionsTable {
  id: Generated<bigint>;
  member_id: bigint;
  kind: ExclusionKind;
  starts_at: Timestamp;
  /** Null only for an operator's exclusion without an end. */
  ends_at: OptionalTimestamp;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string;
  reopen_requested_at: OptionalTimestamp;
  created_at: CreatedAt;
}

export interface MemberProtectionTable {
  member_id: bigint;
  reality_check_minutes: ColumnType<number, number | undefined, number>;
  deposit_prompt_answered_at: OptionalTimestamp;
}

export interface PlayerProtectionTables {
  play_limits: PlayLimitsTable;
  member_activity_days: MemberActivityDaysTable;
  play_exclusions: PlayExclusionsTable;
  member_protection: MemberProtectionTable;
}
