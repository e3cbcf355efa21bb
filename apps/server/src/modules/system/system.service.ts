import { MINIMUM_AGE, REGISTER_MOBILE_MAX_LENGTH } from '@lotus/shared/constants';
import { dialingCodeOf, isCountryCode } from '@lotus/shared/countries';
import { LANGUAGE_CATALOGUE } from '@lotus/shared/languages';
import { patternSource } from '@lotus/shared/registration-rules';
import {
  isFlagEnabled,
  type Permission,
  type RegisterSetting,
  type RegistrationFieldRule,
  SYSTEM_STATUS,
  type SystemStatus,
  type VisitorLocation,
  type WhitelabelNode,
} from '@lotus/shared/system.schema';
import type { LoginCaptchaMode } from '../../db/schema.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GeoLookup } from '../../lib/geo.ts';
import {
  type Brand,
  type BrandSwitches,
  type RegistrationRuleRecord,
  SystemRepository,
  type WhitelabelNodeRecord,
} from './system.repository.ts';

/** Who is asking: the client address (already resolved through trusted proxies) and the Host it used. */
export type Visitor = { ip: string; host: string | null };

export const BRAND_SETTING_KEYS = [
  'maintenance',
  'regionRestriction',
  'restrictedCountries',
  'loggedInToHomePage',
  'defaultLanguage',
  'supportedLanguages',
  'loginCaptcha',
  'passwordMaxAgeDays',
] as const;
export type BrandSettingKey = (typeof BRAND_SETTING_KEYS)[number];

export type BrandSettings = Omit<Brand, 'id' | 'updatedAt'> & { flags: Record<string, boolean> };

const LOGIN_CAPTCHA_MODES: readonly LoginCaptchaMode[] = ['off', 'after_failures', 'always'];

const CATALOGUE_CODES = new Set(LANGUAGE_CATALOGUE.map((language) => language.code));

/**
 * Lower-cased host name of a Host header or of the `url` the browser sends ("https://Lotus.example.com:8443/x"
 * → "lotus.example.com"); null when it cannot be parsed.
 */
export function normalizeHost(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const hostname = new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
    const unbracketed = hostname.replace(/^\[(.*)\]$/, '$1');
    return unbracketed === '' ? null : unbracketed;
  } catch {
    return null;
  }
}

/** Flat rows → the nested tree SPEC §3 describes; children follow their `sort`. */
export function buildWhitelabelTree(nodes: readonly WhitelabelNodeRecord[]): WhitelabelNode[] {
  const byParent = new Map<string | null, WhitelabelNodeRecord[]>();
  for (const node of nodes) {
    const siblings = byParent.get(node.parentModId) ?? [];
    siblings.push(node);
    byParent.set(node.parentModId, siblings);
  }
  const bySort = (a: WhitelabelNodeRecord, b: WhitelabelNodeRecord) =>
    a.sort - b.sort || a.modId.localeCompare(b.modId);
  const build = (parent: string | null): WhitelabelNode[] =>
    [...(byParent.get(parent) ?? [])].sort(bySort).map((node) => ({
      modId: node.modId,
      enabled: node.enabled ? '1' : '0',
      childrenNodes: build(node.modId),
    }));
  return build(null);
}

function toFieldRule(rule: RegistrationRuleRecord): RegistrationFieldRule {
  return {
    key: rule.key,
    enabled: rule.enabled,
    required: rule.required,
    // The client always gets a concrete pattern: the operator's override, else the catalogue's.
    acceptedPattern: rule.acceptedPattern ?? patternSource(rule.patternId),
    patternId: rule.patternId,
    minLength: rule.minLength,
    maxLength: rule.maxLength,
    type: rule.type,
  };
}

function invalid(message: string): AppError {
  return new AppError('invalid_request', { message });
}

function parseBoolean(key: string, raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (['true', 'on', '1', 'yes'].includes(value)) return true;
  if (['false', 'off', '0', 'no'].includes(value)) return false;
  throw invalid(`${key} must be true or false (got "${raw}")`);
}

function parseList(raw: string): string[] {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim().toUpperCase())
    .filter((entry) => entry !== '');
  return [...new Set(entries)];
}

export class SystemService {
  readonly #repository: SystemRepository<Db>;
  readonly #uow: UnitOfWork<{ system: SystemRepository<Tx> }>;
  readonly #geo: GeoLookup;

  constructor(db: Db, geo: GeoLookup) {
    this.#repository = new SystemRepository(db);
    this.#uow = new UnitOfWork(db, (trx) => ({ system: new SystemRepository(trx) }));
    this.#geo = geo;
  }

  /** The brand with this code, if any (the operator CLI and feedback listing name brands by code). */
  findBrandByCode(code: string): Promise<Brand | undefined> {
    return this.#repository.findBrandByCode(code);
  }

