import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/**
 * Password flows and the member's profile settings (docs/accounts-contract.md "Passwords and profile").
 * Password fields are only bounded here; the brand's `password` field rule (checkFieldValue) decides what
 * a new password must look like, so the server answers `field_invalid` with the rule instead of a bare
 * schema failure.
 */

const password = z.string().min(1).max(128);

/** `PUT /wps/member/password` (sealed). */
export const changePasswordPayloadSchema = z.strictObject({
  oldPassword: password,
  newPassword: password,
  confirmNewPassword: password,
});
export type ChangePasswordPayload = z.infer<typeof changePasswordPayloadSchema>;

/** `POST /wps/member/password/email` (form-encoded or JSON). */
export const forgotPasswordEmailBodySchema = z.object({
  username: singleLineText().trim().min(1).max(64),
  email: singleLineText().trim().min(3).max(254),
});
export type ForgotPasswordEmailBody = z.infer<typeof forgotPasswordEmailBodySchema>;

/** `POST /wps/member/password/reset` (sealed): the `token` of the e-mailed link. */
export const resetPasswordPayloadSchema = z.strictObject({
  token: singleLineText().min(1).max(128),
  newPassword: password,
  confirmNewPassword: password,
});
export type ResetPasswordPayload = z.infer<typeof resetPasswordPayloadSchema>;

/**
 * `POST /wps/member/password/verification` (sealed). The number is only bounded here; its format is
 * checked by the service so a malformed one answers `mobile_format_error` like every other number input.
 */
export const resetByPhonePayloadSchema = z.strictObject({
  countryDialingCode: singleLineText().trim().max(8),
  mobileNum: singleLineText().trim().max(32),
  verificationCode: singleLineText().trim().max(16),
  newPassword: password,
  confirmNewPassword: password,
});
export type ResetByPhonePayload = z.infer<typeof resetByPhonePayloadSchema>;

export const COUNTRY_DIALING_CODE_PATTERN = /^\+[0-9]{1,4}$/;
export const MOBILE_NUM_PATTERN = /^[0-9]{6,11}$/;

/** `PUT /wps/member/info/language`: one of the brand's supported language codes ('EN', 'HI', ...). */
export const memberLanguageBodySchema = z.strictObject({
  language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((code) => code.toUpperCase()),
});

/** The avatars a member may pick (SPEC: "12 avatars"); the web app serves them as static files. */
export const AVATAR_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export function avatarUrlOf(avatarId: number): string {
  return `/avatars/avatar-${avatarId}.svg`;
}

export function isAvatarId(value: number): boolean {
  return (AVATAR_IDS as readonly number[]).includes(value);
}

/** `PUT /wps/member/info/icon`. An integer that names no avatar is `404 avatar_not_found`. */
export const memberAvatarBodySchema = z.strictObject({ avatarId: z.number().int() });

export const playerAvatar = z.object({
  avatarId: z.number().int().nullable(),
  avatarUrl: z.string().nullable(),
  options: z.array(z.object({ avatarId: z.number().int(), url: z.string() })),
});
export type PlayerAvatar = z.infer<typeof playerAvatar>;
export const playerAvatarResponse = envelopeOf(playerAvatar);

/** The answer of the flows that return nothing but success. */
export const passwordEmptyResponse = envelopeOf(z.null());
