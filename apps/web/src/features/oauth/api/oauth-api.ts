import type { LoginResult } from '@lotus/shared/auth.schema';
import type { OauthProviders } from '@lotus/shared/oauth.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

/** Third-party sign-in calls (docs/accounts-contract.md "Third-party sign-in"); types only, no zod. */

export function oauthProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['oauth', 'providers'],
    queryFn: ({ signal }) => apiGet<OauthProviders>('/wps/oauth/providers', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** Where the Google / Facebook button sends the browser (a full navigation: the server answers 302). */
export function oidcStartUrl(provider: 'google' | 'facebook', returnTo: string): string {
  return `/wps/oauth/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Telegram's login page for this site; it comes back to /oauth/telegram with `#tgAuthResult=`. */
export function telegramLoginUrl(telegram: NonNullable<OauthProviders['telegram']>, origin: string): string {
  const params = new URLSearchParams({
    bot_id: telegram.botId,
    origin,
    return_to: `${origin}/oauth/telegram`,
  });
  return `${telegram.authUrl}/auth?${params.toString()}`;
}

export function exchangeLoginCode(code: string): Promise<LoginResult> {
  return apiSend<LoginResult>('POST', '/wps/oauth/exchange', { code });
}

export function loginWithTelegram(data: Record<string, unknown>): Promise<LoginResult> {
  return apiSend<LoginResult>('POST', '/wps/oauth/telegram', data);
}

/**
 * The Telegram page's result: base64 (URL-safe or not) JSON in `#tgAuthResult=`; null when missing or not
 * an object, so the page can say the sign-in failed instead of posting garbage.
 */
export function decodeTelegramResult(hash: string): Record<string, unknown> | null {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('tgAuthResult');
  if (!raw) return null;
  try {
    const base64 = raw.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const text = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A `returnTo` the callback carried back: only a path on this site (never another origin). */
export function safeReturnPath(value: string | null): string | null {
  return value && /^\/(?![/\\])\S*$/.test(value) ? value : null;
}
