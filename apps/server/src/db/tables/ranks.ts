import type { ColumnType, Selectable } from 'kysely';

/** Kysely's view of the table of migration 0012_vip_ranks (docs/database.md "VIP ranks"). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface VipRanksTable {
  brand_id: bigint;
  level: number;
  name_en: string;
  name_hi: string;
  /** Plain text, one benefit per line. */
  benefits_en: Defaulted<string>;
  benefits_hi: Defaulted<string>;
  updated_at: Timestamp;
}

export type RankTables = { vip_ranks: VipRanksTable };

export type VipRankRow = Selectable<VipRanksTable>;
