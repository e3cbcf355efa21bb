import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { multiLineText, singleLineText } from './text.ts';

/**
 * Back-office operator calls (docs/wallet-contract.md "Back office"; docs/api.md "Back office"). Operators
 * are a separate account table from members; their bearer token only opens `/wps/ops/*` routes.
 */

export const operatorRole = z.enum(['admin', 'finance', 'support']);
export type OperatorRoleName = z.infer<typeof operatorRole>;

const minorString = z.string().regex(/^-?[0-9]+$/);
const decimalString = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);

/** `POST /wps/ops/session`: `brand` is a brand code; without it the brand of the request's host. */
export const operatorLoginRequest = z.object({
  brand: singleLineText().trim().min(1).max(64).optional(),
  username: singleLineText().trim().min(1).max(64),
  password: z.string().min(1).max(256),
});
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequest>;

export const operatorLogin = z.object({
  token: z.string(),
  role: operatorRole,
  /** ISO time the session ends at the latest (8 h after login; 30 min without use ends it sooner). */
  expiresAt: z.string(),
});
export type OperatorLogin = z.infer<typeof operatorLogin>;
export const operatorLoginResponse = envelopeOf(operatorLogin);

/** `GET /wps/ops/me`. */
export const operatorMe = z.object({
  operatorId: z.string(),
  username: z.string(),
  role: operatorRole,
  brandId: z.string(),
});
export type OperatorMe = z.infer<typeof operatorMe>;
export const operatorMeResponse = envelopeOf(operatorMe);

export const operatorLogoutResponse = envelopeOf(z.null());

/**
 * `POST /wps/ops/members/:username/adjust` (+ Idempotency-Key): `amount` is a signed decimal typed by the
 * operator (`"100"`, `"-50.00"`; anything else `400 amount_invalid`), `reason` required (`reason_required`).
 */
export const walletAdjustParams = z.object({ username: singleLineText().min(1).max(64) });
export const walletAdjustRequest = z.object({
  amount: singleLineText().max(32),
  reason: multiLineText().max(500).optional(),
});
export type WalletAdjustRequest = z.infer<typeof walletAdjustRequest>;

export const walletAdjustment = z.object({
  entryId: z.string(),
  username: z.string(),
  amountMinor: minorString,
  amount: decimalString,
  /** The member's available main-wallet balance after the adjustment. */
  balanceMinor: minorString,
  balance: decimalString,
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type WalletAdjustment = z.infer<typeof walletAdjustment>;
export const walletAdjustmentResponse = envelopeOf(walletAdjustment);

/**
 * `POST /wps/ops/members/:username/status` (support, admin): locks, disables or re-activates a member.
 * Locking and disabling end every session, remember-me token and game of the member at once (docs/api.md
 * "Ending access"); `revoked` counts what ended (null when nothing changed or the member became active).
 */
export const memberStatusParams = z.object({ username: z.string().min(1).max(64) });
export const memberStatusRequest = z.strictObject({
  status: z.enum(['active', 'locked', 'disabled']),
  reason: z.string().max(500).optional(),
});
export type MemberStatusRequest = z.infer<typeof memberStatusRequest>;
export const memberStatusResult = z.object({
  username: z.string(),
  status: z.enum(['active', 'locked', 'disabled']),
  changed: z.boolean(),
  revoked: z
    .object({
      sessions: z.number().int(),
      rememberTokens: z.number().int(),
      launchSessions: z.number().int(),
      studioSessions: z.number().int(),
    })
    .nullable(),
});
export type MemberStatusResult = z.infer<typeof memberStatusResult>;
export const memberStatusResponse = envelopeOf(memberStatusResult);
