import { checkFieldValue, type FieldCheck } from '@lotus/shared/registration-rules';
import type { RegistrationFieldRule } from '@lotus/shared/system.schema';

/**
 * Field checks every account form shares (register, forgot/reset/change password): the same
 * `checkFieldValue` the server runs, plus the confirmation equality, and which field an API error names.
 */

/** A field's problem: a rule check, or the confirmation not matching the password. */
export type FieldProblem = Exclude<FieldCheck, 'ok'> | 'mismatch';

/**
 * Checks one field the way the server will (checkFieldValue), plus the confirmation equality: the
 * `confirmPassword` key must equal `values[confirmOf]` (`password` at registration, `newPassword` in the
 * password forms).
 */
export function checkField(
  key: string,
  rule: RegistrationFieldRule,
  values: Readonly<Record<string, unknown>>,
  confirmOf = 'password',
): FieldProblem | null {
  const value = textOf(values[key]);
  const check = checkFieldValue(rule, value);
  if (check !== 'ok') return check;
  if (key === 'confirmPassword' && value !== textOf(values[confirmOf])) return 'mismatch';
  return null;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Every problem of a rule-checked form, keyed by field; empty when it can be sent. */
export function checkRules(
  rules: ReadonlyMap<string, RegistrationFieldRule>,
  values: Readonly<Record<string, unknown>>,
  confirmOf = 'password',
): Map<string, FieldProblem> {
  const problems = new Map<string, FieldProblem>();
  for (const [key, rule] of rules) {
    const problem = checkField(key, rule, values, confirmOf);
    if (problem) problems.set(key, problem);
  }
  return problems;
}

/** Which field a failed registration's error belongs to (SPEC §8: errors shown on the field concerned). */
export function fieldOfError(code: string, value: Record<string, unknown> | null): string | null {
  // The server names the field when it knows it (field_invalid always; others when ambiguous, such as an
  // invitation_code_error for the referral code rather than the affiliate code).
  if (typeof value?.field === 'string') return value.field;
  const byCode: Record<string, string> = {
    username_taken: 'username',
    mobile_registered: 'mobileNum',
    mobile_format_error: 'mobileNum',
    mobile_required: 'mobileNum',
    password_mismatch: 'confirmPassword',
    invitation_code_error: 'affiliateCode',
    captcha_error: 'captcha',
    captcha_required: 'captcha',
    sms_code_invalid: 'verificationCode',
    sms_code_expired: 'verificationCode',
    sms_code_required: 'verificationCode',
    agreement_required: 'agreeTerms',
    birthday_limit: 'confirmAge',
  };
  return byCode[code] ?? null;
}
