import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables of migration 0032_jackpot (docs/jackpot.md). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface JackpotsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  code: string;
  name_en: string;
  name_hi: string;
  contribution_bps: number;
  seed_minor: bigint;
  /** A round wins with probability stake_minor / one_in_minor (1 = every round, tests only). */
  one_in_minor: bigint;
  account_id: bigint;
  active: Defaulted<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JackpotGamesTable {
  jackpot_id: bigint;
  game_id: bigint;
}

/** Written by the trigger `jackpot_contribute` only; the job stamps posted_at, entry_id and won. */
export interface JackpotContributionsTable {
  id: Generated<bigint>;
  jackpot_id: bigint;
  brand_id: bigint;
  game_round_id: bigint;
  member_id: bigint;
  round_id: string;
  stake_minor: bigint;
  amount_minor: bigint;
  one_in_minor: bigint;
  created_at: Timestamp;
  posted_at: Date | null;
  entry_id: bigint | null;
  won: boolean | null;
}

export interface JackpotWinsTable {
  id: Generated<bigint>;
  jackpot_id: bigint;
  contribution_id: bigint;
  member_id: bigint;
  round_id: string;
  amount_minor: bigint;
  win_entry_id: bigint | null;
  created_at: Timestamp;
}

export type JackpotFundingReason = 'seed' | 'reseed' | 'top_up';

export interface JackpotFundingsTable {
  id: Generated<bigint>;
  jackpot_id: bigint;
  entry_id: bigint;
  amount_minor: bigint;
  reason: JackpotFundingReason;
  created_at: Timestamp;
}

export interface JackpotTables {
  jackpots: JackpotsTable;
  jackpot_games: JackpotGamesTable;
  jackpot_contributions: JackpotContributionsTable;
  jackpot_wins: JackpotWinsTable;
  jackpot_fundings: JackpotFundingsTable;
}
