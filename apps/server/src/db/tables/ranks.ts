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
  /** 0031: rolling 30-day valid turnover the level asks for (null: not a requirement of this level). */
  turnover_30d_minor: Defaulted<bigint | null>;
  /** 0031: lifetime deposits the level asks for (null: not a requirement of this level). */
  deposits_minor: Defaulted<bigint | null>;
  /** 0031: paid once per (member, level) when the member reaches it. */
  upgrade_bonus_minor: Defaulted<bigint>;
  /** 0031: paid once per (member, month) to the members at this level. */
  monthly_reward_minor: Defaulted<bigint>;
}

export type RankTables = { vip_ranks: VipRanksTable };

export type VipRankRow = Selectable<VipRanksTable>;
