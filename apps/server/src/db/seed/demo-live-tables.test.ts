import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testBackends } from '../../../test/helpers/test-database.ts';
import { findRepoRoot } from '../../lib/repo-root.ts';
import { prepareDatabase } from '../prepare-database.ts';
import { DEMO_LIVE_TABLES, seedDemoLiveTables } from './demo-live-tables.ts';

const PUBLIC_DIR = path.join(findRepoRoot(import.meta.dirname), 'apps/web/public');

describe.each(testBackends())('the demo live tables [%s]', (backend) => {
  let database: TestDatabase;
  let brandId: bigint;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await prepareDatabase(database.db);
    brandId = (
      await database.db
        .selectFrom('brands')
        .select('id')
        .where('code', '=', 'lotus')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await database?.close();
  });

  const liveGames = () =>
    database.db
      .selectFrom('games')
      .select(['game_code', 'names', 'icon_url'])
      .where('brand_id', '=', brandId)
      .where('game_type', '=', 'LIVE')
      .execute();

  it('names every table apart from every other game, in EN and HI, each with its icon file', async () => {
    const others = await database.db
      .selectFrom('games')
      .select(['names'])
      .where('brand_id', '=', brandId)
      .where('game_type', '!=', 'LIVE')
      .execute();
    const taken = new Set(others.flatMap((game) => Object.values(game.names).map((n) => n.toLowerCase())));
    const games = await liveGames();
    expect(games).toHaveLength(DEMO_LIVE_TABLES.length);
    for (const game of games) {
      for (const name of [game.names.EN, game.names.HI]) {
        expect(typeof name === 'string' && name.length > 0, game.game_code).toBe(true);
        expect(taken.has(String(name).toLowerCase()), `${game.game_code}: ${name}`).toBe(false);
      }
      expect(game.icon_url, game.game_code).toMatch(/^\/brand\/games\/live-[a-z-]+\.svg$/);
      expect(existsSync(path.join(PUBLIC_DIR, String(game.icon_url))), String(game.icon_url)).toBe(true);
    }
    const names = games.flatMap((game) => [game.names.EN, game.names.HI]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('renames a table still named as first seeded, and keeps an operator’s own name', async () => {
    const first = { EN: 'Dragon Tiger', HI: 'ड्रैगन टाइगर' };
    await database.db
      .updateTable('live_tables')
      .set({ name: JSON.stringify(first) })
      .where('code', 'in', ['dragon-tiger-1', 'sic-bo-1'])
      .execute();
    await database.db
      .updateTable('games')
      .set({ names: JSON.stringify(first), icon_url: null })
      .where('game_type', '=', 'LIVE')
      .where('game_code', '=', 'dragon-tiger-1')
      .execute();
    expect(await database.db.transaction().execute((trx) => seedDemoLiveTables(trx, brandId))).toBe(2);
    const tables = await database.db
      .selectFrom('live_tables')
      .select(['code', 'name'])
      .where('code', 'in', ['dragon-tiger-1', 'sic-bo-1'])
      .orderBy('code')
      .execute();
    // sic-bo-1 was "renamed" by the operator to a name that is not its first: left alone.
    expect(tables.map((table) => [table.code, table.name.EN])).toEqual([
      ['dragon-tiger-1', 'Live Dragon Tiger'],
      ['sic-bo-1', 'Dragon Tiger'],
    ]);
    const game = (await liveGames()).find((row) => row.game_code === 'dragon-tiger-1');
    expect(game?.names).toEqual({ EN: 'Live Dragon Tiger', HI: 'लाइव ड्रैगन टाइगर' });
    expect(game?.icon_url).toBe('/brand/games/live-dragon-tiger.svg');
    expect(await database.db.transaction().execute((trx) => seedDemoLiveTables(trx, brandId))).toBe(0);
  });
});
