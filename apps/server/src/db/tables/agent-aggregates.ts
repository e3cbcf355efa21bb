import type { ColumnType } from 'kysely';

/** Kysely's view of migration 0024_agent_aggregates (docs/agents-contract.md "Reports"). */

type Counter = ColumnType<bigint, bigint | undefined, bigint>;

/** The closure of members.upline_id, kept by triggers on members: never written by the application. */
export interface MemberTreeTable {
  ancestor_id: bigint;
  descendant_id: bigint;
  /** 0 for the member itself, 1 for a direct downline, … */
  depth: number;
}

/** A member's settled rounds per UTC hour and game type, kept by a trigger on game_rounds. */
export interface MemberBettingHoursTable {
  member_id: bigint;
  /** The hour's start (UTC). */
  hour: ColumnType<Date, Date | string, Date | string>;
  game_type: string;
  stake_minor: Counter;
  valid_turnover_minor: Counter;
  payout_minor: Counter;
  rounds: ColumnType<number, number | undefined, number>;
}

export interface AgentAggregateTables {
  member_tree: MemberTreeTable;
  member_betting_hours: MemberBettingHoursTable;
}
