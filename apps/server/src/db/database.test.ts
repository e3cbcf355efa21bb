import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testBackends } from '../../test/helpers/test-database.ts';
import { createMigrator, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/migration-list.ts';
import { prepareDatabase } from './prepare-database.ts';
import { DEMO_REGISTRATION_RULES, DEMO_RESOURCES, DEMO_WHITELABEL } from './seed/demo-brand.ts';
import { seedDatabase } from './seed/seed.ts';

async function tableCounts(database: TestDatabase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [
    'brands',
    'brand_domains',
    'whitelabel_nodes',
    'registration_field_rules',
    'brand_resources',
  ] as const) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

describe.each(testBackends())('database [%s]', (backend) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('migrates an empty database, then finds nothing left to do', async () => {
    expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(database.db)).toEqual([]);
    const applied = await createMigrator(database.db).getMigrations();
    expect(applied.every((migration) => migration.executedAt instanceof Date)).toBe(true);
  });

  it('seeds once on prepare and never duplicates rows when seeded again', async () => {
    expect(await prepareDatabase(database.db)).toMatchObject({ migrations: [], seeded: true });
    const first = await tableCounts(database);
    expect(first).toEqual({
      brands: 1,
      brand_domains: 2,
      whitelabel_nodes: DEMO_WHITELABEL.length,
      registration_field_rules: DEMO_REGISTRATION_RULES.length,
      brand_resources: DEMO_RESOURCES.length,
    });
    expect(await prepareDatabase(database.db)).toMatchObject({ migrations: [], seeded: false });
    expect(await seedDatabase(database.db)).toEqual({ brandCreated: false, rowsAdded: 0 });
    expect(await tableCounts(database)).toEqual(first);
  });

  it('re-adds missing demo rows without overwriting operator changes', async () => {
    await database.db.updateTable('brands').set({ maintenance: true }).where('code', '=', 'lotus').execute();
    await database.db.deleteFrom('brand_domains').where('host', '=', '127.0.0.1').execute();
    expect(await seedDatabase(database.db)).toEqual({ brandCreated: false, rowsAdded: 1 });
    const brand = await database.db
      .selectFrom('brands')
      .select(['maintenance', 'is_default'])
      .where('code', '=', 'lotus')
      .executeTakeFirstOrThrow();
    expect(brand).toEqual({ maintenance: true, is_default: true });
    await database.db.updateTable('brands').set({ maintenance: false }).where('code', '=', 'lotus').execute();
  });

  it('round-trips int8 as exact BigInt, beyond Number.MAX_SAFE_INTEGER', async () => {
    const big = 9_007_199_254_740_993n;
    const selected = await sql<{ value: bigint; values: bigint[] }>`select ${String(big)}::int8 as value,
      array[${String(big)}::int8, -1::int8] as values`.execute(database.db);
    expect(selected.rows[0]).toEqual({ value: big, values: [big, -1n] });
    const brand = await database.db.selectFrom('brands').select('id').executeTakeFirstOrThrow();
    expect(typeof brand.id).toBe('bigint');
    const count = await database.db
      .selectFrom('brands')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count.count).toBe(1n);
  });

  it('enforces the brand invariants in the schema', async () => {
    const brand = await database.db.selectFrom('brands').select('id').executeTakeFirstOrThrow();
    await expect(
      database.db
        .updateTable('brands')
        .set({ supported_languages: ['HI'], default_language: 'EN' })
        .where('id', '=', brand.id)
        .execute(),
    ).rejects.toThrow(/brands_default_language_supported/);
    await expect(
      database.db
        .updateTable('registration_field_rules')
        .set({ enabled: false, required: true })
        .where('field_key', '=', 'username')
        .execute(),
    ).rejects.toThrow(/check/);
    await expect(
      database.db
        .insertInto('whitelabel_nodes')
        .values({ brand_id: brand.id, mod_id: 'ORPHAN3', parent_mod_id: 'NOPE3', enabled: true })
        .execute(),
    ).rejects.toThrow(/foreign key/);
  });
});
