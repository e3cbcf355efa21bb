import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccountFlowTables } from './tables/account-flows.ts';
import type { AccountTables } from './tables/accounts.ts';
import type { AgentAggregateTables } from './tables/agent-aggregates.ts';
import type { AgentContractTables } from './tables/agent-contracts.ts';
import type { AttemptGateTables } from './tables/attempt-gates.ts';
import type { CatalogueTables } from './tables/catalogue.ts';
import type { ContentTables } from './tables/content.ts';
import type { FreeRoundTables } from './tables/free-rounds.ts';
import type { GameTables } from './tables/games.ts';
import type { JackpotTables } from './tables/jackpot.ts';
import type { JobTables } from './tables/jobs.ts';
import type { LedgerTables } from './tables/ledger.ts';
import type { LotteryTables } from './tables/lottery.ts';
import type { LoyaltyTables } from './tables/loyalty.ts';
import type { MessageTables } from './tables/messages.ts';
import type { MissionTables } from './tables/missions.ts';
import type { PlayerProtectionTables } from './tables/player-protection.ts';
import type { PointsTables } from './tables/points.ts';
import type { PromotionEngineTables } from './tables/promotion-engine.ts';
import type { PvpTables } from './tables/pvp.ts';
import type { RaffleTables } from './tables/raffles.ts';
import type { RankTables } from './tables/ranks.ts';
import type { RewardTables } from './tables/rewards.ts';
import type { SportsbookTables } from './tables/sportsbook.ts';
import type { WalletOperationTables } from './tables/wallet-operations.ts';

/**
 * Kysely's view of the database, table by table, written by hand next to the migrations that create
 * the tables (docs/database.md). Column names stay snake_case as in SQL; repositories map rows to the
 * camelCase objects services use.
 *
 * Conventions: ids are `bigint` (int8 is parsed to BigInt on both backends); `jsonb` columns are read as
 * parsed values and written as JSON text (`JSON.stringify`), because `pg` would otherwise turn a JS array
 * into a PostgreSQL array literal; `text[]` columns are read and written as JS string arrays.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type MaintenanceMessages = Record<string, string>;

/** brands.login_captcha: when username login asks for a captcha (docs/accounts-contract.md). */
export type LoginCaptchaMode = 'off' | 'after_failures' | 'always';

export type CategoryRuleRow = {
  category: string;
  enabled: boolean;
  sourceCategory: string;
  insertAfter: string | null;
  gameClassify: string | null;
};

export interface BrandsTable {
  id: Generated<bigint>;
  code: string;
  name: string;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  platform: string;
  merchant: string;
  merchant_code: string;
  lottery_type: string;
  device: string;
  default_language: string;
  supported_languages: string[];
  prize_modes: string[];
  announcement_types: string[];
  default_execution: string;
  chat_header_color: string;
  currency_symbol: string;
  default_dialing_code: string;
  logged_in_to_home_page: ColumnType<boolean, boolean | undefined, boolean>;
  /** 0022: the help organisations the player-protection pages link to. */
  protection_help_links: ColumnType<{ name: string; url: string }[], string | undefined, string>;
  maintenance: ColumnType<boolean, boolean | undefined, boolean>;
  maintenance_message: Json<MaintenanceMessages>;
  region_restriction: ColumnType<boolean, boolean | undefined, boolean>;
  restricted_countries: ColumnType<string[], string[] | undefined, string[]>;
  gtag_id: string | null;
  image_cdns: ColumnType<string[], string[] | undefined, string[]>;
  launch_game_cdns: ColumnType<string[], string[] | undefined, string[]>;
  live_chat_url: string | null;
  vip_chat_url: string | null;
  support_email: string | null;
  support_phone: string | null;
  category_rules: Json<CategoryRuleRow[]>;
  login_captcha: ColumnType<LoginCaptchaMode, LoginCaptchaMode | undefined, LoginCaptchaMode>;
  password_max_age_days: number | null;
  /** ISO 4217 code the brand's ledger keeps money in (0006_ledger); the symbol shown is `currency_symbol`. */
  currency: ColumnType<string, string | undefined, string>;
  /** isSingle of GCS_merchantWallet (0007): one wallet for every vendor, no transfers. */
  single_wallet: ColumnType<boolean, boolean | undefined, boolean>;
  /** Minutes after payout before an unconfirmed withdrawal counts as received (0007). */
  withdrawal_receipt_minutes: ColumnType<number, number | undefined, number>;
  withdrawal_min_minor: ColumnType<bigint, bigint | undefined, bigint>;
  withdrawal_max_minor: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface BrandDomainsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  host: string;
  speed: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
}

export interface WhitelabelNodesTable {
  brand_id: bigint;
  mod_id: string;
  parent_mod_id: string | null;
  enabled: boolean;
  sort: ColumnType<number, number | undefined, number>;
  description: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
}

export interface RegistrationFieldRulesTable {
  brand_id: bigint;
  field_key: string;
  enabled: boolean;
  required: boolean;
  /** Operator override of the pattern; null → the source of `pattern_id`. */
  accepted_pattern: string | null;
  pattern_id: number | null;
  min_length: number | null;
  max_length: number | null;
  input_type: string;
  sort: ColumnType<number, number | undefined, number>;
}

export interface BrandResourcesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  resource_type: string;
  url: string;
  qr_code_url: string | null;
  label_name_en: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
}

export interface Database
  extends ContentTables,
    CatalogueTables,
    GameTables,
    AccountTables,
    AccountFlowTables,
    LedgerTables,
    MessageTables,
    WalletOperationTables,
    RankTables,
    RewardTables,
    AttemptGateTables,
    JobTables,
    PlayerProtectionTables,
    AgentAggregateTables,
    AgentContractTables,
    PointsTables,
    LoyaltyTables,
    RaffleTables,
    MissionTables,
    PromotionEngineTables,
    JackpotTables,
    FreeRoundTables,
    LotteryTables,
    SportsbookTables,
    PvpTables {
  brands: BrandsTable;
  brand_domains: BrandDomainsTable;
  whitelabel_nodes: WhitelabelNodesTable;
  registration_field_rules: RegistrationFieldRulesTable;
  brand_resources: BrandResourcesTable;
}

export type BrandRow = Selectable<BrandsTable>;
export type NewBrand = Insertable<BrandsTable>;
export type BrandUpdate = Updateable<BrandsTable>;
export type BrandDomainRow = Selectable<BrandDomainsTable>;
export type WhitelabelNodeRow = Selectable<WhitelabelNodesTable>;
export type RegistrationFieldRuleRow = Selectable<RegistrationFieldRulesTable>;
export type BrandResourceRow = Selectable<BrandResourcesTable>;
