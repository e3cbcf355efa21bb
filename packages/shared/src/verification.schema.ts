import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/**
 * Captcha, human check and SMS codes (docs/accounts-contract.md "Captcha", "Human verification",
 * "SMS codes"; docs/api.md "Verification").
 */

/** `+91`: a plus and 1–4 digits. */
export const dialingCodeSchema = z.string().regex(/^\+[0-9]{1,4}$/);
/** Digits only, 6–11 of them (a brand's `mobileNum` field rule may narrow it). */
export const mobileNumSchema = z.string().regex(/^[0-9]{6,11}$/);

/** A solved proof-of-work challenge (packages/shared/src/human-check.ts). */
export const humanVerificationSchema = z.strictObject({
  challenge: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
  nonce: z.string().regex(/^[0-9]{1,12}$/),
});
export type HumanVerification = z.infer<typeof humanVerificationSchema>;

export const captchaResponse = envelopeOf(z.string());

export const humanChallengeResponse = envelopeOf(
  z.object({ challenge: z.string(), difficulty: z.number().int(), expiresAt: z.string() }),
);

export const smsPurposeSchema = z.enum(['login', 'reset_password']);
export type SmsPurpose = z.infer<typeof smsPurposeSchema>;

/**
 * The mobile fields are only length-bounded here, so the service can answer the specific
 * `mobile_required` / `mobile_format_error` instead of a generic `invalid_request`. The browser validates
 * them with `dialingCodeSchema` / `mobileNumSchema` before sending. `humanVerification` is checked by the
 * human-check service (`human_verification_failed`). `language` (EN, HI, ...) picks the message text.
 */
export const smsNoLoginBody = z.strictObject({
  countryDialingCode: singleLineText().max(16).optional(),
  mobileNum: singleLineText().max(32).optional(),
  purpose: smsPurposeSchema,
  humanVerification: z.unknown().optional(),
  language: singleLineText().max(8).optional(),
});
export type SmsNoLoginBody = z.infer<typeof smsNoLoginBody>;

export const smsRegisterBody = z.strictObject({
  countryDialingCode: singleLineText().max(16).optional(),
  mobileNo: singleLineText().max(32).optional(),
  registerType: z.enum(['username', 'mobile']),
  humanVerification: z.unknown().optional(),
  language: singleLineText().max(8).optional(),
});
export type SmsRegisterBody = z.infer<typeof smsRegisterBody>;

/** `expiredMinutes` × 60 s is the resend countdown the browser shows. */
export const smsSentResponse = envelopeOf(z.object({ expiredMinutes: z.number().int() }));
export type SmsSent = { expiredMinutes: number };

export const devOutboxQuery = z.object({
  to: singleLineText().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  destination: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessageView = z.infer<typeof outboxMessageSchema>;

export const devOutboxResponse = envelopeOf(z.object({ messages: z.array(outboxMessageSchema) }));
export const devCaptchaResponse = envelopeOf(z.object({ answer: z.string().nullable() }));
