import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import { migrations } from './migrations/migration-list.ts';
import type { Database } from './schema.ts';

export function createMigrator(db: Kysely<Database>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
}

/**
 * Brings the schema to the latest version. Safe to run on every start and from several processes at once:
 * Kysely takes a lock (an advisory lock on PostgreSQL; PGlite has a single connection) and skips
 * migrations already recorded in `kysely_migration`.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results }: MigrationResultSet = await createMigrator(db).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`migration ${failed?.migrationName ?? '(setup)'} failed`, { cause: error });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
