import pg from 'pg';
import { testDatabaseUrl } from '../src/config/env.ts';

/**
 * Says which database backends this run covers, and fails at once (instead of in every file) when
 * TEST_DATABASE_URL is set but the server cannot be reached.
 */
export default async function setup(): Promise<void> {
  const url = testDatabaseUrl();
  if (!url) {
    console.info('[server tests] database backends: pglite (set TEST_DATABASE_URL to add PostgreSQL)');
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ version: string }>('select version()');
  await client.end();
  const host = new URL(url).host;
  console.info(
    `[server tests] database backends: pglite + postgres at ${host} (${rows[0]?.version.split(',')[0]})`,
  );
}
