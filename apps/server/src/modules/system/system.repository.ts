import type { BrandRow, CategoryRuleRow, LoginCaptchaMode, MaintenanceMessages } from '../../db/schema.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/**
 * Brand configuration storage: the brand row, its domains, whitelabel tree, registration field rules and
 * resources. Reads are not cached, so an operator's change (CLI or SQL) shows on the next request.
 */

export type Brand = {
  id: bigint;
  code: string;
  name: string;
  isDefault: boolean;
  platform: string;
  merchant: string;
  merchantCode: string;
  lotteryType: string;
  device: string;
  defaultLanguage: string;
  supportedLanguages: string[];
  prizeModes: string[];
  announcementTypes: string[];
  defaultExecution: string;
  chatHeaderColor: string;
  currencySymbol: string;
  defaultDialingCode: string;
  loggedInToHomePage: boolean;
  maintenance: boolean;
  maintenanceMessage: MaintenanceMessages;
  regionRestriction: boolean;
  restrictedCountries: string[];
  gtagId: string | null;
  imageCdns: string[];
  launchGameCdns: string[];
  liveChatUrl: string | null;
  vipChatUrl: string | null;
  supportEmail: string | null;
  supportPhone: string | null;
  categoryRules: CategoryRuleRow[];
  /** When username login asks for a captcha (docs/accounts-contract.md "Captcha"). */
  loginCaptcha: LoginCaptchaMode;
  /** With PWDEXPFORCECHANGE3 on, a password older than this many days must be changed; null: never. */
  passwordMaxAgeDays: number | null;
  updatedAt: Date;
};

/** The brand switches an operator may change (docs/foundation-contract.md "Operator switches"). */
export type BrandSwitches = Partial<
  Pick<
    Brand,
    | 'maintenance'
    | 'regionRestriction'
    | 'restrictedCountries'
    | 'loggedInToHomePage'
    | 'defaultLanguage'
    | 'supportedLanguages'
    | 'loginCaptcha'
    | 'passwordMaxAgeDays'
  >
>;

export type BrandDomain = { host: string; speed: number };
export type WhitelabelNodeRecord = {
  modId: string;
  parentModId: string | null;
  enabled: boolean;
  sort: number;
};
export type RegistrationRuleRecord = {
  key: string;
  enabled: boolean;
  required: boolean;
  acceptedPattern: string | null;
  patternId: number | null;
  minLength: number | null;
  maxLength: number | null;
  type: string;
};
export type ResourceRecord = {
  resourceType: string;
  url: string;
  qrCodeUrl: string | null;
  labelNameEn: string | null;
};

function toBrand(row: BrandRow): Brand {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    isDefault: row.is_default,
    platform: row.platform,
    merchant: row.merchant,
    merchantCode: row.merchant_code,
    lotteryType: row.lottery_type,
    device: row.device,
    defaultLanguage: row.default_language,
    supportedLanguages: row.supported_languages,
    prizeModes: row.prize_modes,
    announcementTypes: row.announcement_types,
    defaultExecution: row.default_execution,
    chatHeaderColor: row.chat_header_color,
    currencySymbol: row.currency_symbol,
    defaultDialingCode: row.default_dialing_code,
    loggedInToHomePage: row.logged_in_to_home_page,
    maintenance: row.maintenance,
    maintenanceMessage: row.maintenance_message,
    regionRestriction: row.region_restriction,
    restrictedCountries: row.restricted_countries,
    gtagId: row.gtag_id,
    imageCdns: row.image_cdns,
    launchGameCdns: row.launch_game_cdns,
    liveChatUrl: row.live_chat_url,
    vipChatUrl: row.vip_chat_url,
    supportEmail: row.support_email,
    supportPhone: row.support_phone,
    categoryRules: row.category_rules,
    loginCaptcha: row.login_captcha,
    passwordMaxAgeDays: row.password_max_age_days,
    updatedAt: row.updated_at,
  };
}

