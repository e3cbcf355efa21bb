import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './create-database.ts';
import { migrateToLatest } from './migrate.ts';
import { writePgliteTemplate } from './pglite-template.ts';

describe('PGlite template (cold start)', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lotus-template-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('starts a new data folder from it with every migration applied and no seed, and never again', async () => {
    const file = path.join(folder, 'template.tar.gz');
    expect(await writePgliteTemplate(file)).toBeGreaterThan(0);
    const dataDir = path.join(folder, 'data');
    const first = await createDatabase({ databaseUrl: null, dataDir, pgliteTemplateFile: file });
    try {
      expect(await migrateToLatest(first.db)).toEqual([]);
      expect(await first.db.selectFrom('brands').select('id').execute()).toEqual([]);
      await sql`create table template_probe (id integer)`.execute(first.db);
    } finally {
      await first.close();
    }
    // A folder that has a database keeps it: the template is only for a new one.
    const again = await createDatabase({ databaseUrl: null, dataDir, pgliteTemplateFile: file });
    try {
      const probe = await sql<{
        found: string | null;
      }>`select to_regclass('template_probe')::text as found`.execute(again.db);
      expect(probe.rows[0]?.found).toBe('template_probe');
    } finally {
      await again.close();
    }
  });
});
