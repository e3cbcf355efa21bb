import type { Kysely } from 'kysely';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';
import { hasAnyBrand, seedDatabase } from './seed/seed.ts';

export type PrepareReport = { migrations: string[]; seeded: boolean };

/**
 * What the server does on start (ARCHITECTURE §7): always migrate; seed only an empty database, so a
 * brand an operator deleted on purpose is not brought back by a restart.
 */
export async function prepareDatabase(db: Kysely<Database>): Promise<PrepareReport> {
  const migrations = await migrateToLatest(db);
  if (await hasAnyBrand(db)) return { migrations, seeded: false };
  await seedDatabase(db);
  return { migrations, seeded: true };
}
