import { Writable } from 'node:stream';

/**
 * Logs for a person at a terminal. The server logs JSON lines (pino) — what files and log collectors want —
 * but on an interactive terminal a wall of JSON hides the one line that matters. When stdout is a TTY (and
 * LOG_FORMAT is not `json`) main.ts passes this stream: each record becomes
 * `15:04:05 INFO  request completed  GET /wps/system/status 200 3ms  reqId=…`, the rest of its fields as
 * `key=value`. Lines that are not JSON pass through unchanged.
 */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const SKIPPED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'req', 'res', 'responseTime', 'v']);

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/** One JSON log record as one readable line (without the newline). */
export function formatLogLine(line: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof record.time === 'number' ? new Date(record.time).toISOString().slice(11, 19) : '';
  const level = LEVELS[Number(record.level)] ?? String(record.level ?? '');
  const parts = [time, level, String(record.msg ?? '')];
  const req = record.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = record.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof record.responseTime === 'number') parts.push(`${Math.round(record.responseTime)}ms`);
  for (const [key, value] of Object.entries(record)) {
    if (SKIPPED.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as { type?: string; message?: string; stack?: string };
      parts.push(`\n  ${err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`}`);
      continue;
    }
    parts.push(`${key}=${fieldText(value)}`);
  }
  return parts.filter(Boolean).join('  ');
}

/** A stream pino can write to that prints readable lines to `out`. */
export function terminalLogStream(out: NodeJS.WritableStream): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        out.write(`${formatLogLine(pending.slice(0, newline))}\n`);
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
      done();
    },
  });
}

/** Where the data lives, for the ready line: the PGlite folder, or the PostgreSQL host and database. */
export function databaseLabel(databaseUrl: string | null, dataDir: string): string {
  if (!databaseUrl) return `embedded PostgreSQL (PGlite) in ${dataDir}`;
  const url = new URL(databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/** The one plain line (and two details) printed when the server listens. */
export function readyMessage(input: { host: string; port: number; database: string; demo: boolean }): string {
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(input.host) ? 'localhost' : input.host;
  const lines = [`Lotus is ready at http://${host}:${input.port}`, `  database: ${input.database}`];
  if (input.demo) lines.push('  demo log-ins: README.md, "Demo accounts" (for the demo database only)');
  return `\n${lines.join('\n')}\n\n`;
}
