import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/create-database.ts';
import type { Clock } from '../../src/lib/clock.ts';
import type { GeoLookup } from '../../src/lib/geo.ts';
import { assertLedgerInvariants } from './ledger-invariants.ts';
import {
  type Backend,
  connectAgain,
  createOfflineDatabase,
  createPreparedTestDatabase,
  type TestDatabase,
} from './test-database.ts';

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
    auditSealIntervalMs: 5000,
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
  /** Start the job scheduler as main.ts does; otherwise tests run due work with `app.jobs`. */
  runJobs?: boolean;
};

/** A ready app on a fresh, migrated and seeded database. Build one per test file (PGlite starts in ~3 s). */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const backend = options.backend ?? 'pglite';
  const database =
    backend === 'offline' ? createOfflineDatabase() : await createPreparedTestDatabase(backend);
  const app = await readyApp(database, options);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The app of `options` on `database`, its extra routes registered, ready. */
async function readyApp(database: DatabaseHandle, options: BuildTestAppOptions): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testAppOptions(options.config),
    database,
    ...(options.geo ? { geo: options.geo } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.runJobs ? { runJobs: true } : {}),
  });
  await options.routes?.(app);
  await app.ready();
  return app;
}

export type PooledTestAppOptions = Omit<BuildTestAppOptions, 'backend'> & {
  /** Connections in the app's own pool: enough that concurrent requests really overlap in the database. */
  pool: number;
  /** Another server process on this database (which the caller closes); a fresh prepared one if omitted. */
  database?: TestDatabase;
  /** Checks the ledger invariants on `close()`, once the app and its pool are closed. */
  checkLedger?: boolean;
};

export type PooledTestApp = {
  /** The test's own handle on the database (small pool), for arranging and reading rows. */
  database: TestDatabase;
  /** The app's handle on the same database, with a pool of `pool` connections. */
  pooled: DatabaseHandle;
  app: FastifyInstance;
  /** Closes the app, then its pool, then (checking the ledger first if asked) the database if it owns it. */
  close(): Promise<void>;
};

/**
 * A ready app on PostgreSQL with a real pool, so requests sent at once race inside the database (PGlite
 * runs one statement at a time): for concurrency tests (`*.pg.test.ts`).
 */
export async function startPooledTestApp(options: PooledTestAppOptions): Promise<PooledTestApp> {
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createPreparedTestDatabase('postgres'));
  let pooled: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  const release = async (checkLedger: boolean) => {
    try {
      await app?.close();
      await pooled?.close();
      if (checkLedger) await assertLedgerInvariants(database.db);
    } finally {
      if (ownsDatabase) await database.close();
    }
  };
  try {
    pooled = await connectAgain(database, options.pool);
    app = await readyApp(pooled, options);
  } catch (error) {
    await release(false);
    throw error;
  }
  return { database, pooled, app, close: () => release(options.checkLedger ?? false) };
}

/** A server answer, as far as `tallyAnswers` reads it. */
export type Answer = { statusCode: number; json(): { message: string } };

/** How many answers said what: `ok` for a 200, otherwise the answer's `message`. */
export function tallyAnswers(responses: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const response of responses) {
    const key = response.statusCode === 200 ? 'ok' : response.json().message;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
