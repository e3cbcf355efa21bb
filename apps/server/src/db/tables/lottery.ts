import type { ColumnType, Generated, Selectable } from 'kysely';

/** Kysely's view of migration 0034_lottery (docs/lottery.md). */

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;
type OptionalBigint = ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
/** jsonb: read as parsed JSON, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;
type OptionalJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export type LotteryFamilyColumn =
  | 'vn'
  | 'sea4d'
  | 'sea6d'
  | 'lott5d'
  | 'dice3'
  | 'pick11x5'
  | 'race10'
  | 'keno';
export type LotteryVariantColumn = '' | 'north' | 'south';
export type LotterySourceColumn = 'inhouse' | 'external';
export type LotteryDrawStatusColumn = 'scheduled' | 'result_entered' | 'drawn' | 'settled' | 'cancelled';
export type LotterySlipStatusColumn = 'pending' | 'placed' | 'refused' | 'void' | 'settled' | 'refunded';
export type LotteryEntryStatusColumn = 'pending' | 'confirmed' | 'rejected';

export interface LotteryGamesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  game_id: bigint;
  game_code: string;
  family: LotteryFamilyColumn;
  variant: ColumnType<LotteryVariantColumn, LotteryVariantColumn | undefined, LotteryVariantColumn>;
  region: string;
  source: LotterySourceColumn;
  /** `LotterySchedule` of packages/shared/src/lottery.schema.ts. */
  schedule: Json<unknown>;
  margin_bp: number;
  min_stake_minor: bigint;
  max_stake_minor: bigint;
  max_lines: ColumnType<number, number | undefined, number>;
  max_payout_minor: bigint;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  created_by: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

export interface LotteryDrawsTable {
  id: Generated<bigint>;
  game_id: bigint;
  draw_no: string;
  opens_at: Timestamp;
  closes_at: Timestamp;
  draws_at: Timestamp;
  status: ColumnType<LotteryDrawStatusColumn, LotteryDrawStatusColumn | undefined, LotteryDrawStatusColumn>;
  /** Secret until the draw is drawn (in-house draws only). */
  seed: OptionalText;
  seed_hash: OptionalText;
  /** `LotteryResult` of packages/games/src/lottery. */
  result: OptionalJson<unknown>;
  result_entry_id: OptionalBigint;
  drawn_at: OptionalTimestamp;
  settled_at: OptionalTimestamp;
  cancelled_at: OptionalTimestamp;
  cancelled_by: OptionalText;
  cancel_reason: OptionalText;
  created_at: CreatedAt;
}

export interface LotteryResultEntriesTable {
  id: Generated<bigint>;
  draw_id: bigint;
  result: Json<unknown>;
  source: 'api' | 'file';
  file_name: OptionalText;
  entered_by: string;
  entered_at: CreatedAt;
  status: ColumnType<
    LotteryEntryStatusColumn,
    LotteryEntryStatusColumn | undefined,
    LotteryEntryStatusColumn
  >;
  decided_by: OptionalText;
  decided_at: OptionalTimestamp;
  reject_reason: OptionalText;
}

export interface LotterySessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  player_ref: string;
  wallet_session: string;
  currency: string;
  language: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface LotterySlipsTable {
  id: Generated<bigint>;
  draw_id: bigint;
  game_id: bigint;
  player_ref: string;
  session_id: bigint;
  wallet_session: string;
  request_id: string;
  total_stake_minor: bigint;
  margin_bp: number;
  payout_minor: OptionalBigint;
  status: ColumnType<LotterySlipStatusColumn, LotterySlipStatusColumn | undefined, LotterySlipStatusColumn>;
  refusal: OptionalText;
  created_at: CreatedAt;
  placed_at: OptionalTimestamp;
  finished_at: OptionalTimestamp;
}

export interface LotteryLinesTable {
  slip_id: bigint;
  line_no: number;
  bet_type: string;
  selection: string;
  stake_minor: bigint;
  odds_1e4: bigint;
  max_payout_minor: bigint;
  payout_minor: OptionalBigint;
}

export interface LotteryExposureTable {
  draw_id: bigint;
  exposure_key: string;
  payout_minor: bigint;
}

export interface LotteryTables {
  lottery_games: LotteryGamesTable;
  lottery_draws: LotteryDrawsTable;
  lottery_result_entries: LotteryResultEntriesTable;
  lottery_sessions: LotterySessionsTable;
  lottery_slips: LotterySlipsTable;
  lottery_lines: LotteryLinesTable;
  lottery_exposure: LotteryExposureTable;
}

export type LotteryGameRow = Selectable<LotteryGamesTable>;
export type LotteryDrawRow = Selectable<LotteryDrawsTable>;
export type LotterySlipRow = Selectable<LotterySlipsTable>;
