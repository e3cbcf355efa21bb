import type { ColumnType, Generated, Selectable } from 'kysely';
import type { LocalisedText } from './catalogue.ts';

/**
 * Kysely's view of the tables of migration 0008_games (and the columns 0013 adds) (docs/games-contract.md). Conventions as in
 * db/schema.ts: jsonb is written as JSON text and read parsed.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface GamesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  vendor_id: bigint;
  game_type: string;
  game_code: string;
  names: Json<LocalisedText>;
  icon_url: string | null;
  support_play: Defaulted<number>;
  is_hot: Defaulted<boolean>;
  is_new: Defaulted<boolean>;
  min_bet_minor: Defaulted<bigint>;
  max_bet_minor: Defaulted<bigint>;
  min_line_num: Defaulted<number>;
  game_classify: string | null;
  account_type_id: Defaulted<number>;
  sort: Defaulted<number>;
  enabled: Defaulted<boolean>;
  created_at: Timestamp;
}

export type LaneSource = 'hot' | 'new' | 'type' | 'classify';

export interface GameLanesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  title: Json<LocalisedText>;
  source: LaneSource;
  game_type: string | null;
  game_classify: string | null;
  card_limit: Defaulted<number>;
  sort: Defaulted<number>;
  enabled: Defaulted<boolean>;
}

export interface FavouriteGamesTable {
  member_id: bigint;
  game_id: bigint;
  created_at: Timestamp;
}

export interface RecentGamesTable {
  member_id: bigint;
  game_id: bigint;
  played_at: Timestamp;
}

export interface GameLaunchSessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  brand_id: bigint;
  member_id: bigint;
  game_id: bigint;
  vendor_id: bigint;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** 0022: the login session the game was launched from (its reality check and time limit apply). */
  login_session_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export type VendorTxnKind = 'debit' | 'credit' | 'rollback';
export type VendorTxnStatus = 'applied' | 'rolled_back' | 'rollback_first' | 'refused';
/** What a credit pays (migration 0013): a win from the house, or a free round / bonus from the brand. */
export type CreditKind = 'win' | 'free_round' | 'bonus';

export interface VendorTransactionsTable {
  id: Generated<bigint>;
  vendor_id: bigint;
  txn_id: string;
  brand_id: bigint;
  member_id: bigint;
  kind: VendorTxnKind;
  round_id: string;
  game_id: bigint | null;
  amount_minor: bigint;
  target_txn_id: string | null;
  status: VendorTxnStatus;
  entry_id: bigint | null;
  request_hash: string;
  response: Json<unknown> | null;
  created_at: Timestamp;
  /** Set on credits only (0013). */
  credit_kind: CreditKind | null;
}

export type GameRoundStatus = 'open' | 'settled' | 'rolled_back';

export interface GameRoundsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  vendor_id: bigint;
  member_id: bigint;
  game_id: bigint | null;
  round_id: string;
  stake_minor: Defaulted<bigint>;
  payout_minor: Defaulted<bigint>;
  status: Defaulted<GameRoundStatus>;
  created_at: Timestamp;
  settled_at: Date | null;
  /** Credits the round accepted, of any amount (0013): one or more and its debits no longer roll back. */
  credit_count: Defaulted<number>;
}

export interface InhouseSessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  player_ref: string;
  wallet_session: string | null;
  game_code: string;
  trial: Defaulted<boolean>;
  demo_balance_minor: bigint | null;
  currency: string;
  language: Defaulted<string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Migration 0039_fishing: a fishing title's public scene seed and scene start (null for other games). */
  fishing_scene_seed: ColumnType<string | null, string | null | undefined, string | null>;
  fishing_scene_started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface InhouseSeedsTable {
  id: Generated<bigint>;
  player_ref: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Defaulted<number>;
  status: Defaulted<'active' | 'revealed'>;
  created_at: Timestamp;
  revealed_at: Date | null;
}

export interface InhouseRoundsTable {
  id: Generated<bigint>;
  player_ref: string;
  session_id: bigint;
  seed_id: bigint;
  nonce: number;
  client_seed: string;
  request_id: string;
  game_code: string;
  trial: boolean;
  stake_minor: bigint;
  payout_minor: Defaulted<bigint>;
  outcome: Json<unknown>;
  status: 'settled' | 'credit_pending' | 'void';
  created_at: Timestamp;
}

export interface GameTables {
  games: GamesTable;
  game_lanes: GameLanesTable;
  favourite_games: FavouriteGamesTable;
  recent_games: RecentGamesTable;
  game_launch_sessions: GameLaunchSessionsTable;
  vendor_transactions: VendorTransactionsTable;
  game_rounds: GameRoundsTable;
  inhouse_sessions: InhouseSessionsTable;
  inhouse_seeds: InhouseSeedsTable;
  inhouse_rounds: InhouseRoundsTable;
}

export type GameRow = Selectable<GamesTable>;
export type VendorTransactionRow = Selectable<VendorTransactionsTable>;
export type GameRoundRow = Selectable<GameRoundsTable>;
export type InhouseRoundRow = Selectable<InhouseRoundsTable>;
export type InhouseSeedRow = Selectable<InhouseSeedsTable>;
export type InhouseSessionRow = Selectable<InhouseSessionsTable>;
