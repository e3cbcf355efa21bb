import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { testDatabaseUrl } from '../../src/config/env.ts';
import { createDatabase, type DatabaseHandle, MEMORY_DATA_DIR } from '../../src/db/create-database.ts';
import type { Database } from '../../src/db/schema.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (docs/database.md). */
export function testBackends(): Backend[] {
  return testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

export type TestDatabase = DatabaseHandle & { name: string };

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

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

async function createPostgresDatabase(template: string | null): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `lotus_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString(), dataDir: MEMORY_DATA_DIR, poolSize: 4 });
  return {
    ...handle,
    name,
    close: async () => {
      await handle.close();
      await withAdmin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
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
