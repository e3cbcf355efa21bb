import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { type Listen, pgliteListen, postgresListen } from './listen.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Closes the pool / PGlite instance and releases the data folder. Idempotent. */
  close(): Promise<void>;
  /** LISTEN/NOTIFY (db/listen.ts); absent only on handles that never connect (tests' offline database). */
  listen?: Listen;
  /** PGlite only: the whole database as a dump `pgliteDataDump` can start from (test templates). */
  dumpDataDir?: () => Promise<Blob>;
  /** PGlite only: the same, gzipped, for the build's template file (`pgliteTemplateFile`). */
  dumpTemplate?: () => Promise<Blob>;
};

export type DatabaseOptions = {
  /** PostgreSQL URL; null → PGlite. */
  databaseUrl: string | null;
  /** Server data folder (PGlite files go to `<dataDir>/pgdata`), or `memory://` for a throw-away database. */
  dataDir: string;
  /** Largest PostgreSQL pool; ignored by PGlite, which has exactly one connection. */
  poolSize?: number;
  /** Called with errors of idle pooled connections (a restarted PostgreSQL), which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
  /**
   * PGlite only: start an in-memory database from this dump (`PGlite.dumpDataDir()`) instead of running
   * initdb. The test suite starts every file from one migrated and seeded dump (apps/server/test/helpers/
   * test-database.ts), which takes about a second instead of ten.
   */
  pgliteDataDump?: Blob;
  /**
   * PGlite only: a dump file (`db template`, written by the server's build next to dist/main.js) that a
   * data folder with no database yet starts from, instead of running initdb and every migration: cold start
   * on an empty data folder (issue 15) was mostly PGlite's initdb in WebAssembly, and its peak memory too.
   * It holds the schema only — no seed, no secret — so every installation still makes its own keys. A
   * missing file (tsx in development, an old build) means initdb as before.
   */
  pgliteTemplateFile?: string;
};

export const MEMORY_DATA_DIR = 'memory://';

const PG_INT8 = 20;
const PG_INT8_ARRAY = 1016;
const PG_TEXT_ARRAY = 1009;
let pgParsersRegistered = false;

/**
 * int8 comes back as a string from `pg` and as a lossy number from PGlite; both backends parse it to
 * BigInt so money and ids are exact everywhere (ARCHITECTURE §1 traps, §4). `pg` parsers are process-wide,
 * hence registered once.
 */
function registerPgBigintParsers(): void {
  if (pgParsersRegistered) return;
  // pg's typings only list scalar OIDs; array OIDs are just as valid at run time.
  const setParser = pg.types.setTypeParser as (oid: number, parse: (value: string) => unknown) => void;
  const getParser = pg.types.getTypeParser as (oid: number) => (value: string) => unknown;
  setParser(PG_INT8, (value) => BigInt(value));
  const parseTextArray = getParser(PG_TEXT_ARRAY) as (value: string) => (string | null)[];
  setParser(PG_INT8_ARRAY, (value) =>
    parseTextArray(value).map((item) => (item === null ? null : BigInt(item))),
  );
  pgParsersRegistered = true;
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options);
  return createPglite(options.dataDir, options.pgliteDataDump, options.pgliteTemplateFile);
}

function createPostgres(databaseUrl: string, options: DatabaseOptions): DatabaseHandle {
  registerPgBigintParsers();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
  pool.on('error', (error) => options.onPoolError?.(error));
  // pg-pool listens for errors only on idle clients. A checked-out client whose connection ends (a
  // terminated backend: the socket closes after the query already failed) emits 'error' with no listener,
  // which would crash the process. The query in flight has its own rejection, and the pool drops the dead
  // client when it comes back (pg-pool checks `_queryable`), so this listener only has to exist.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    close: () => {
      closing ??= db.destroy();
      return closing;
    },
    listen: postgresListen(databaseUrl, options.onPoolError),
  };
}

/** The dump a PGlite database starts from: the given one in memory, the template for a new data folder. */
function startingDump(inMemory: boolean, location: string, dump?: Blob, templateFile?: string): Blob | null {
  if (inMemory) return dump ?? null;
  if (!templateFile || existsSync(path.join(location, 'PG_VERSION')) || !existsSync(templateFile))
    return null;
  return new Blob([readFileSync(templateFile)]);
}

async function createPglite(dataDir: string, dump?: Blob, templateFile?: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith(MEMORY_DATA_DIR);
  let release = () => {};
  let location = dataDir;
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    location = path.join(dataDir, 'pgdata');
  }
  let pglite: PGlite;
  try {
    const from = startingDump(inMemory, location, dump, templateFile);
    pglite = await PGlite.create(location, {
      parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value) },
      ...(from ? { loadDataDir: from } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    close: () => {
      // Kysely only closes PGlite if a query ever ran; close it ourselves so the files are flushed.
      closing ??= db
        .destroy()
        .then(() => (pglite.closed ? undefined : pglite.close()))
        .finally(release);
      return closing;
    },
    listen: pgliteListen(pglite),
    dumpDataDir: () => pglite.dumpDataDir('none'),
    dumpTemplate: () => pglite.dumpDataDir('gzip'),
  };
}
