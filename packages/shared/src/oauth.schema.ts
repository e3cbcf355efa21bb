import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/** Third-party sign-in: Google / Facebook through OpenID Connect, and Telegram (docs/accounts-contract.md). */

export const OIDC_PROVIDERS = ['google', 'facebook'] as const;
export type OidcProviderName = (typeof OIDC_PROVIDERS)[number];

export const oidcProviderParams = z.object({ provider: z.enum(OIDC_PROVIDERS) });

/** Only a path on this site may be a return target, never another origin (open-redirect guard). */
export const returnToPath = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\s]*$/);

export const oauthStartQuery = z.object({ returnTo: returnToPath.optional().catch(undefined) });

export const oauthCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

export const telegramProvider = z.object({
  botName: z.string(),
  /** The numeric part of the bot token before ':'; the login page needs it as `bot_id`. */
  botId: z.string(),
  /** Telegram's login page base (https://oauth.telegram.org unless configured). */
  authUrl: z.string(),
});

export const oauthProviders = z.object({
  google: z.boolean(),
  facebook: z.boolean(),
  telegram: telegramProvider.nullable(),
});
export type OauthProviders = z.infer<typeof oauthProviders>;
export const oauthProvidersResponse = envelopeOf(oauthProviders);

export const oauthExchangeBody = z.strictObject({
  code: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type OauthExchangeBody = z.infer<typeof oauthExchangeBody>;

/**
 * The Telegram login widget's data as it arrives in `#tgAuthResult=`. Every field but `hash` is signed, including
 * any Telegram adds later, so unknown scalar fields are kept (and checked) rather than refused.
 */
export const telegramAuthBody = z.looseObject({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  photo_url: z.string().max(2048).optional(),
  auth_date: z.number().int().nonnegative(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TelegramAuthBody = z.infer<typeof telegramAuthBody>;
