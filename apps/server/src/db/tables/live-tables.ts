import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migration 0037_live_tables (docs/live-tables.md "Server"). */

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;
type OptionalBigint = ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
type OptionalInteger = ColumnType<number | null, number | null | undefined, number | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** jsonb: read as parsed JSON, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;
type OptionalJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export type LiveKindColumn =
  | 'baccarat'
  | 'baccarat-nc'
  | 'dragon-tiger'
  | 'roulette'
  | 'sic-bo'
  | 'andar-bahar';
export type LivePhaseColumn = 'betting' | 'closed' | 'dealing' | 'result' | 'done';
export type LiveBetStatusColumn = 'pending' | 'placed' | 'refused' | 'void' | 'settled';
/** `{ "<bet kind>": ["<min minor>", "<max minor>"] }`. */
export type LiveLimitsColumn = Record<string, [string, string]>;

export interface LiveTablesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  code: string;
  kind: LiveKindColumn;
  name: Json<{ EN: string; HI: string }>;
  currency: Defaulted<string>;
  limits: Json<LiveLimitsColumn>;
  betting_ms: number;
  closed_ms: number;
  dealing_ms: number;
  result_ms: number;
  enabled: Defaulted<boolean>;
  sort: Defaulted<number>;
  current_round_id: OptionalBigint;
  created_at: CreatedAt;
}

export interface LiveShoesTable {
  id: Generated<bigint>;
  table_id: bigint;
  shoe_no: number;
  seed: string;
  commitment: string;
  decks: number;
  cut_index: number;
  cards_dealt: Defaulted<number>;
  rounds: Defaulted<number>;
  opened_at: Timestamp;
  revealed_at: OptionalTimestamp;
}

export interface LiveRoundsTable {
  id: Generated<bigint>;
  table_id: bigint;
  shoe_id: bigint;
  round_no: number;
  phase: Defaulted<LivePhaseColumn>;
  opened_at: Timestamp;
  betting_ends_at: Timestamp;
  phase_ends_at: Timestamp;
  first_card: OptionalInteger;
  card_count: OptionalInteger;
  /** The round's outcome (live.schema.ts `LiveOutcome`), from the move to dealing on. */
  outcome: OptionalJson<unknown>;
  dealt_at: OptionalTimestamp;
  settled_at: OptionalTimestamp;
}

export interface LiveSessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  player_ref: string;
  wallet_session: string;
  currency: string;
  language: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface LiveBetsTable {
  id: Generated<bigint>;
  table_id: bigint;
  round_id: bigint;
  player_ref: string;
  session_id: bigint;
  wallet_session: string;
  request_key: string;
  request_hash: string;
  stake_minor: bigint;
  status: Defaulted<LiveBetStatusColumn>;
  refusal: OptionalText;
  payout_minor: OptionalBigint;
  created_at: CreatedAt;
  placed_at: OptionalTimestamp;
  finished_at: OptionalTimestamp;
}

export interface LiveBetSpotsTable {
  bet_id: bigint;
  spot_no: number;
  spot: string;
  amount_minor: bigint;
  pay_minor: OptionalBigint;
}

export interface LiveExposureTable {
  round_id: bigint;
  player_ref: string;
  spot: string;
  amount_minor: bigint;
}

export interface LiveTableTables {
  live_tables: LiveTablesTable;
  live_shoes: LiveShoesTable;
  live_rounds: LiveRoundsTable;
  live_sessions: LiveSessionsTable;
  live_bets: LiveBetsTable;
  live_bet_spots: LiveBetSpotsTable;
  live_exposure: LiveExposureTable;
}
