import type { RegistrationFieldKey } from '@lotus/shared/registration-rules';
import type { RegisterSetting, RegistrationFieldRule } from '@lotus/shared/system.schema';

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * What the register form shows and checks, from the brand's rules (SPEC §3 "Registration field rule", §4
 * "Registration", §5 "Registration"). Pure functions, so the rules that decide the form are tested without
 * rendering it; the form and the server both check values with `checkFieldValue`.
 */

/** The two tabs of SPEC §4: by username (`register`) or by mobile number (`registerMobile`). */
export type RegisterMode = 'username' | 'mobile';

export type RegisterFlags = {
  /** USERNAMEREG3: the username tab. */
  usernameRegistration: boolean;
  /** MOBILENUMREG3: the mobile tab, and the default one when on. */
  mobileRegistration: boolean;
};

/** The tabs a brand offers, the default first (SPEC §4: registerMobile is the default when MOBILENUMREG3). */
export function registerModes(flags: RegisterFlags): RegisterMode[] {
  const modes: RegisterMode[] = [];
  if (flags.mobileRegistration) modes.push('mobile');
  if (flags.usernameRegistration) modes.push('username');
  return modes;
}

/**
 * Fields drawn by dedicated parts of the form rather than the generic field list: the mobile number (with
 * its dialing code), the SMS code (with its send button), the captcha (with its image) and the affiliate
 * code (shown only under the URL rule below).
 */
const SPECIAL_FIELDS: readonly string[] = ['mobileNum', 'verificationCode', 'captcha', 'affiliateCode'];

export type AffiliateState =
  /** No code in the URL. */
  | { status: 'none' }
  | { status: 'checking'; code: string }
  | { status: 'valid'; code: string; agentNickname: string | null }
  | { status: 'invalid'; code: string };

/**
 * SPEC §4: "The affiliate field shows only if the URL has no affiliate code or the check fails, and the
 * field is enabled."
 */
export function showAffiliateField(rule: RegistrationFieldRule | undefined, affiliate: AffiliateState) {
  if (!rule?.enabled) return false;
  return affiliate.status === 'none' || affiliate.status === 'invalid';
}

export type FormField = {
  key: string;
  rule: RegistrationFieldRule;
};

export type FormLayout = {
  /** Generic fields in the brand's order, each with its effective rule. */
  fields: FormField[];
  mobile: RegistrationFieldRule | null;
  verificationCode: RegistrationFieldRule | null;
  captcha: RegistrationFieldRule | null;
  affiliateCode: RegistrationFieldRule | null;
};

/**
 * The fields the form renders for a mode, with the rule each is checked by. Rules are adjusted the way the
 * server adjusts them: in mobile mode the username is made from the number (no username field) and the
 * number is required; the SMS code is required when REGMOBVERF3 is on and absent otherwise; the captcha
 * appears when the brand requires it.
 */
export function formLayout(
  setting: RegisterSetting,
  mode: RegisterMode,
  affiliate: AffiliateState,
): FormLayout {
  const byKey = new Map(setting.fields.map((rule) => [rule.key, rule]));
  const fields = setting.fields
    .filter((rule) => rule.enabled && !SPECIAL_FIELDS.includes(rule.key))
    .filter((rule) => !(mode === 'mobile' && rule.key === 'username'))
    .map((rule) => ({ key: rule.key, rule }));

  const mobileRule = byKey.get('mobileNum');
  let mobile: RegistrationFieldRule | null = null;
  if (mode === 'mobile') {
    mobile = mobileRule ? { ...mobileRule, enabled: true, required: true } : fallbackMobileRule(setting);
  } else if (mobileRule?.enabled || setting.smsVerification) {
    // With SMS verification the number is needed to receive the code, whatever its own rule says.
    const base = mobileRule ?? fallbackMobileRule(setting);
    mobile = { ...base, enabled: true, required: base.required || setting.smsVerification };
  }

  const codeRule = byKey.get('verificationCode');
  const verificationCode =
    setting.smsVerification && mobile
      ? { ...(codeRule ?? fallbackCodeRule()), enabled: true, required: true }
      : null;

  const captchaRule = byKey.get('captcha');
  const captcha = setting.captchaRequired && captchaRule ? captchaRule : null;

  const affiliateRule = byKey.get('affiliateCode');
  const affiliateCode = affiliateRule && showAffiliateField(affiliateRule, affiliate) ? affiliateRule : null;

  return { fields, mobile, verificationCode, captcha, affiliateCode };
}

function fallbackMobileRule(setting: RegisterSetting): RegistrationFieldRule {
  return {
    key: 'mobileNum',
    enabled: true,
    required: true,
    acceptedPattern: '^[0-9]+$',
    patternId: 6,
    minLength: 6,
    maxLength: setting.mobileMaxLength,
    type: 'tel',
  };
}

function fallbackCodeRule(): RegistrationFieldRule {
  return {
    key: 'verificationCode',
    enabled: true,
    required: true,
    acceptedPattern: '^[0-9]+$',
    patternId: 6,
    minLength: null,
    maxLength: null,
    type: 'code',
  };
}

/** Every rule the form checks, keyed by field. */
export function layoutRules(layout: FormLayout): Map<string, RegistrationFieldRule> {
  const rules = new Map<string, RegistrationFieldRule>();
  for (const field of layout.fields) rules.set(field.key, field.rule);
  if (layout.mobile) rules.set('mobileNum', layout.mobile);
  if (layout.verificationCode) rules.set('verificationCode', layout.verificationCode);
  if (layout.captcha) rules.set('captcha', layout.captcha);
  if (layout.affiliateCode) rules.set('affiliateCode', layout.affiliateCode);
  return rules;
}

/**
 * The field values to send: only the fields the form shows (the server drops disabled ones anyway), plus
 * the affiliate code from the URL when its check passed and the field is hidden (SPEC §4 "use the URL
 * affiliate code unless the field is shown"). A URL code that failed its check while the field cannot be
 * shown is left out: sending it would fail the registration with no field the player could correct.
 */
export function fieldValuesToSend(
  layout: FormLayout,
  values: Readonly<Record<string, unknown>>,
  affiliate: AffiliateState,
): Partial<Record<RegistrationFieldKey, string>> {
  const payload: Record<string, string> = {};
  for (const key of layoutRules(layout).keys()) {
    const value = textOf(values[key]);
    if (value.trim() !== '') payload[key] = value;
  }
  if (!layout.affiliateCode && affiliate.status === 'valid') payload.affiliateCode = affiliate.code;
  return payload;
}

/** The affiliate code a register link carries (`?affiliateCode=` or the short `?code=`). */
export function affiliateCodeFromSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  const code = (params.get('affiliateCode') ?? params.get('code') ?? '').trim();
  return code === '' ? null : code;
}
