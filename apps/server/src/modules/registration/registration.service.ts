import { randomInt } from 'node:crypto';
import type { LoginResult } from '@lotus/shared/auth.schema';
import { MINIMUM_AGE } from '@lotus/shared/constants';
import type {
  AffiliateResult,
  FieldInvalidDetails,
  freePlayPayloadSchema,
  OneClickResult,
  oneClickPayloadSchema,
  registerPayloadSchema,
} from '@lotus/shared/registration.schema';
import {
  checkFieldValue,
  REGISTRATION_FIELD_KEYS,
  type RegistrationFieldKey,
  requiredRuleFor,
} from '@lotus/shared/registration-rules';
import type { RegisterSetting, RegistrationFieldRule } from '@lotus/shared/system.schema';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { MemberRow } from '../../db/tables/accounts.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AttemptCounter, AttemptGate } from '../../lib/attempt-gate.ts';
import { hashPassword } from '../../lib/password.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { newSecret } from '../../lib/secret-token.ts';
import type { SessionsApi } from '../auth/auth-api.ts';
import type { MembersApi } from '../members/members-api.ts';
import type { Brand } from '../system/system.repository.ts';
import { type NewMember, RegistrationRepository } from './registration.repository.ts';

/**
 * Per-IP limits of the ways in that need no personal data (docs/accounts-contract.md "Registration"):
 * 3 one-click and 5 free-play accounts an hour. Counted in `attempt_gates` before the account is made and
 * given back when none was (docs/api.md "Limits"); counting the accounts made so far let 50 requests at
 * once all read the same count and all make one.
 */
export const REGISTRATION_GATES = {
  oneClick: { name: 'register_one_click', limit: 3, windowMs: 3_600_000 },
  freePlay: { name: 'register_free_play', limit: 5, windowMs: 3_600_000 },
} as const satisfies Record<string, AttemptGate>;

// The verification module's services, by the shape this module uses (docs/accounts-contract.md).
export type CaptchaVerifier = { verify(cookieId: string, answer: string): Promise<boolean> };
/** Throws `human_verification_failed` for a missing, malformed, used or wrong solution. */
export type HumanVerifier = { verify(solution: unknown): Promise<unknown> };
export type RegisterCodeConsumer = {
  consume(input: {
    brandId: bigint;
    purpose: 'register';
    destination: string;
    code: string;
  }): Promise<unknown>;
};
export type RegistrationVerification = {
  captcha: CaptchaVerifier;
  human: HumanVerifier;
  codes: RegisterCodeConsumer;
};

/** What this module needs of SystemService. */
export type RegistrationSystem = {
  resolveBrand(host: string | null): Promise<Brand>;
  brandById(id: bigint): Promise<{ brand: Brand; flags: (modId: string) => boolean }>;
  getRegisterSetting(visitor: { ip: string; host: string | null }): Promise<RegisterSetting>;
};

/** The request facts a registration needs besides the body: where it came from and the captcha cookie. */
export type RegistrationContext = { origin: RequestOrigin; captchaId: string | null };

export type RegisterMode = 'username' | 'mobile';

// The payloads as parsed (transforms applied): the routes open the sealed bodies with these schemas.
type RegisterPayload = z.output<typeof registerPayloadSchema>;
type OneClickPayload = z.output<typeof oneClickPayloadSchema>;
type FreePlayPayload = z.output<typeof freePlayPayloadSchema>;

/** Mirrors the members table's checks, so a lax brand rule answers field_invalid instead of a 500. */
export const USERNAME_SHAPE = /^[A-Za-z0-9_]{3,32}$/;
const COLUMN_MAX: Partial<Record<RegistrationFieldKey, number>> = {
  nickname: 64,
  email: 254,
  payeeName: 128,
};
const DIALING_CODE = /^\+[0-9]{1,4}$/;
const MOBILE_NUM = /^[0-9]{6,11}$/;

/** Fields kept in their own columns, used for linking, or secrets: never copied into registration_fields. */
const NOT_IN_REGISTRATION_FIELDS = new Set<RegistrationFieldKey>([
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'mobileNum',
  'nickname',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'referralCode',
  'paymentPassword',
]);

