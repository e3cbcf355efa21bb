import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramAuthBody } from '@lotus/shared/oauth.schema';
import type { TelegramConfig } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';

/** Telegram login data older than this is refused (docs/accounts-contract.md). */
export const TELEGRAM_MAX_AGE_S = 10 * 60;
/** `auth_date` may be this far ahead of our clock (clock drift between Telegram and us), no more. */
const FUTURE_SKEW_S = 60;

/**
 * The string Telegram signs: every received field except `hash`, as `key=value`, sorted by key, joined by
 * newlines (https://core.telegram.org/widgets/login#checking-authorization).
 */
export function telegramCheckString(data: Record<string, unknown>): string {
  return Object.keys(data)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${String(data[key])}`)
    .join('\n');
}

/** HMAC-SHA256 of the check string, keyed with SHA-256 of the bot token, in hex. */
export function telegramHash(data: Record<string, unknown>, botToken: string): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(telegramCheckString(data)).digest('hex');
}

export type TelegramPerson = {
  subject: string;
  username: string | null;
  displayName: string | null;
};

/** Checks the Telegram login widget's signed data (the bot token is the shared secret). */
export class TelegramService {
  readonly #config: TelegramConfig | null;
  readonly #clock: Clock;

  constructor(config: TelegramConfig | null, clock: Clock) {
    this.#config = config;
    this.#clock = clock;
  }

  /** What the browser needs to open Telegram's login page, or null when Telegram sign-in is off. */
  publicInfo(): { botName: string; botId: string; authUrl: string } | null {
    if (!this.#config) return null;
    return {
      botName: this.#config.botName,
      botId: this.#config.botToken.split(':')[0] ?? '',
      authUrl: this.#config.authUrl.replace(/\/+$/, ''),
    };
  }

  verify(data: TelegramAuthBody): TelegramPerson {
    if (!this.#config) throw new AppError('oauth_provider_disabled', { message: 'telegram is off' });
    const fields = data as Record<string, unknown>;
    // Only scalars are signed as text; anything else cannot come from Telegram.
    const scalar = Object.values(fields).every((value) =>
      ['string', 'number', 'boolean'].includes(typeof value),
    );
    const expected = Buffer.from(telegramHash(fields, this.#config.botToken), 'hex');
    const given = Buffer.from(data.hash, 'hex');
    if (!scalar || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('telegram_auth_invalid');
    }
    const nowS = Math.floor(this.#clock.now().getTime() / 1000);
    if (data.auth_date < nowS - TELEGRAM_MAX_AGE_S || data.auth_date > nowS + FUTURE_SKEW_S) {
      throw new AppError('telegram_auth_expired');
    }
    const name = [data.first_name, data.last_name].filter(Boolean).join(' ').trim();
    return {
      subject: String(data.id),
      username: data.username ?? null,
      displayName: name === '' ? null : name.slice(0, 128),
    };
  }
}
