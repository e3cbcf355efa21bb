import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Kysely's view of the catalogue tables (migration 0003_catalogue). Conventions as in db/schema.ts:
 * jsonb is written as JSON text and read parsed; text[] columns take and return JS string arrays.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Texts per language code, `EN` always present (a CHECK enforces it). */
export type LocalisedText = Record<string, string>;

export type VendorKindColumn = 'VASSALAGE' | 'GAME' | 'LOBBY';

export interface GameTypesTable {
  code: string;
  label_key: string;
  page: string;
  banner_group: string | null;
  icon: string;
  auth: Defaulted<boolean>;
  sort: Defaulted<number>;
}

export interface BrandGameTypesTable {
  brand_id: bigint;
  game_type: string;
  sort: Defaulted<number>;
  enabled: Defaulted<boolean>;
}

export interface VendorsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  vassalage: string;
  display_name: Json<LocalisedText>;
  logo_url: string | null;
  is_game: Defaulted<VendorKindColumn>;
  maintenance: Defaulted<boolean>;
  category_tags: Defaulted<string[]>;
  sort: Defaulted<number>;
  enabled: Defaulted<boolean>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  /** Migration 0008: how the platform reaches the vendor (docs/games-contract.md). */
  integration: Defaulted<'inhouse' | 'external'>;
  launch_url: string | null;
  wallet_secret: string | null;
  session_minutes: Defaulted<number>;
}

export interface VendorGameTypesTable {
  vendor_id: bigint;
  game_type: string;
  sort: Defaulted<number>;
  game_classifies: Defaulted<string[]>;
}

export interface CatalogueTables {
  game_types: GameTypesTable;
  brand_game_types: BrandGameTypesTable;
  vendors: VendorsTable;
  vendor_game_types: VendorGameTypesTable;
}

export type GameTypeRow = Selectable<GameTypesTable>;
export type VendorRow = Selectable<VendorsTable>;
