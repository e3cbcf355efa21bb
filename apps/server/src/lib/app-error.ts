import { type ErrorCode, httpStatusOf } from '@lotus/shared/error-codes';

/**
 * The one error type services throw. `code` is both the API `message` and the i18n key the browser
 * shows; the HTTP status comes from the shared table, so a code cannot be sent with two statuses.
 * `details` travels to the client as the envelope `value` and must never hold internals; the Error
 * `message` is for logs and the operator CLI only and is never sent to a client.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: Record<string, unknown> | undefined;
  /** Sent as `Retry-After` (seconds) when set: a limit that knows when its window ends says so. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      details?: Record<string, unknown>;
      cause?: unknown;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(options.message ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = httpStatusOf(code);
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