/** A field every registration of that tab needs, whatever the brand's rule says about requiring it. */
const ALWAYS_REQUIRED: Record<RegisterMode, readonly RegistrationFieldKey[]> = {
  username: ['username', 'password'],
  mobile: ['password'],
};

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const ALPHANUMERIC = 'abcdefghijkmnpqrstuvwxyz23456789';

const FIELD_KEYS: ReadonlySet<string> = new Set(REGISTRATION_FIELD_KEYS);
const isFieldKey = (key: string): key is RegistrationFieldKey => FIELD_KEYS.has(key);

function randomText(alphabet: string, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += alphabet[randomInt(alphabet.length)];
  return text;
}

export function fieldInvalid(
  rule: RegistrationFieldRule | null,
  field: string,
  check: FieldInvalidDetails['check'],
) {
  const details: FieldInvalidDetails = {
    field,
    check,
    patternId: rule?.patternId ?? null,
    minLength: rule?.minLength ?? null,
    maxLength: rule?.maxLength ?? null,
  };
  return new AppError('field_invalid', { message: `registration field ${field}: ${check}`, details });
}

const captchaNeeded = (code: 'captcha_required' | 'captcha_error') =>
  new AppError(code, { details: { captcha: true } });

/** A birthday as the brand's date patterns write it (11: yyyy-MM-dd, 12: MM-dd-yyyy); null if not a real date. */
export function parseBirthday(value: string): { year: number; month: number; day: number } | null {
  const iso = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(value);
  const us = /^([0-9]{2})-([0-9]{2})-([0-9]{4})$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  if (year === 0) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/** Whether someone born on `birthday` has had their `years`th birthday by `now` (UTC calendar days). */
export function isAtLeastYearsOld(
  birthday: { year: number; month: number; day: number },
  years: number,
  now: Date,
): boolean {
  const today = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()] as const;
  const comingOfAge = [birthday.year + years, birthday.month, birthday.day] as const;
  for (let index = 0; index < 3; index += 1) {
    if (today[index] !== comingOfAge[index]) return (today[index] ?? 0) > (comingOfAge[index] ?? 0);
  }
  return true;
}

/**
 * The registration module's insert of a new account (its row and first known IP) in a transaction of its
 * own; the agent centre's downline accounts are made through it too.
 */
export class NewMembers {
  readonly #uow: UnitOfWork<{ registration: RegistrationRepository<Tx> }>;

  constructor(db: Db) {
    this.#uow = new UnitOfWork(db, (trx) => ({ registration: new RegistrationRepository(trx) }));
  }

  insertMember(member: NewMember, ip: string, now: Date): Promise<MemberRow> {
    return this.#uow.run(({ registration }) => registration.insertMember(member, ip, now));
  }
}

/**
 * New accounts: username and mobile registration, one-click accounts, free-play trial accounts, and the
 * affiliate-code check. Every field is judged by the brand's rule through `checkFieldValue`, the same code
 * the browser runs. Every way in ends with `SessionsService.open`, so the player is logged in at once.
 */
export class RegistrationService {
  readonly #repository: RegistrationRepository<Db>;
  readonly #newMembers: NewMembers;
  readonly #members: MembersApi;
  readonly #sessions: SessionsApi;
  readonly #system: RegistrationSystem;
  readonly #verification: RegistrationVerification;
  readonly #gates: AttemptCounter;

  constructor(
    db: Db,
    members: MembersApi,
    sessions: SessionsApi,
    system: RegistrationSystem,
    verification: RegistrationVerification,
    gates: AttemptCounter,
  ) {
    this.#gates = gates;
    this.#repository = new RegistrationRepository(db);
    this.#newMembers = new NewMembers(db);
    this.#members = members;
    this.#sessions = sessions;
    this.#system = system;
    this.#verification = verification;
  }

