import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { inject } from 'vitest';
import { testDatabaseUrl } from '../../src/config/env.ts';
import { createDatabase, type DatabaseHandle, MEMORY_DATA_DIR } from '../../src/db/create-database.ts';
import type { Database } from '../../src/db/schema.ts';
import { withPgClient } from './pg-client.ts';
import { openingConnections } from './postgres-budget.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (docs/database.md). */
export function testBackends(): Backend[] {
  return testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

export type TestDatabase = DatabaseHandle & { name: string };

/**
 * A fresh, empty database: in-memory PGlite, or a uniquely named database created on the TEST_DATABASE_URL
 * server and dropped again by `close()`. One per test file keeps files independent and parallel-safe.
 */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const handle = await createDatabase({ databaseUrl: null, dataDir: MEMORY_DATA_DIR });
    return { ...handle, name: 'memory' };
  }
  return createPostgresDatabase(null);
}

function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * One more handle on a PostgreSQL test database, with its own pool (and LISTEN connection): a second server
 * process on the same data, or a pool sized for a concurrency test. The caller closes it before `database`.
 */
export async function connectAgain(database: TestDatabase, poolSize: number): Promise<DatabaseHandle> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl || database.name === 'memory')
    throw new Error('connectAgain needs a PostgreSQL test database');
  // The pool and the handle's one LISTEN connection (db/listen.ts), which an app on it shares.
  const closed = openingConnections(poolSize + 1, `connectAgain(…, ${poolSize})`);
  const handle = await createDatabase({
    databaseUrl: databaseUrlOf(serverUrl, database.name),
    dataDir: MEMORY_DATA_DIR,
    poolSize,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      closed();
    },
  };
}

async function createPostgresDatabase(template: string | null): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `lotus_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withPgClient(serverUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const handle = await createDatabase({
    databaseUrl: databaseUrlOf(serverUrl, name),
    dataDir: MEMORY_DATA_DIR,
    poolSize: 4,
  });
  return {
    ...handle,
    name,
    close: async () => {
      await handle.close();
      await withPgClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

let templateDump: Blob | undefined;

/**
 * A fresh database that is already migrated and seeded, copied from the run's template (made once by
 * test/global-setup.ts): what `createTestDatabase` + `prepareDatabase` give, in a fraction of the time.
 */
export async function createPreparedTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    templateDump ??= new Blob([readFileSync(inject('pgliteTemplateFile'))]);
    const handle = await createDatabase({
      databaseUrl: null,
      dataDir: MEMORY_DATA_DIR,
      pgliteDataDump: templateDump,
    });
    return { ...handle, name: 'memory' };
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('no PostgreSQL template: TEST_DATABASE_URL was not set for this run');
  return createPostgresDatabase(template);
}

/**
 * A database handle that never connects, for tests of HTTP behaviour that does not reach the database
 * (error handling, static files, headers): they start in milliseconds instead of PGlite's seconds.
 */
export function createOfflineDatabase(): DatabaseHandle {
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, kind: 'postgres', close: () => db.destroy() };
}
