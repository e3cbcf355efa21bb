import { requiredRuleFor } from '@lotus/shared/registration-rules';
import type { RegisterSetting, RegistrationFieldRule } from '@lotus/shared/system.schema';
import { fieldOfError } from '../../../lib/forms/field-checks.ts';
import { ruleFormSchema } from '../../../lib/forms/rule-form-schema.ts';

/** SPEC §4 "Forgot password": e-mail and/or mobile, from the whitelabel flags. */
export type ForgotMethod = 'email' | 'mobile';

/**
 * SPEC §3/§4: the email / mobile switch shows only when CHNGPASSVERIF3 and CHNGPASSMAIL3 are both on;
 * otherwise the one that is on, or none (the modal then says recovery is not offered).
 */
export function forgotMethods(flags: { byMobile: boolean; byEmail: boolean }): ForgotMethod[] {
  const methods: ForgotMethod[] = [];
  if (flags.byEmail) methods.push('email');
  if (flags.byMobile) methods.push('mobile');
  return methods;
}

/** Lotus's fallback when a brand has no password rule: letters and digits with both, 6–20 (the demo rule). */
const FALLBACK_PASSWORD_RULE: RegistrationFieldRule = {
  key: 'password',
  enabled: true,
  required: true,
  acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
  patternId: 5,
  minLength: 6,
  maxLength: 20,
  type: 'password',
};

/** Without a brand rule an e-mail still has to look like one. */
const FALLBACK_EMAIL_RULE: RegistrationFieldRule = {
  key: 'email',
  enabled: true,
  required: true,
  acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  patternId: 3,
  minLength: null,
  maxLength: null,
  type: 'text',
};

/**
 * A rule of the brand's registration rules, always enabled and required here: a new password must pass the
 * brand's `password` rule even where registration hides fields (SPEC §5 "new password required and must
 * pass the password rule"), and forgot-by-email needs the username and e-mail whatever registration asks.
 */
export function requiredRule(setting: RegisterSetting | undefined, key: string): RegistrationFieldRule {
  const fallback =
    key === 'password' ? FALLBACK_PASSWORD_RULE : key === 'email' ? FALLBACK_EMAIL_RULE : undefined;
  return requiredRuleFor(setting?.fields, key, fallback);
}

/** An old password is only required to be there (its rule may have changed since it was set). */
export const PRESENT_RULE: RegistrationFieldRule = {
  key: 'oldPassword',
  enabled: true,
  required: true,
  acceptedPattern: null,
  patternId: null,
  minLength: null,
  maxLength: null,
  type: 'password',
};

/** The confirmation only has to be there and equal the new password (checkField compares them). */
export const CONFIRM_RULE: RegistrationFieldRule = { ...PRESENT_RULE, key: 'confirmPassword' };

/**
 * The schema of a password form: each field by its rule (the keys of `rules` are the form's keys), and
 * `confirmPassword` equal to `newPassword`.
 */
export function passwordFormSchema(rules: Record<string, RegistrationFieldRule>) {
  return ruleFormSchema(new Map(Object.entries(rules)), { confirmOf: 'newPassword' });
}

/**
 * The password form field a failed call points at: `oldPassword` for a wrong current password, otherwise
 * the registration mapping with its `password` read as the new password. Null when no field is named.
 */
export function passwordFieldOfError(error: unknown): string | null {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'old_password_error') return 'oldPassword';
  const value = error instanceof Error && 'value' in error ? (error.value as Record<string, unknown>) : null;
  const field = fieldOfError(code, value);
  return field === 'password' ? 'newPassword' : field;
}
