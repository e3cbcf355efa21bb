import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/** Accounts and sessions (SPEC §3 login payload and member info, §7 auth paths; docs/api.md). */

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

/** A body sealed with packages/shared/src/sealed-payload.ts. */
export const sealedPayloadSchema = z.strictObject({
  key: base64url(1024),
  iv: base64url(64),
  data: base64url(16_384),
});

export const publicKeyResponse = envelopeOf(z.object({ keyId: z.string(), spki: z.string() }));

/** Which site the login is for: the player site, or the agent side (agent member types only). */
export const loginSide = z.enum(['member', 'agent']);
export type LoginSide = z.infer<typeof loginSide>;

/**
 * The opened login payload (docs/accounts-contract.md "Login"), one shape per way in. Unknown fields are
 * refused rather than silently dropped, so a client sending a field the server does not act on learns it
 * at once. Mobile numbers are only length-bounded here: the service answers `mobile_required` /
 * `mobile_format_error` like the SMS send does.
 */
export const usernameLoginPayload = z.strictObject({
  type: z.literal('username'),
  username: singleLineText().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  captcha: singleLineText().max(16).optional(),
  /**
   * The solved proof of work (packages/shared/src/verification.schema.ts `humanVerificationSchema`). Left
   * open here so a missing or malformed one answers `human_verification_failed`, like every other check of
   * it, instead of a generic `invalid_request`.
   */
  humanVerification: z.unknown().optional(),
  remember: z.boolean().optional(),
  side: loginSide.optional(),
});
export const smsLoginPayload = z.strictObject({
  type: z.literal('sms'),
  countryDialingCode: singleLineText().trim().max(8),
  mobileNum: singleLineText().trim().max(16),
  verificationCode: singleLineText().trim().max(16),
  remember: z.boolean().optional(),
  side: loginSide.optional(),
});
export const loginPayloadSchema = z.discriminatedUnion('type', [usernameLoginPayload, smsLoginPayload]);
export type LoginPayload = z.infer<typeof loginPayloadSchema>;
export type UsernameLoginPayload = z.infer<typeof usernameLoginPayload>;
export type SmsLoginPayload = z.infer<typeof smsLoginPayload>;

/** Ways to prove a login from a new IP; `hint` is masked (`+91 ••••••0001`, `p•••@demo.lotus.example`). */
export const loginVerificationMethod = z.enum(['sms', 'email', 'payee_name']);
export type LoginVerificationMethod = z.infer<typeof loginVerificationMethod>;
/** `value` of `403 login_verification_required`. */
export const loginChallenge = z.object({
  challengeId: z.string(),
  methods: z.array(z.object({ method: loginVerificationMethod, hint: z.string().optional() })),
});
export type LoginChallenge = z.infer<typeof loginChallenge>;

const challengeId = singleLineText().min(1).max(64);
export const loginVerificationSendBody = z.strictObject({
  challengeId,
  method: z.enum(['sms', 'email']),
});
export const loginVerificationSendResponse = envelopeOf(z.object({ expiredMinutes: z.number().int() }));
export const loginVerificationBody = z.strictObject({
  challengeId,
  method: loginVerificationMethod,
  code: singleLineText().trim().max(16).optional(),
  payeeName: singleLineText().max(128).optional(),
});

/** Body of `POST /wps/session/login/remembered` (the token travels in the `lotus_remember` cookie). */
export const rememberedLoginBody = z.strictObject({ side: loginSide.optional() });
export const rememberedAccount = z.object({
  loginType: z.enum(['username', 'sms']),
  username: z.string(),
  countryDialingCode: z.string().nullable(),
  /** Masked like member info (`••••••0001`): the login form may be on a shared browser. */
  mobileNum: z.string().nullable(),
});
export type RememberedAccount = z.infer<typeof rememberedAccount>;
export const rememberedResponse = envelopeOf(rememberedAccount.nullable());
export const forgetRememberedResponse = envelopeOf(z.null());

export const loginResult = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResult>;
export const loginResponse = envelopeOf(loginResult);

export { AGENT_TYPES, MEMBER_TYPES, NOT_REAL_MEMBER_TYPE } from './member-types.ts';

export const memberInfo = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  /** Whether the member has an upline (upline transfers possible). */
  toUpline: z.boolean(),
  clubLabel: z.object({ labelName: z.string().nullable(), rankLevel: z.number().int() }),
  memberLabel: z.array(z.object({ labelName: z.string() })),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  firstTimeLogin: z.boolean(),
  /** `/avatars/avatar-<n>.svg` of the chosen avatar (1..12), null before the member picks one. */
  avatarUrl: z.string().nullable(),
  /** The member's chosen language code, null until set. */
  language: z.string().nullable(),
  /** The mobile number with all but its last 4 digits masked (`••••••0001`), null when none. */
  mobileNum: z.string().nullable(),
  hasEmail: z.boolean(),
  /**
   * This session must change the password before anything else (a password login with `passwordExpired`);
   * until then every other call that needs a session answers `403 password_change_required`.
   */
  passwordChangeRequired: z.boolean(),
});
export type MemberInfo = z.infer<typeof memberInfo>;
export const memberInfoResponse = envelopeOf(memberInfo);

export const logoutResponse = envelopeOf(z.null());
