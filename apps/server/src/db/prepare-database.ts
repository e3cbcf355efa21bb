import type { Kysely } from 'kysely';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';
import { hasAnyBrand, seedDatabase } from './seed/seed.ts';

/** What the start did, with how long each phase took (the start-up bench reads them from the log). */
export type PrepareReport = { migrations: string[]; seeded: boolean; migrateMs: number; seedMs: number };

/**
 * What the server does on start (ARCHITECTURE §7): always migrate; seed only an empty database, so a
 * brand an operator deleted on purpose is not brought back by a restart.
 */
export async function prepareDatabase(db: Kysely<Database>): Promise<PrepareReport> {
  const started = performance.now();
  const migrations = await migrateToLatest(db);
  const migrated = performance.now();
  const migrateMs = Math.round(migrated - started);
  if (await hasAnyBrand(db)) return { migrations, seeded: false, migrateMs, seedMs: 0 };
  await seedDatabase(db);
  return { migrations, seeded: true, migrateMs, seedMs: Math.round(performance.now() - migrated) };
}