export class SystemRepository<E extends Executor = Executor> extends Repository<E> {
  async findBrandByHost(host: string): Promise<Brand | undefined> {
    const row = await this.db
      .selectFrom('brands')
      .innerJoin('brand_domains', 'brand_domains.brand_id', 'brands.id')
      .selectAll('brands')
      .where('brand_domains.host', '=', host)
      .executeTakeFirst();
    return row && toBrand(row);
  }

  async findDefaultBrand(): Promise<Brand | undefined> {
    const row = await this.db
      .selectFrom('brands')
      .selectAll()
      .where('is_default', '=', true)
      .executeTakeFirst();
    return row && toBrand(row);
  }

  async findBrandById(id: bigint): Promise<Brand | undefined> {
    const row = await this.db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toBrand(row);
  }

  async findBrandByCode(code: string): Promise<Brand | undefined> {
    const row = await this.db.selectFrom('brands').selectAll().where('code', '=', code).executeTakeFirst();
    return row && toBrand(row);
  }

  async listDomains(brandId: bigint): Promise<BrandDomain[]> {
    return this.db
      .selectFrom('brand_domains')
      .select(['host', 'speed'])
      .where('brand_id', '=', brandId)
      .orderBy('speed')
      .orderBy('host')
      .execute();
  }

  async listWhitelabelNodes(brandId: bigint): Promise<WhitelabelNodeRecord[]> {
    const rows = await this.db
      .selectFrom('whitelabel_nodes')
      .select(['mod_id', 'parent_mod_id', 'enabled', 'sort'])
      .where('brand_id', '=', brandId)
      .orderBy('sort')
      .orderBy('mod_id')
      .execute();
    return rows.map((row) => ({
      modId: row.mod_id,
      parentModId: row.parent_mod_id,
      enabled: row.enabled,
      sort: row.sort,
    }));
  }

  async listRegistrationRules(brandId: bigint): Promise<RegistrationRuleRecord[]> {
    const rows = await this.db
      .selectFrom('registration_field_rules')
      .selectAll()
      .where('brand_id', '=', brandId)
      .orderBy('sort')
      .orderBy('field_key')
      .execute();
    return rows.map((row) => ({
      key: row.field_key,
      enabled: row.enabled,
      required: row.required,
      acceptedPattern: row.accepted_pattern,
      patternId: row.pattern_id,
      minLength: row.min_length,
      maxLength: row.max_length,
      type: row.input_type,
    }));
  }

  async listResources(brandId: bigint): Promise<ResourceRecord[]> {
    const rows = await this.db
      .selectFrom('brand_resources')
      .select(['resource_type', 'url', 'qr_code_url', 'label_name_en'])
      .where('brand_id', '=', brandId)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      resourceType: row.resource_type,
      url: row.url,
      qrCodeUrl: row.qr_code_url,
      labelNameEn: row.label_name_en,
    }));
  }

  async updateBrandSwitches(
    this: SystemRepository<Tx>,
    brandId: bigint,
    switches: BrandSwitches,
  ): Promise<Brand> {
    const row = await this.db
      .updateTable('brands')
      .set({
        maintenance: switches.maintenance,
        region_restriction: switches.regionRestriction,
        restricted_countries: switches.restrictedCountries,
        logged_in_to_home_page: switches.loggedInToHomePage,
        default_language: switches.defaultLanguage,
        supported_languages: switches.supportedLanguages,
        login_captcha: switches.loginCaptcha,
        password_max_age_days: switches.passwordMaxAgeDays,
        updated_at: new Date(),
      })
      .where('id', '=', brandId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toBrand(row);
  }

  /** Returns false when the brand has no node with that id. */
  async setWhitelabelNodeEnabled(
    this: SystemRepository<Tx>,
    brandId: bigint,
    modId: string,
    enabled: boolean,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('whitelabel_nodes')
      .set({ enabled, updated_at: new Date() })
      .where('brand_id', '=', brandId)
      .where('mod_id', '=', modId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
