/**
 * Whether an error means "the database went away" rather than "this request or this code is wrong": a
 * terminated backend (PostgreSQL restart, fail-over, `pg_terminate_backend`, a proxy cutting idle
 * connections), a refused or reset socket, a server not yet accepting connections. The error handler
 * answers these with `503 service_unavailable` so clients retry (money calls with the same Idempotency-Key:
 * the transaction either committed, and the retry replays its answer, or rolled back and runs again),
 * instead of a 500 that reads as a bug. Issue 7, reliability suite 2 (test/reliability/db-terminate.pg.test.ts).
 */

/** SQLSTATE class 08 (connection exception) and the shutdown / start-up codes of class 57. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

/** Socket errors of the connection to the database. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Messages of `pg` errors that carry no code: the socket ended under a query ("Connection terminated
 * unexpectedly"), the client was already dead when a query was sent to it, or the pool could not connect.
 */
const MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

export function isConnectionLoss(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code))
        return true;
    }
    if (typeof message === 'string' && MESSAGES.some((known) => message.startsWith(known))) return true;
    current = cause;
  }
  return false;
}