  /** The brand a host belongs to; hosts no domain row names get the default brand. */
  async resolveBrand(host: string | null): Promise<Brand> {
    const normalized = normalizeHost(host);
    const brand =
      (normalized ? await this.#repository.findBrandByHost(normalized) : undefined) ??
      (await this.#repository.findDefaultBrand());
    if (!brand)
      throw new AppError('brand_not_found', { message: `no brand for host ${normalized ?? '(none)'}` });
    return brand;
  }

  /** A brand by id (a member's brand), with its whitelabel flags resolved (a flag under an off module is off). */
  async brandById(id: bigint): Promise<{ brand: Brand; flags: (modId: string) => boolean }> {
    const brand = await this.#repository.findBrandById(id);
    if (!brand) throw new AppError('brand_not_found', { message: `no brand with id ${id}` });
    const tree = buildWhitelabelTree(await this.#repository.listWhitelabelNodes(brand.id));
    return { brand, flags: (modId) => isFlagEnabled(tree, modId) };
  }

  locate(ip: string): VisitorLocation {
    const countryCode = this.#geo.countryOf(ip);
    return { ip, countryCode, countryDialingCode: dialingCodeOf(countryCode) };
  }

  /** SPEC §2 root view: maintenance (1) wins over region restriction (2); otherwise normal (0). */
  statusOf(brand: Brand, countryCode: string | null): SystemStatus['status'] {
    if (brand.maintenance) return SYSTEM_STATUS.maintenance;
    if (brand.regionRestriction && countryCode !== null && brand.restrictedCountries.includes(countryCode)) {
      return SYSTEM_STATUS.regionRestricted;
    }
    return SYSTEM_STATUS.normal;
  }

  async getStatus(visitor: Visitor): Promise<SystemStatus> {
    const brand = await this.resolveBrand(visitor.host);
    const { countryCode } = this.locate(visitor.ip);
    const status = this.statusOf(brand, countryCode);
    const messages = brand.maintenanceMessage;
    return {
      status,
      ip: visitor.ip,
      countryCode,
      maintenanceMessage:
        status === SYSTEM_STATUS.maintenance && Object.keys(messages).length > 0 ? messages : null,
      customerServiceUrl: brand.liveChatUrl,
    };
  }

  /** `url` is the host the browser says it is on (SPEC §7 "Permission"); the Host header is the fallback. */
  async getPermission(visitor: Visitor & { url?: string | undefined }): Promise<Permission> {
    const brand = await this.resolveBrand(normalizeHost(visitor.url) ?? visitor.host);
    const [nodes, rules, resources] = await Promise.all([
      this.#repository.listWhitelabelNodes(brand.id),
      this.#repository.listRegistrationRules(brand.id),
      this.#repository.listResources(brand.id),
    ]);
    return {
      site: {
        brand: brand.code,
        brandName: brand.name,
        platform: brand.platform,
        merchant: brand.merchant,
        merchantCode: brand.merchantCode,
        lotteryType: brand.lotteryType,
        device: brand.device,
        defaultLanguage: brand.defaultLanguage,
        supportedLanguages: brand.supportedLanguages,
        prizeModes: brand.prizeModes,
        announcementTypes: brand.announcementTypes,
        defaultExecution: brand.defaultExecution,
        chatHeaderColor: brand.chatHeaderColor,
        currencySymbol: brand.currencySymbol,
        loggedInToHomePage: brand.loggedInToHomePage,
        categoryRules: brand.categoryRules,
      },
      whitelabel: buildWhitelabelTree(nodes),
      registration: rules.map(toFieldRule),
      resources,
      customerService: {
        liveChatUrl: brand.liveChatUrl,
        vipUrl: brand.vipChatUrl,
        email: brand.supportEmail,
        phone: brand.supportPhone,
      },
      analytics: { gtagId: brand.gtagId },
      imageCDNs: brand.imageCdns,
      launchGameCDNs: brand.launchGameCdns,
      location: this.locate(visitor.ip),
      maintenance: brand.maintenance,
      regionRestriction: brand.regionRestriction,
    };
  }

  async getRegisterSetting(visitor: Visitor): Promise<RegisterSetting> {
    const brand = await this.resolveBrand(visitor.host);
    const [nodes, rules] = await Promise.all([
      this.#repository.listWhitelabelNodes(brand.id),
      this.#repository.listRegistrationRules(brand.id),
    ]);
    const fields = rules.map(toFieldRule);
    const captcha = fields.find((field) => field.key === 'captcha');
    const mobile = fields.find((field) => field.key === 'mobileNum');
    return {
      fields,
      captchaRequired: Boolean(captcha?.enabled && captcha.required),
      smsVerification: isFlagEnabled(buildWhitelabelTree(nodes), 'REGMOBVERF3'),
      // SPEC §9: the mobile input never takes more than 11 characters, whatever the rule says.
      mobileMaxLength: Math.min(mobile?.maxLength ?? REGISTER_MOBILE_MAX_LENGTH, REGISTER_MOBILE_MAX_LENGTH),
      minimumAge: MINIMUM_AGE,
      defaultCountryDialingCode: this.locate(visitor.ip).countryDialingCode ?? brand.defaultDialingCode,
    };
  }

  async getDomainRoute(visitor: Visitor): Promise<{ domains: { url: string; speed: number }[] }> {
    const brand = await this.resolveBrand(visitor.host);
    const domains = await this.#repository.listDomains(brand.id);
    return { domains: domains.map((domain) => ({ url: domain.host, speed: domain.speed })) };
  }

  // Operator side (npm run ops): same rules as the API, plain typed input, AppError on bad input.

  async #operatorBrand(brandCode: string | undefined): Promise<Brand> {
    if (!brandCode) return this.resolveBrand(null);
    const brand = await this.#repository.findBrandByCode(brandCode);
    if (!brand) throw new AppError('brand_not_found', { message: `no brand with code "${brandCode}"` });
    return brand;
  }

  async getBrandSettings(brandCode?: string): Promise<BrandSettings> {
    const brand = await this.#operatorBrand(brandCode);
    const nodes = await this.#repository.listWhitelabelNodes(brand.id);
    const tree = buildWhitelabelTree(nodes);
    const { id: _id, updatedAt: _updatedAt, ...settings } = brand;
    return {
      ...settings,
      flags: Object.fromEntries(nodes.map((node) => [node.modId, isFlagEnabled(tree, node.modId)])),
    };
  }

  /** Parses and validates an operator's `brand:set <key> <value>` and applies it. */
  async setBrandSetting(key: string, raw: string, brandCode?: string): Promise<BrandSettings> {
    const brand = await this.#operatorBrand(brandCode);
    const switches = this.#parseSetting(brand, key, raw);
    await this.#uow.run(({ system }) => system.updateBrandSwitches(brand.id, switches));
    return this.getBrandSettings(brand.code);
  }

  #parseSetting(brand: Brand, key: string, raw: string): BrandSwitches {
    switch (key as BrandSettingKey) {
      case 'maintenance':
        return { maintenance: parseBoolean(key, raw) };
      case 'regionRestriction':
        return { regionRestriction: parseBoolean(key, raw) };
      case 'loggedInToHomePage':
        return { loggedInToHomePage: parseBoolean(key, raw) };
      case 'restrictedCountries': {
        const countries = raw.trim().toLowerCase() === 'none' ? [] : parseList(raw);
        const unknown = countries.filter((country) => !isCountryCode(country));
        if (unknown.length > 0) {
          throw invalid(`restrictedCountries: not ISO 3166-1 alpha-2 country codes: ${unknown.join(', ')}`);
        }
        return { restrictedCountries: countries };
      }
      case 'defaultLanguage': {
        const language = raw.trim().toUpperCase();
        if (!brand.supportedLanguages.includes(language)) {
          throw invalid(
            `defaultLanguage must be one of the supported languages (${brand.supportedLanguages.join(', ')}); got "${raw}"`,
          );
        }
        return { defaultLanguage: language };
      }
      case 'supportedLanguages': {
        const languages = parseList(raw);
        if (languages.length === 0) throw invalid('supportedLanguages needs at least one language code');
        const unknown = languages.filter((language) => !CATALOGUE_CODES.has(language));
        if (unknown.length > 0) {
          throw invalid(`supportedLanguages: not in the language catalogue: ${unknown.join(', ')}`);
        }
        if (!languages.includes(brand.defaultLanguage)) {
          throw invalid(
            `supportedLanguages must include the default language ${brand.defaultLanguage} (change defaultLanguage first)`,
          );
        }
        return { supportedLanguages: languages };
      }
      case 'loginCaptcha': {
        const mode = raw.trim().toLowerCase();
        if (!LOGIN_CAPTCHA_MODES.includes(mode as LoginCaptchaMode)) {
          throw invalid(`loginCaptcha must be one of ${LOGIN_CAPTCHA_MODES.join(', ')} (got "${raw}")`);
        }
        return { loginCaptcha: mode as LoginCaptchaMode };
      }
      case 'passwordMaxAgeDays': {
        // 'none' turns expiry off; the column allows 1..3650 days (PWDEXPFORCECHANGE3 must be on too).
        const value = raw.trim().toLowerCase();
        if (value === 'none') return { passwordMaxAgeDays: null };
        const days = /^[0-9]{1,4}$/.test(value) ? Number(value) : Number.NaN;
        if (!(days >= 1 && days <= 3650)) {
          throw invalid(
            `passwordMaxAgeDays must be a whole number of days from 1 to 3650, or none (got "${raw}")`,
          );
        }
        return { passwordMaxAgeDays: days };
      }
      default:
        throw invalid(`unknown setting "${key}"; one of: ${BRAND_SETTING_KEYS.join(', ')}`);
    }
  }

  async setFlag(modId: string, raw: string, brandCode?: string): Promise<BrandSettings> {
    const brand = await this.#operatorBrand(brandCode);
    const enabled = parseBoolean(modId, raw);
    const id = modId.trim().toUpperCase();
    const found = await this.#uow.run(({ system }) => system.setWhitelabelNodeEnabled(brand.id, id, enabled));
    if (!found) {
      const known = (await this.#repository.listWhitelabelNodes(brand.id)).map((node) => node.modId);
      throw invalid(`brand ${brand.code} has no whitelabel node "${modId}"; known: ${known.join(', ')}`);
    }
    return this.getBrandSettings(brand.code);
  }
}