  async #brand(origin: RequestOrigin) {
    const brand = await this.#system.resolveBrand(origin.host);
    return this.#system.brandById(brand.id);
  }

  /** `GET /wps/agent/affiliate`: the agent an invitation code names. */
  async checkAffiliate(code: string, origin: RequestOrigin): Promise<AffiliateResult> {
    const { brand } = await this.#brand(origin);
    const agent = await this.#agentOf(brand.id, code);
    return { valid: true, agentNickname: agent.nickname };
  }

  async #agentOf(brandId: bigint, code: string) {
    const trimmed = code.trim();
    const agent = /^[A-Za-z0-9]{4,16}$/.test(trimmed)
      ? await this.#repository.findAgentByAffiliateCode(brandId, trimmed)
      : undefined;
    if (!agent) throw new AppError('invitation_code_error');
    return agent;
  }

  /** Username (USERNAMEREG3) or mobile (MOBILENUMREG3) registration (the route opened the sealed body). */
  async register(
    payload: RegisterPayload,
    mode: RegisterMode,
    context: RegistrationContext,
  ): Promise<LoginResult> {
    const { origin } = context;
    const { brand, flags } = await this.#brand(origin);
    if (!flags(mode === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3')) {
      throw new AppError('registration_closed', { message: `${mode} registration is off for this brand` });
    }
    const setting = await this.#system.getRegisterSetting({ ip: origin.ip, host: origin.host });

    await this.#verification.human.verify(payload.humanVerification);
    if (setting.captchaRequired) {
      const answer = payload.captcha?.trim() ?? '';
      if (answer === '' || context.captchaId === null) throw captchaNeeded('captcha_required');
      if (!(await this.#verification.captcha.verify(context.captchaId, answer))) {
        throw captchaNeeded('captcha_error');
      }
    }
    if (payload.agreeTerms !== true) throw new AppError('agreement_required');
    if (payload.confirmAge !== true) throw new AppError('birthday_limit');

    const smsVerification = flags('REGMOBVERF3');
    const mobileNeeded = mode === 'mobile' || smsVerification;
    const values = this.#checkFields(payload, setting.fields, mode, mobileNeeded);
    const now = this.#sessions.clock.now();

    const birthday = values.get('birthday');
    if (birthday !== undefined) {
      const rule = setting.fields.find((field) => field.key === 'birthday') ?? null;
      const date = parseBirthday(birthday);
      if (date === null) throw fieldInvalid(rule, 'birthday', 'pattern');
      if (!isAtLeastYearsOld(date, MINIMUM_AGE, now)) throw new AppError('birthday_limit');
    }

    const mobileNum = values.get('mobileNum');
    let countryDialingCode: string | null = null;
    if (mobileNum !== undefined) {
      countryDialingCode = payload.countryDialingCode?.trim() || setting.defaultCountryDialingCode;
      if (!DIALING_CODE.test(countryDialingCode) || !MOBILE_NUM.test(mobileNum)) {
        throw new AppError('mobile_format_error');
      }
      if (await this.#members.findByMobile(brand.id, countryDialingCode, mobileNum)) {
        throw new AppError('mobile_registered');
      }
    }

    const affiliateCode = values.get('affiliateCode');
    const upline = affiliateCode === undefined ? null : await this.#agentOf(brand.id, affiliateCode);
    const referralCode = values.get('referralCode');
    const referrer =
      referralCode === undefined ? null : await this.#repository.findReferrer(brand.id, referralCode);
    if (referralCode !== undefined && !referrer) throw new AppError('invitation_code_error');

    let username = values.get('username') ?? '';
    if (mode === 'username') {
      if (await this.#members.findByUsername(brand.id, username)) throw new AppError('username_taken');
    } else {
      username = await this.#uniqueUsername(brand.id, `m${mobileNum}`);
    }

    // Consumed last, so a form that fails on anything else does not burn the player's code.
    if (smsVerification && mobileNum !== undefined && countryDialingCode !== null) {
      const code = payload.verificationCode?.trim() ?? '';
      if (code === '') throw new AppError('sms_code_required');
      await this.#verification.codes.consume({
        brandId: brand.id,
        purpose: 'register',
        destination: `${countryDialingCode}${mobileNum}`,
        code,
      });
    }

    const extra: Record<string, string> = {};
    for (const [key, value] of values) if (!NOT_IN_REGISTRATION_FIELDS.has(key)) extra[key] = value;
    const paymentPassword = values.get('paymentPassword');
    // The payment password is a secret like the login password: only its hash is kept.
    if (paymentPassword !== undefined) extra.paymentPasswordHash = await hashPassword(paymentPassword);

    const member = await this.#insert(
      {
        brand_id: brand.id,
        username,
        mobile_num: mobileNum ?? null,
        country_dialing_code: countryDialingCode,
        nickname: values.get('nickname') ?? null,
        email: values.get('email') ?? null,
        payee_name: values.get('payeeName') ?? null,
        upline_id: upline?.id ?? null,
        referred_by_id: referrer?.id ?? null,
        password_hash: await hashPassword(values.get('password') ?? ''),
        password_changed_at: now,
        created_at: now,
        registration_fields: JSON.stringify(extra),
        language: this.#languageOf(brand, payload.language),
        register_ip: origin.ip,
        register_method: mode,
      },
      origin,
      now,
    );
    await this.#sessions.audit(brand.id, member.id, 'register.success', origin, {
      method: mode,
      affiliate: upline !== null,
      referred: referrer !== null,
      fields: Object.keys(extra).sort(),
      ...(payload.registerUrl ? { registerUrl: payload.registerUrl.slice(0, 200) } : {}),
    });
    return this.#sessions.open(member, origin, 'register');
  }

  /**
   * Runs every enabled rule in form order and returns the accepted values (trimmed, empty ones left out);
   * the first failure answers `field_invalid`. Disabled fields are dropped whatever was sent.
   */
  #checkFields(
    payload: RegisterPayload,
    rules: readonly RegistrationFieldRule[],
    mode: RegisterMode,
    mobileNeeded: boolean,
  ): Map<RegistrationFieldKey, string> {
    const values = new Map<RegistrationFieldKey, string>();
    const byKey = new Map(rules.map((rule) => [rule.key, rule]));
    // A rule row for a key this version does not know has no form field to check.
    const keys = [...rules.map((rule) => rule.key), ...ALWAYS_REQUIRED[mode]].filter(
      (key, index, all): key is RegistrationFieldKey => isFieldKey(key) && all.indexOf(key) === index,
    );
    for (const key of keys) {
      // The captcha and the SMS code are proofs checked on their own; the mobile tab makes its username.
      if (key === 'captcha' || key === 'verificationCode') continue;
      if (key === 'username' && mode === 'mobile') continue;
      const stored = byKey.get(key) ?? null;
      const secret = key === 'password' || key === 'confirmPassword' || key === 'paymentPassword';
      const raw = payload[key];
      const value = secret ? (raw ?? '') : (raw?.trim() ?? '');
      if (key === 'mobileNum' && mobileNeeded) {
        if (value === '') throw new AppError('mobile_required');
      }
      const mustHave = ALWAYS_REQUIRED[mode].includes(key) || (key === 'mobileNum' && mobileNeeded);
      const rule: RegistrationFieldRule | null = mustHave
        ? requiredRuleFor(rules, key)
        : stored?.enabled
          ? stored
          : null;
      if (rule === null) continue;
      const check = checkFieldValue(rule, value);
      if (check !== 'ok') throw fieldInvalid(rule, key, check);
      const columnMax = COLUMN_MAX[key];
      if (columnMax !== undefined && [...value].length > columnMax) {
        throw fieldInvalid({ ...rule, maxLength: columnMax }, key, 'too_long');
      }
      if (value !== '') values.set(key, value);
    }
    if (mode === 'username' && !USERNAME_SHAPE.test(values.get('username') ?? '')) {
      throw fieldInvalid(byKey.get('username') ?? null, 'username', 'pattern');
    }
    if (byKey.get('confirmPassword')?.enabled && values.get('confirmPassword') !== values.get('password')) {
      throw new AppError('password_mismatch');
    }
    return values;
  }

  /** `base` if free, else `base2`, `base3`, ... then random digits (mobile-tab usernames). */
  async #uniqueUsername(brandId: bigint, base: string): Promise<string> {
    for (let suffix = 1; suffix <= 20; suffix += 1) {
      const candidate = suffix === 1 ? base : `${base}${suffix}`;
      if (!(await this.#members.findByUsername(brandId, candidate))) return candidate;
    }
    return `${base}${randomInt(100_000, 1_000_000)}`;
  }

  #languageOf(brand: Brand, language: string | undefined): string {
    return language !== undefined && brand.supportedLanguages.includes(language)
      ? language
      : brand.defaultLanguage;
  }

  /** Inserts the member; a concurrent registration that took the name or number first gets the 409. */
  async #insert(member: NewMember, origin: RequestOrigin, now: Date): Promise<MemberRow> {
    try {
      return await this.#newMembers.insertMember(member, origin.ip, now);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const detail = String((error as { constraint?: unknown; detail?: unknown }).constraint ?? error);
      throw new AppError(detail.includes('mobile') ? 'mobile_registered' : 'username_taken', {
        cause: error,
      });
    }
  }

  /**
   * Runs `makeAccount` inside the IP's slot of `gate`: the slot is reserved first (429 when the hour's are
   * taken) and given back when `makeAccount` fails, so only accounts made count.
   */
  async #withinLimit<T>(origin: RequestOrigin, gate: AttemptGate, makeAccount: () => Promise<T>): Promise<T> {
    const reservation = await this.#gates.reserve(gate, origin.ip, this.#sessions.clock.now());
    if (!reservation.allowed) {
      throw new AppError('too_many_requests', { message: `${gate.name} accounts per IP per hour exceeded` });
    }
    try {
      return await makeAccount();
    } catch (error) {
      await this.#gates.release(gate, origin.ip, reservation);
      throw error;
    }
  }

  /** A generated username that does not exist yet (letters first so any username rule of letters passes). */
  async #generatedUsername(brandId: bigint, make: () => string): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const candidate = make();
      if (!(await this.#members.findByUsername(brandId, candidate))) return candidate;
    }
    throw new AppError('conflict', { message: 'could not find a free generated username' });
  }

  /** `POST /wps/member/register/oneClick`: an account with a generated username and the browser's password. */
  async oneClick(payload: OneClickPayload, origin: RequestOrigin): Promise<OneClickResult> {
    const { brand, flags } = await this.#brand(origin);
    // One-click is a registration: a brand that closed its registration module closes this too.
    if (!flags('REGISTER3')) throw new AppError('registration_closed', { message: 'registration is off' });
    const member = await this.#withinLimit(origin, REGISTRATION_GATES.oneClick, async () => {
      await this.#verification.human.verify(payload.humanVerification);

      const setting = await this.#system.getRegisterSetting({ ip: origin.ip, host: origin.host });
      const rule = requiredRuleFor(setting.fields, 'password');
      const check = checkFieldValue(rule, payload.password);
      if (check !== 'ok') throw fieldInvalid(rule, 'password', check);

      const affiliateCode = payload.affiliateCode?.trim() ?? '';
      const upline = affiliateCode === '' ? null : await this.#agentOf(brand.id, affiliateCode);
      const username = await this.#generatedUsername(
        brand.id,
        () => `${randomText('abcdefghijkmnpqrstuvwxyz', 1)}${randomText(ALPHANUMERIC, 9)}`,
      );
      const now = this.#sessions.clock.now();
      return this.#insert(
        {
          brand_id: brand.id,
          username,
          upline_id: upline?.id ?? null,
          password_hash: await hashPassword(payload.password),
          password_changed_at: now,
          created_at: now,
          registration_fields: '{}',
          language: brand.defaultLanguage,
          register_ip: origin.ip,
          register_method: 'one_click',
        },
        origin,
        now,
      );
    });
    await this.#sessions.audit(brand.id, member.id, 'register.success', origin, {
      method: 'one_click',
      affiliate: member.upline_id !== null,
    });
    return { ...(await this.#sessions.open(member, origin, 'register')), username: member.username };
  }

  /** `POST /wps/session/login/freeplay`: a new trial account (FREEPLAY3), logged in at once. */
  async freePlay(payload: FreePlayPayload, origin: RequestOrigin): Promise<LoginResult> {
    const { brand, flags } = await this.#brand(origin);
    if (!flags('FREEPLAY3')) throw new AppError('free_play_disabled');
    const member = await this.#withinLimit(origin, REGISTRATION_GATES.freePlay, async () => {
      await this.#verification.human.verify(payload.humanVerification);

      const username = await this.#generatedUsername(brand.id, () => `guest${randomText(BASE32, 8)}`);
      const now = this.#sessions.clock.now();
      return this.#insert(
        {
          brand_id: brand.id,
          username,
          member_type: 0,
          is_trial: true,
          // Nobody knows this password: a trial account is entered only through free play.
          password_hash: await hashPassword(newSecret()),
          password_changed_at: now,
          created_at: now,
          registration_fields: '{}',
          language: brand.defaultLanguage,
          register_ip: origin.ip,
          register_method: 'free_play',
        },
        origin,
        now,
      );
    });
    await this.#sessions.audit(brand.id, member.id, 'free_play.started', origin, {
      os: payload.os.slice(0, 64),
    });
    return this.#sessions.open(member, origin, 'free_play');
  }
}
