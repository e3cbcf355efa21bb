import type { RegistrationFieldRule } from './system.schema.ts';

/**
 * Registration fields and the accepted-pattern catalogue reg_pattern_0..23 (SPEC §3 "Registration user",
 * §5 "Validation rules"). The brand stores, per field, whether it is shown and required, a pattern id and
 * length bounds; the browser and the server both check a value with `checkFieldValue`, so a form that
 * passes in the browser passes on the server. The message shown for a pattern is the i18n key
 * `reg_pattern_<id>` with `{min}` / `{max}` placeholders.
 *
 * Patterns are JavaScript regular expression sources meant for the `u` flag. SPEC §5 describes ids 0..18;
 * ids 19..23 are Lotus's own additions for the labelled fields (handles, phone-like ids, names in any
 * script, addresses, Chinese names).
 */

/** Every registration field SPEC §3 names: the form fields, then the labelled KYC fields. */
export const REGISTRATION_FIELD_KEYS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'nickname',
  'referralCode',
  'fullName',
  'birthday',
  'telegram',
  'zalo',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'permanentAddress',
  'currentAddress',
  'placeOfBirth',
] as const;
export type RegistrationFieldKey = (typeof REGISTRATION_FIELD_KEYS)[number];

/** How the browser renders a field. */
export const REGISTRATION_INPUT_TYPES = [
  'text',
  'password',
  'email',
  'tel',
  'date',
  'captcha',
  'code',
] as const;
export type RegistrationInputType = (typeof REGISTRATION_INPUT_TYPES)[number];

export type RegistrationPattern = { id: number; source: string; description: string };

export const REGISTRATION_PATTERNS: readonly RegistrationPattern[] = [
  { id: 0, source: '^[\\s\\S]*$', description: 'any characters' },
  { id: 1, source: '^[A-Za-z][A-Za-z0-9]*$', description: 'a letter first, then letters or digits' },
  { id: 2, source: '^[A-Za-z0-9\\p{Script=Han}]+$', description: 'letters, kanji and digits' },
  { id: 3, source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', description: 'e-mail address' },
  { id: 4, source: '^[A-Za-z0-9]+$', description: 'letters and digits, case-insensitive, no Chinese' },
  {
    id: 5,
    source: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
    description: 'letters and digits, at least one of each',
  },
  { id: 6, source: '^[0-9]+$', description: 'digits only' },
  {
    id: 7,
    source: '^(?=.*[A-Z])[A-Za-z0-9]+$',
    description: 'letters and digits with at least one upper-case letter, no symbols',
  },
  { id: 8, source: '^(?=.*[A-Z])[\\s\\S]+$', description: 'at least one upper-case letter' },
  { id: 9, source: '^[A-Za-z ]+$', description: 'English letters and spaces' },
  { id: 10, source: '^\\S+$', description: 'no spaces' },
  { id: 11, source: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$', description: 'date yyyy-MM-dd' },
  { id: 12, source: '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}$', description: 'date MM-dd-yyyy' },
  { id: 13, source: '^\\p{Script=Hangul}+( \\p{Script=Hangul}+)*$', description: 'Korean only' },
  { id: 14, source: '^\\p{Script=Thai}+( \\p{Script=Thai}+)*$', description: 'Thai only' },
  {
    id: 15,
    source: '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9])[\\s\\S]+$',
    description: 'strong password: upper case, lower case, digit and symbol',
  },
  {
    id: 16,
    source: "^[\\p{L}\\p{M}.'-]+( [\\p{L}\\p{M}.'-]+)+$",
    description: 'full name: first and last name separated by a space',
  },
  {
    id: 17,
    source: '^[\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Han}\\u30FC\\u3000\\uFF01-\\uFF5E]+$',
    description: 'full-width Japanese only',
  },
  { id: 18, source: '^[A-Z]+$', description: 'upper-case English letters only' },
  { id: 19, source: '^[A-Za-z0-9_]+$', description: 'letters, digits and underscore (messenger handles)' },
  { id: 20, source: '^\\+?[0-9]+$', description: 'phone number: digits with an optional leading +' },
  { id: 21, source: '^[\\p{L}\\p{M}]+( [\\p{L}\\p{M}]+)*$', description: 'letters of any script and spaces' },
  {
    id: 22,
    source: "^[\\p{L}\\p{M}\\p{N} ,.'#/()-]+$",
    description: "address: letters, digits, spaces and , . ' # / ( ) -",
  },
  { id: 23, source: '^\\p{Script=Han}+$', description: 'Chinese characters only' },
];

export const REGISTRATION_PATTERN_COUNT = 24;

/** The pattern source of an id, or null when the id is out of range. */
export function patternSource(patternId: number | null | undefined): string | null {
  if (patternId === null || patternId === undefined) return null;
  return REGISTRATION_PATTERNS[patternId]?.source ?? null;
}

export type FieldRuleLike = {
  enabled: boolean;
  required: boolean;
  acceptedPattern: string | null;
  minLength: number | null;
  maxLength: number | null;
};

export type FieldCheck = 'ok' | 'required' | 'too_short' | 'too_long' | 'pattern';

/**
 * Checks one value against a field rule. A disabled field is not checked (the form hides it and the
 * server drops it); an optional empty field is fine. Lengths count code points, not UTF-16 units, so a
 * Hindi or Thai name is measured as the player sees it.
 */
export function checkFieldValue(rule: FieldRuleLike, value: string | null | undefined): FieldCheck {
  if (!rule.enabled) return 'ok';
  const text = value ?? '';
  if (text === '') return rule.required ? 'required' : 'ok';
  const length = [...text].length;
  if (rule.minLength !== null && length < rule.minLength) return 'too_short';
  if (rule.maxLength !== null && length > rule.maxLength) return 'too_long';
  if (rule.acceptedPattern !== null && !new RegExp(rule.acceptedPattern, 'u').test(text)) return 'pattern';
  return 'ok';
}

/**
 * The rule a value must pass even where the brand's form hides or does not require the field: the brand's
 * rule for `key` forced enabled and required, or `fallback` when the brand has no rule for it. The default
 * fallback only demands a value (no pattern, no length bounds). Used where a field is needed whatever the
 * registration form asks: a one-click or new password (SPEC §5 "new password required and must pass the
 * password rule"), the username and password of a username registration, forgot-password inputs.
 */
export function requiredRuleFor(
  fields: readonly RegistrationFieldRule[] | undefined,
  key: string,
  fallback?: RegistrationFieldRule,
): RegistrationFieldRule {
  const stored = fields?.find((field) => field.key === key);
  if (stored) return { ...stored, enabled: true, required: true };
  return (
    fallback ?? {
      key,
      enabled: true,
      required: true,
      acceptedPattern: null,
      patternId: null,
      minLength: null,
      maxLength: null,
      type: key === 'password' ? 'password' : 'text',
    }
  );
}
