import type { Envelope } from '@lotus/shared/envelope';
import { i18n } from './i18n.ts';
import { readSessionToken } from './storage.ts';

/**
 * The `errors` texts the browser says of itself, never an API answer (a server that sends one is not
 * understood: `unknown_error`). Checked by a test against the error table and the English texts.
 */
export const BROWSER_ONLY_ERROR_KEYS = [
  'network_error',
  'load_error',
  'popup_blocked',
  'info_ip_block',
] as const;
const BROWSER_ONLY: ReadonlySet<string> = new Set(BROWSER_ONLY_ERROR_KEYS);

/** How an error code is spelled (packages/shared/src/error-codes.ts: lower-case words joined by `_`). */
const ERROR_CODE_SHAPE = /^[a-z][a-z0-9_]{1,63}$/;

/**
 * Whether an envelope's message is an error code the site can say in words: one the English `errors` texts
 * have (every code has one, a test enforces it), or — where those texts are not loaded — one shaped like a
 * code. Not the shared error table itself: it would put every code's HTTP status in the first page's bundle.
 */
export function isApiErrorCode(message: unknown): message is string {
  if (typeof message !== 'string' || !ERROR_CODE_SHAPE.test(message) || BROWSER_ONLY.has(message))
    return false;
  return i18n.hasEnglishText('errors', message) ?? true;
}

/** Message key shown when the API cannot be reached at all (not an API ErrorCode: no response exists). */
export const NETWORK_ERROR = 'network_error';

/**
 * A failed call. `code` is an i18n key of the `errors` namespace: an ErrorCode from the server's envelope,
 * `network_error` when nothing usable came back, or `unknown_error` for an envelope we do not understand.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** The envelope's `value` on failure: details such as `{ captcha: true }` or a field rule (docs/api.md). */
  readonly value: Record<string, unknown> | null;

  constructor(code: string, status: number, value: Record<string, unknown> | null = null) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.value = value;
  }
}

/** Called with every refusal the API answers, before the caller sees it (see onApiError). */
export type ApiErrorListener = (error: ApiError) => void;
const errorListeners = new Set<ApiErrorListener>();

/**
 * Lets a feature react to a refusal wherever it happens, without every caller knowing: the auth feature
 * opens the forced password change on `password_change_required` (403), whichever call met it. Returns
 * the unsubscribe. A listener must not throw.
 */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'success' in body && 'message' in body;
}

export type RequestOptions = {
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` (docs/wallet-contract.md "Idempotency"). */
  headers?: Record<string, string>;
};

/** The envelope's value, or an ApiError carrying its code and failure details. */
async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = readSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // FormData goes as multipart: the browser writes the Content-Type with its boundary itself.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      signal: options.signal ?? null,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: multipart ? body : JSON.stringify(body) }),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }

  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    // A proxy's HTML error page or an empty body: the API itself did not answer.
    throw new ApiError(NETWORK_ERROR, response.status);
  }
  if (!isEnvelope(parsed)) throw new ApiError('unknown_error', response.status);
  if (!parsed.success || !response.ok) {
    const value =
      typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value)
        ? (parsed.value as Record<string, unknown>)
        : null;
    const error = new ApiError(
      isApiErrorCode(parsed.message) ? parsed.message : 'unknown_error',
      response.status,
      value,
    );
    for (const listener of errorListeners) listener(error);
    throw error;
  }
  return parsed.value as T;
}

/**
 * GET a same-origin API path and unwrap its `{ success, message, value }` envelope. The JSON is typed, not
 * parsed with zod, on purpose: zod would add ~24 KB gzip to the first page (ARCHITECTURE §1 traps).
 */
export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>('GET', path, undefined, options);
}

/** POST / PUT / DELETE with an optional JSON (or FormData) body; same envelope handling as apiGet. */
export function apiSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return request<T>(method, path, body, options);
}
