import pg from 'pg';

/**
 * E2E servers that run on PostgreSQL (`ServerSpec.postgresDatabase`): the wallet journeys approve deposits
 * and pay withdrawals with the operator CLI while the server runs, which PGlite (one process) cannot allow.
 * Their database lives on the `TEST_DATABASE_URL` server and is made afresh by the global setup.
 */

function testServerUrl(): string {
  const raw = process.env.TEST_DATABASE_URL;
  if (!raw) {
    throw new Error(
      'TEST_DATABASE_URL is not set: the wallet journeys need a PostgreSQL server ' +
        '(e.g. TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test)',
    );
  }
  return raw;
}

/** The URL of `database` on the TEST_DATABASE_URL server (for the server, the CLI and the journeys). */
export function postgresUrlFor(database: string): string {
  const url = new URL(testServerUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

/** Drops and creates `database`, so every run starts from an empty database the server migrates and seeds. */
export async function recreatePostgresDatabase(database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) throw new Error(`unsafe database name "${database}"`);
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
  } finally {
    await client.end();
  }
}

/**
 * The test-data presets of prepare-content.ts for a PostgreSQL server (that script opens PGlite folders).
 * Only those a PostgreSQL server uses so far; another one fails loudly rather than being skipped.
 */
export async function applyPresetsOnPostgres(database: string, presets: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrlFor(database) });
  await client.connect();
  try {
    for (const preset of presets) {
      if (preset !== 'quiet-greetings') throw new Error(`preset "${preset}" is not available on PostgreSQL`);
      // Same statements as prepare-content.ts "quiet-greetings".
      await client.query(`
        update announcements set active = false where type = 'PU';
        update brand_resources set enabled = false where resource_type = 'REGISTER_POPUP';
      `);
    }
  } finally {
    await client.end();
  }
}
