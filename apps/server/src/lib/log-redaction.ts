import type { FastifyRequest } from 'fastify';

/**
 * Logged URLs without their secrets (issue 14, finding 7a). Pino logs every request's URL, and some URLs
 * carry a bearer secret: a game's launch URL (`/originals/play?token=…`), the password-reset link
 * (`/resetPassword?token=…`), the OAuth callback (`?code=…&state=…`), the gateway simulator's signed links
 * (`?sig=…`). Anyone who reads the log could replay them. One request serializer (app.ts) logs every URL
 * through `redactUrl`, so a new route with a secret in its query is covered by its parameter's name, and a
 * route with a secret in its path by its path parameter's name.
 */

export const REDACTED = '[redacted]';

/** Parameter names that are secrets themselves (compared lower-cased). */
const SECRET_NAMES = new Set([
  'code',
  'ticket',
  'sig',
  'state',
  'hash',
  'key',
  'otp',
  'nonce',
  'session',
  'auth',
  'jwt',
  'apikey',
  'api_key',
]);

/** Parts of names that mark a secret wherever they appear (`launchToken`, `id_token`, `clientSecret`). */
const SECRET_PARTS = ['token', 'secret', 'passw', 'signature', 'credential'];

export function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_NAMES.has(lower) || SECRET_PARTS.some((part) => lower.includes(part));
}

/**
 * `url` (a request's path and query) with the value of every secret-named query parameter replaced, and the
 * path segments holding the values of secret-named path parameters (`params`, as the router matched them).
 * Everything else is kept as sent, so the log still says which page and which game.
 */
export function redactUrl(url: string, params: Record<string, unknown> = {}): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? null : url.slice(queryAt + 1);

  const secretValues = Object.entries(params)
    .filter(([name, value]) => isSecretName(name) && typeof value === 'string' && value !== '')
    .map(([, value]) => value as string);
  if (secretValues.length > 0) {
    path = path
      .split('/')
      .map((segment) => {
        let decoded: string;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          decoded = segment;
        }
        return secretValues.includes(decoded) || secretValues.includes(segment) ? REDACTED : segment;
      })
      .join('/');
  }
  if (query === null) return path;

  const redactedQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        name = rawName;
      }
      return isSecretName(name) && equals !== -1 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${redactedQuery}`;
}

/**
 * Fastify's request log serializer (its default fields), with the URL redacted. `request.params` is set by
 * the router before the first log line of a request.
 */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, (request.params ?? {}) as Record<string, unknown>),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
