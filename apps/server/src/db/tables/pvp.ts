import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations 0038_pvp_rooms and 0041_pvp_rummy (docs/pvp.md "Server"). */

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;
type OptionalBigint = ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** jsonb: read as parsed JSON, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

export type PvpGameKindColumn = 'teen-patti' | 'rummy';
export type PvpSeatingStatusColumn = 'joining' | 'seated' | 'cancelled' | 'voiding' | 'leaving' | 'left';

export interface PvpRoomsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  code: string;
  game_kind: PvpGameKindColumn;
  game_id: bigint;
  names: Json<{ EN: string; HI: string }>;
  /** The game's table config, minor units as strings (pvp-codec.ts). */
  config: Json<unknown>;
  /** The reducer's table, bigints as `{ "$n": "…" }` (pvp-codec.ts). */
  state: Json<unknown>;
  version: Defaulted<bigint>;
  turn_deadline: OptionalTimestamp;
  next_hand_at: OptionalTimestamp;
  enabled: Defaulted<boolean>;
  sort: Defaulted<number>;
  created_at: CreatedAt;
}

export interface PvpSeatingsTable {
  id: Generated<bigint>;
  room_id: bigint;
  seat: number;
  member_id: bigint;
  player_ref: string;
  wallet_session: string;
  nick: string;
  status: Defaulted<PvpSeatingStatusColumn>;
  buy_in_minor: bigint;
  stack_minor: Defaulted<bigint>;
  cashout_minor: OptionalBigint;
  sit_key: string;
  sit_request_hash: string;
  leave_key: OptionalText;
  refusal: OptionalText;
  created_at: CreatedAt;
  seated_at: OptionalTimestamp;
  left_at: OptionalTimestamp;
  settled_at: OptionalTimestamp;
}

export interface PvpHandsTable {
  id: Generated<bigint>;
  room_id: bigint;
  number: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  started_at: Timestamp;
  ended_at: OptionalTimestamp;
}

export interface PvpEventsTable {
  id: Generated<bigint>;
  room_id: bigint;
  version: bigint;
  hand_number: number | null;
  event: Json<unknown>;
  created_at: CreatedAt;
}

export interface PvpTables {
  pvp_rooms: PvpRoomsTable;
  pvp_seatings: PvpSeatingsTable;
  pvp_hands: PvpHandsTable;
  pvp_events: PvpEventsTable;
}
