import type { Envelope } from '@lotus/shared/envelope';
import { isErrorCode } from '@lotus/shared/error-codes';
import { readSessionToken } from './storage.ts';

/** Message key shown when the API cannot be reached at all (not an API ErrorCode: no response exists). */
export const NETWORK_ERROR = 'network_error';

/**
 * A failed call. `code` is an i18n key of the `errors` namespace: an ErrorCode from the server's envelope,
 * `network_error` when nothing usable came back, or `unknown_error` for an envelope we do not understand.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, status: number) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'success' in body && 'message' in body;
}

/**
 * GET a same-origin API path and unwrap its `{ success, message, value }` envelope. The JSON is typed, not
 * parsed with zod, on purpose: zod would add ~24 KB gzip to the first page (ARCHITECTURE §1 traps).
 */
export async function apiGet<T>(path: string, options: { signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, { headers, signal: options.signal ?? null, credentials: 'same-origin' });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page or an empty body: the API itself did not answer.
    throw new ApiError(NETWORK_ERROR, response.status);
  }
  if (!isEnvelope(body)) throw new ApiError('unknown_error', response.status);
  if (!body.success || !response.ok) {
    throw new ApiError(isErrorCode(body.message) ? body.message : 'unknown_error', response.status);
  }
  return body.value as T;
}
