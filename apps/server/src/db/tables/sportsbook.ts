import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migration 0035_sportsbook (docs/sportsbook.md). */

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;
type OptionalBigint = ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
type OptionalInteger = ColumnType<number | null, number | null | undefined, number | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** jsonb: read as parsed JSON, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;
type DefaultedJson<T> = ColumnType<T, string | undefined, string>;
type OptionalJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export type SbSportColumn =
  | 'cricket'
  | 'football'
  | 'kabaddi'
  | 'tennis'
  | 'cs2'
  | 'dota2'
  | 'valorant'
  | 'lol'
  | 'cockfight';
export type SbEventStatusColumn = 'scheduled' | 'live' | 'ended' | 'resulted' | 'cancelled';
export type SbFeedColumn = 'sim' | 'arena' | 'external';
export type SbMarketStatusColumn = 'open' | 'suspended' | 'closed' | 'resulted' | 'void';
export type SbOutcomeColumn = 'win' | 'lose' | 'void' | 'half_win' | 'half_lose';
export type SbBetStatusColumn =
  | 'pending'
  | 'placed'
  | 'refused'
  | 'void'
  | 'settled'
  | 'cashed_out'
  | 'refunded'
  | 'voided';
export type SbAcceptRuleColumn = 'any' | 'higher' | 'none';
/** `{ EN, HI }` display names. */
export type SbNamesColumn = { EN: string; HI: string };

export interface SbCompetitionsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  sport: SbSportColumn;
  code: string;
  name: Json<SbNamesColumn>;
  country: Defaulted<string>;
  sort: Defaulted<number>;
  enabled: Defaulted<boolean>;
}

export interface SbEventsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  competition_id: bigint;
  sport: SbSportColumn;
  format: string;
  home: Json<SbNamesColumn>;
  away: Json<SbNamesColumn>;
  starts_at: Timestamp;
  status: Defaulted<SbEventStatusColumn>;
  feed: SbFeedColumn;
  feed_ref: string;
  /** The simulator's private state (packages/games/src/sports). */
  model: OptionalJson<unknown>;
  /** The public score (`SportsScore` of packages/shared/src/sportsbook.schema.ts). */
  score: DefaultedJson<unknown>;
  bet_delay_ms: Defaulted<number>;
  max_liability_minor: bigint;
  started_at: OptionalTimestamp;
  ended_at: OptionalTimestamp;
  resulted_at: OptionalTimestamp;
  cancelled_at: OptionalTimestamp;
  cancel_reason: OptionalText;
  created_at: CreatedAt;
}

export interface SbTimelineTable {
  event_id: bigint;
  seq: number;
  at: Timestamp;
  clock: Defaulted<string>;
  kind: string;
  side: Defaulted<'' | 'home' | 'away'>;
  detail: DefaultedJson<unknown>;
}

export interface SbMarketsTable {
  id: Generated<bigint>;
  event_id: bigint;
  market_type: string;
  param: Defaulted<string>;
  line_milli: Defaulted<number>;
  status: Defaulted<SbMarketStatusColumn>;
  in_play: Defaulted<boolean>;
  margin_bp: number;
  min_odds_milli: Defaulted<number>;
  max_stake_minor: bigint;
  max_liability_minor: bigint;
  version: Defaulted<number>;
  suspended_until: OptionalTimestamp;
  corrections: Defaulted<number>;
  resulted_at: OptionalTimestamp;
  sort: Defaulted<number>;
}

export interface SbSelectionsTable {
  id: Generated<bigint>;
  market_id: bigint;
  sel_key: string;
  name: Json<SbNamesColumn>;
  odds_milli: number;
  prob_ppm: number;
  active: Defaulted<boolean>;
  outcome: ColumnType<SbOutcomeColumn | null, SbOutcomeColumn | null | undefined, SbOutcomeColumn | null>;
  dead_heat_milli: OptionalInteger;
  sort: Defaulted<number>;
}

export interface SbSessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  player_ref: string;
  wallet_session: string;
  currency: string;
  language: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface SbBetsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  player_ref: string;
  session_id: bigint;
  wallet_session: string;
  request_id: string;
  kind: 'single' | 'multi';
  stake_minor: bigint;
  odds_milli: bigint;
  potential_return_minor: bigint;
  accept_rule: SbAcceptRuleColumn;
  in_play: boolean;
  status: Defaulted<SbBetStatusColumn>;
  refusal: OptionalText;
  payout_minor: OptionalBigint;
  cashout_minor: OptionalBigint;
  void_reason: OptionalText;
  voided_by: OptionalText;
  created_at: CreatedAt;
  placed_at: OptionalTimestamp;
  finished_at: OptionalTimestamp;
}

export interface SbBetLegsTable {
  bet_id: bigint;
  leg_no: number;
  event_id: bigint;
  market_id: bigint;
  selection_id: bigint;
  odds_milli: number;
  market_version: number;
  outcome: ColumnType<SbOutcomeColumn | null, SbOutcomeColumn | null | undefined, SbOutcomeColumn | null>;
  dead_heat_milli: OptionalInteger;
}

export interface SbExposureTable {
  market_id: bigint;
  sel_key: string;
  liability_minor: bigint;
}

export interface SbEventExposureTable {
  event_id: bigint;
  liability_minor: bigint;
}

export interface SbCashoutQuotesTable {
  id: Generated<bigint>;
  bet_id: bigint;
  value_minor: bigint;
  /** `{ "<market id>": version }` of every open leg's market when priced. */
  versions: Json<Record<string, number>>;
  expires_at: Timestamp;
  accepted_at: OptionalTimestamp;
  created_at: CreatedAt;
}

export interface SbCorrectionsTable {
  id: Generated<bigint>;
  market_id: bigint;
  /** `{ "<sel_key>": { outcome, deadHeatMilli } }` before and after. */
  previous: Json<unknown>;
  corrected: Json<unknown>;
  reason: string;
  corrected_by: string;
  created_at: CreatedAt;
}

export interface SbAdjustmentsTable {
  id: Generated<bigint>;
  bet_id: bigint;
  correction_id: OptionalBigint;
  reason: 'correction' | 'operator_void';
  previous_payout_minor: bigint;
  payout_minor: bigint;
  delta_minor: bigint;
  unrecovered_minor: Defaulted<bigint>;
  journal_entry_id: OptionalBigint;
  created_at: CreatedAt;
}

export interface SportsbookTables {
  sb_competitions: SbCompetitionsTable;
  sb_events: SbEventsTable;
  sb_timeline: SbTimelineTable;
  sb_markets: SbMarketsTable;
  sb_selections: SbSelectionsTable;
  sb_sessions: SbSessionsTable;
  sb_bets: SbBetsTable;
  sb_bet_legs: SbBetLegsTable;
  sb_exposure: SbExposureTable;
  sb_event_exposure: SbEventExposureTable;
  sb_cashout_quotes: SbCashoutQuotesTable;
  sb_corrections: SbCorrectionsTable;
  sb_adjustments: SbAdjustmentsTable;
}
