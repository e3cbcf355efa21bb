import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/create-database.ts';
import type { Clock } from '../../src/lib/clock.ts';
import type { GeoLookup } from '../../src/lib/geo.ts';
import { type Backend, createOfflineDatabase, createPreparedTestDatabase } from './test-database.ts';

/** `app.inject` connects from 127.0.0.1 unless told otherwise; tests trust it as the proxy. */
export const TRUSTED_PROXY = '127.0.0.1';

export function testAppOptions(overrides: Partial<AppOptions> = {}): AppOptions {
  return {
    logLevel: 'silent',
    trustedProxies: [TRUSTED_PROXY],
    webDistDir: path.join(import.meta.dirname, 'no-web-build'),
    bodyLimitBytes: 1_048_576,
    rateLimitMax: 10_000,
    sessionIdleMs: 30 * 60_000,
    sessionAbsoluteMs: 12 * 3_600_000,
    devInbox: false,
    smsProvider: null,
    mailProvider: null,
    // Cheap proof of work so tests solve it in microseconds; the check itself is the same.
    humanCheckBits: 4,
    smsDailyQuota: 5000,
    oidc: { google: null, facebook: null },
    telegram: null,
    gatewaySimulator: null,
    ...overrides,
  };
}

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> };

export type BuildTestAppOptions = {
  /** Which database; `offline` never connects (for tests that do not reach the database). */
  backend?: Backend | 'offline';
  config?: Partial<AppOptions>;
  geo?: GeoLookup;
  clock?: Clock;
  /** Receives the app's log lines (set `config.logLevel` too). */
  logStream?: { write(line: string): void };
  /** Extra routes registered after the app's own, before `ready()` (e.g. a route that throws). */
  routes?: (app: FastifyInstance) => void | Promise<void>;
};

/** A ready app on a fresh, migrated and seeded database. Build one per test file (PGlite starts in ~3 s). */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const backend = options.backend ?? 'pglite';
  const database =
    backend === 'offline' ? createOfflineDatabase() : await createPreparedTestDatabase(backend);
  const app = await buildApp({
    config: testAppOptions(options.config),
    database,
    ...(options.geo ? { geo: options.geo } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await options.routes?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
