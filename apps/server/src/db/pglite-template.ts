import { writeFileSync } from 'node:fs';
import { createDatabase, MEMORY_DATA_DIR } from './create-database.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * Writes an empty PGlite database with every migration applied, dumped (gzip), to `file`; answers its
 * size. The server's build writes dist/pglite-template.tar.gz this way (`db template`), and a new embedded
 * data folder starts from it (create-database.ts `pgliteTemplateFile`) instead of running initdb and every
 * migration. Schema only: the seed, and every key or secret it makes, is made per installation.
 */
export async function writePgliteTemplate(file: string): Promise<number> {
  const database = await createDatabase({ databaseUrl: null, dataDir: MEMORY_DATA_DIR });
  try {
    await migrateToLatest(database.db);
    const dump = await database.dumpTemplate?.();
    if (!dump) throw new Error('this database cannot be dumped');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return dump.size;
  } finally {
    await database.close();
  }
}
