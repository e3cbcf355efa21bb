import type { ColumnType, Generated, Selectable } from 'kysely';

/** Kysely's view of migration 0033_free_rounds (docs/promotion-engine.md "Free rounds"). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type FreeRoundGrantStatus = 'active' | 'used';

export interface FreeRoundGrantsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  member_id: bigint;
  promotion_id: bigint;
  application_id: bigint;
  game_code: string;
  stake_minor: bigint;
  currency: string;
  rounds_total: number;
  rounds_left: number;
  status: FreeRoundGrantStatus;
  issued_at: Timestamp;
  updated_at: Timestamp;
}

export interface FreeRoundPlaysTable {
  /** The studio's round id (`LOT-<id>`). */
  round_ref: string;
  grant_id: bigint;
  /** Which round of the grant it is (rounds_total − rounds_left after taking it). */
  n: number;
  fund_entry_id: bigint;
  payout_minor: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  created_at: Timestamp;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface FreeRoundTables {
  free_round_grants: FreeRoundGrantsTable;
  free_round_plays: FreeRoundPlaysTable;
}

export type FreeRoundGrantRow = Selectable<FreeRoundGrantsTable>;
