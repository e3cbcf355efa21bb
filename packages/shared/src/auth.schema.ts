import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

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

/**
 * The opened login payload. Only username login exists so far; SMS login and human verification come
 * later. Unknown fields are refused rather than silently dropped, so a client sending a field the server
 * does not act on yet learns it at once.
 */
export const loginPayloadSchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  captcha: z.string().max(16).optional(),
  type: z.literal('username'),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

export const loginResult = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResult>;
export const loginResponse = envelopeOf(loginResult);

/** SPEC §6 member types: 0 player; 1, 2, 41, 42 agents; 4 a non-real (guest) account. */
export const MEMBER_TYPES = [0, 1, 2, 4, 41, 42] as const;
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];

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
});
export type MemberInfo = z.infer<typeof memberInfo>;
export const memberInfoResponse = envelopeOf(memberInfo);

export const logoutResponse = envelopeOf(z.null());
