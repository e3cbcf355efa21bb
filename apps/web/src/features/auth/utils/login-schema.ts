import { smsLoginPayload, usernameLoginPayload } from '@lotus/shared/auth.schema';
import { MOBILE_NUM_PATTERN } from '@lotus/shared/password.schema';
import { z } from 'zod';
import type { TFunction } from '../../../lib/i18n.ts';

/**
 * The login form's rules (SPEC §5 login validation), built on the payload schemas the server parses the
 * sealed login with (`@lotus/shared/auth.schema`), so the form refuses nothing the server accepts and
 * states no rule of its own but "this is required". Each message the form sets is an i18n key; loaded only
 * with the form's chunk, so zod never reaches the first page.
 */

const shared = usernameLoginPayload.shape;

/** Limits of the inputs, from the payload schema. */
export const USERNAME_MAX = shared.username.maxLength ?? 64;
export const PASSWORD_MAX = shared.password.maxLength ?? 128;

/**
 * A value that is trimmed (SPEC §5 "password trimmed"), must not be blank (`requiredKey`), and then must
 * pass the payload schema's own rule for it.
 */
function required(requiredKey: string, rule: z.ZodType<string, string>) {
  return z.string().trim().min(1, requiredKey).pipe(rule);
}

/** Username login; the captcha only once the server has asked for one. */
export function usernameLoginSchema(captchaShown: boolean) {
  return z.object({
    username: required('validation:username_required', shared.username),
    password: required('validation:password_required', shared.password),
    captcha: captchaShown
      ? required('validation:captcha_required', shared.captcha.unwrap())
      : z.string().transform(() => undefined),
  });
}

/**
 * SMS login. The number is checked as the SMS send checks it (MOBILE_NUM_PATTERN) and against the brand's
 * maximum length; the code by the payload schema.
 */
export function smsLoginSchema(mobileMax: number) {
  return z.object({
    dialingCode: z.string(),
    mobile: z
      .string()
      .min(1, 'validation:mobile_required')
      .regex(MOBILE_NUM_PATTERN, 'validation:mobile_format')
      .max(mobileMax, 'validation:mobile_format'),
    code: required('validation:code_required', smsLoginPayload.shape.verificationCode),
  });
}

export type UsernameLoginInput = z.input<ReturnType<typeof usernameLoginSchema>>;
export type UsernameLoginValues = z.output<ReturnType<typeof usernameLoginSchema>>;
export type SmsLoginInput = z.input<ReturnType<typeof smsLoginSchema>>;
export type SmsLoginValues = z.output<ReturnType<typeof smsLoginSchema>>;

/**
 * The text of a field's message. The keys above are namespaced (`validation:…`); a payload schema's own
 * message (a control character, say) is not a text key and reads as the server would answer it.
 */
export function loginErrorText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.includes(':') ? t(message) : t('errors:invalid_request');
}
