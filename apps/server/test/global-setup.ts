import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { testDatabaseUrl } from '../src/config/env.ts';
import { createDatabase, MEMORY_DATA_DIR } from '../src/db/create-database.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { setHashingParams } from '../src/lib/password.ts';
import { withPgClient } from './helpers/pg-client.ts';
import { CHEAP_HASHING } from './setup/cheap-password-hashing.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a PGlite dump of a migrated and seeded database (test-database.ts). */
    pgliteTemplateFile: string;
    /** Name of a migrated and seeded database on the TEST_DATABASE_URL server, or '' without one. */
    postgresTemplate: string;
  }
}

/**
 * Once per run: says which database backends it covers (failing at once, instead of in every file, when
 * TEST_DATABASE_URL is set but the server cannot be reached), and prepares one migrated and seeded template
 * per backend. Every test file then starts from a copy: PGlite from a dump (initdb alone costs PGlite ~3–10 s
 * per file on two cores), PostgreSQL with `CREATE DATABASE … TEMPLATE`. Files that test migrating and seeding
 * themselves still start from an empty database (`createTestDatabase`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The demo accounts' hashes in the template use the same cheap parameters as the test files do.
  setHashingParams(CHEAP_HASHING);
  const tag = `${process.pid}_${randomBytes(4).toString('hex')}`;

  const pglite = await createDatabase({ databaseUrl: null, dataDir: MEMORY_DATA_DIR });
  await prepareDatabase(pglite.db);
  if (!pglite.dumpDataDir) throw new Error('PGlite handle cannot dump its data folder');
  const dump = await pglite.dumpDataDir();
  await pglite.close();
  const templateFile = path.join(tmpdir(), `lotus-test-template-${tag}.tar`);
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', templateFile);

  const url = testDatabaseUrl();
  let postgresTemplate = '';
  if (url) {
    const version = await withPgClient(url, async (client) => {
      const { rows } = await client.query<{ version: string }>('select version()');
      return rows[0]?.version.split(',')[0];
    });
    console.info(`[server tests] database backends: pglite + postgres at ${new URL(url).host} (${version})`);
    postgresTemplate = `lotus_template_${tag}`;
    await withPgClient(url, (client) => client.query(`create database ${postgresTemplate}`));
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${postgresTemplate}`;
    const template = await createDatabase({ databaseUrl: templateUrl.toString(), dataDir: MEMORY_DATA_DIR });
    await prepareDatabase(template.db);
    await template.close();
  } else {
    console.info('[server tests] database backends: pglite (set TEST_DATABASE_URL to add PostgreSQL)');
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    rmSync(templateFile, { force: true });
    if (url && postgresTemplate) {
      await withPgClient(url, (client) =>
        client.query(`drop database if exists ${postgresTemplate} with (force)`),
      );
    }
  };
}
