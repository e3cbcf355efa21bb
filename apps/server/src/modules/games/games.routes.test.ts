import { gameMenusResponse } from '@lotus/shared/catalogue.schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { DEMO_BRAND } from '../../db/seed/demo-brand.ts';
import { DEMO_VENDORS } from '../../db/seed/demo-catalogue.ts';
import { seedDatabase } from '../../db/seed/seed.ts';

const MENUS = '/lgw/games/game_menus';
const LOTUS_SEED = (() => {
  const seed = DEMO_VENDORS.find((vendor) => vendor.vassalage === 'LOTUS');
  if (!seed) throw new Error('the demo catalogue has no LOTUS vendor');
  return seed;
})();

describe.each(testBackends())('games routes [%s]', (backend) => {
  let test: TestApp;
  let brandId: bigint;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    const brand = await test.database.db
      .selectFrom('brands')
      .select('id')
      .where('code', '=', 'lotus')
      .executeTakeFirstOrThrow();
    brandId = brand.id;
  });
  afterAll(async () => {
    await test?.close();
  });

  // Every test starts from the seeded catalogue, whatever the previous one changed.
  beforeEach(async () => {
    const { db } = test.database;
    // The lottery's vendor (LOTTO, issue 20), the sportsbook's (SPORTSBOOK, issue 21) and the live tables'
    // (LIVE) and PVP rooms' (PVP, issue 22) stay: a re-seed would otherwise add them back with their games.
    await db
      .deleteFrom('vendors')
      .where('vassalage', 'not in', ['LOTUS', 'LOTTO', 'SPORTSBOOK', 'LIVE', 'PVP'])
      .execute();
    await db.deleteFrom('brands').where('code', '<>', 'lotus').execute();
    await db.deleteFrom('brand_game_types').execute();
    await db
      .updateTable('vendors')
      .set({
        enabled: true,
        maintenance: false,
        display_name: JSON.stringify({ EN: 'Lotus Originals', HI: 'लोटस ओरिजिनल्स' }),
      })
      .execute();
    const lotus = await db
      .selectFrom('vendors')
      .select('id')
      .where('vassalage', '=', 'LOTUS')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('vendor_game_types').execute();
    // The studio's rows as the seed makes them: slots (its jackpot slots classified JACKPOT), fishing,
    // table games and cards.
    await db
      .insertInto('vendor_game_types')
      .values(
        LOTUS_SEED.gameTypes.map((gameType, sort) => ({
          vendor_id: lotus.id,
          game_type: gameType,
          sort,
          game_classifies: LOTUS_SEED.gameClassifies?.[gameType] ?? [],
        })),
      )
      .execute();
    await db
      .updateTable('brands')
      .set({ default_language: 'EN', category_rules: JSON.stringify(DEMO_BRAND.categoryRules) })
      .where('id', '=', brandId)
      .execute();
  });

  const menus = async (query = '', headers: Record<string, string> = {}) => {
    const response = await test.app.inject({ method: 'GET', url: `${MENUS}${query}`, headers });
    expect(response.statusCode).toBe(200);
    return gameMenusResponse.parse(response.json()).value.categories;
  };
  const keys = (categories: { key: string }[]) => categories.map((category) => category.key);

  const lotusId = async () =>
    (
      await test.database.db
        .selectFrom('vendors')
        .select('id')
        .where('vassalage', '=', 'LOTUS')
        .executeTakeFirstOrThrow()
    ).id;

  const enableRule = async (category: string, changes: Record<string, unknown> = {}) => {
    const rules = DEMO_BRAND.categoryRules.map((rule) =>
      rule.category === category ? { ...rule, enabled: true, ...changes } : rule,
    );
    await test.database.db
      .updateTable('brands')
      .set({ category_rules: JSON.stringify(rules) })
      .where('id', '=', brandId)
      .execute();
  };

  it('lists the seeded in-house vendor under slots, jackpot, fishing, cards and table games, open for play', async () => {
    const categories = await menus('?language=EN&platform=html5-desktop');
    // Issue 22: the JP classify rule copies the studio (its jackpot slots) right after slots; its fishing
    // titles put it under FISH.
    expect(keys(categories)).toEqual(['RNG', 'JP', 'FISH', 'PVP', 'TG']);
    expect(categories[0]).toEqual({
      key: 'RNG',
      labelKey: 'category.slots',
      gameType: 'RNG',
      icon: 'slots',
      page: '/rng',
      banner: 'rng',
      auth: false,
      vendors: [
        {
          vassalage: 'LOTUS',
          displayName: 'Lotus Originals',
          logoUrl: '/brand/vendors/lotus.svg',
          gameType: 'RNG',
          isGame: 'LOBBY',
          maintenance: false,
        },
      ],
    });
    expect(categories.map((category) => [category.page, category.vendors[0]?.gameType])).toEqual([
      ['/rng', 'RNG'],
      ['/jp', 'RNG'],
      ['/fish', 'FISH'],
      ['/pvp', 'PVP'],
      ['/roulette', 'TG'],
    ]);
  });

  it('names vendors in the language asked for, else English, else the brand default', async () => {
    expect((await menus('?language=HI'))[0]?.vendors[0]?.displayName).toBe('लोटस ओरिजिनल्स');
    expect((await menus('?language=hi'))[0]?.vendors[0]?.displayName).toBe('लोटस ओरिजिनल्स');
    expect((await menus('?language=PT'))[0]?.vendors[0]?.displayName).toBe('Lotus Originals');
    expect((await menus())[0]?.vendors[0]?.displayName).toBe('Lotus Originals');
    await test.database.db
      .updateTable('brands')
      .set({ default_language: 'HI' })
      .where('id', '=', brandId)
      .execute();
    expect((await menus())[0]?.vendors[0]?.displayName).toBe('लोटस ओरिजिनल्स');
  });

  it('leaves out a disabled vendor, and with it every category it was alone in', async () => {
    await test.database.db.updateTable('vendors').set({ enabled: false }).execute();
    expect(await menus()).toEqual([]);
  });

  it('leaves out a vendor listed in no game type', async () => {
    await test.database.db
      .insertInto('vendors')
      .values({ brand_id: brandId, vassalage: 'NO_TYPES', display_name: JSON.stringify({ EN: 'No types' }) })
      .execute();
    const vendors = (await menus()).flatMap((category) => category.vendors.map((v) => v.vassalage));
    expect(vendors).not.toContain('NO_TYPES');
    expect(new Set(vendors)).toEqual(new Set(['LOTUS']));
  });

  it('shows a changed row on the next request', async () => {
    expect((await menus())[0]?.vendors[0]?.maintenance).toBe(false);
    await test.database.db
      .updateTable('vendors')
      .set({ maintenance: true, display_name: JSON.stringify({ EN: 'Lotus Studio', HI: 'लोटस स्टूडियो' }) })
      .execute();
    const vendor = (await menus())[0]?.vendors[0];
    expect(vendor).toMatchObject({ maintenance: true, displayName: 'Lotus Studio' });
    await test.database.db
      .deleteFrom('vendor_game_types')
      .where('game_type', '=', 'PVP')
      .where('vendor_id', '=', await lotusId())
      .execute();
    expect(keys(await menus())).toEqual(['RNG', 'JP', 'FISH', 'TG']);
  });

  it("follows the brand's own order and switches", async () => {
    await test.database.db
      .insertInto('brand_game_types')
      .values([
        { brand_id: brandId, game_type: 'TG', sort: 1 },
        { brand_id: brandId, game_type: 'PVP', sort: 2, enabled: false },
      ])
      .execute();
    // The brand's rows first; the types it has no row for after them, in the platform's order.
    expect(keys(await menus())).toEqual(['TG', 'RNG', 'JP', 'FISH']);
  });

  it('orders vendors within a category and keeps brands apart', async () => {
    const { db } = test.database;
    const studio = await db
      .insertInto('vendors')
      .values({
        brand_id: brandId,
        vassalage: 'LOTUS_LABS',
        display_name: JSON.stringify({ EN: 'Lotus Labs' }),
        is_game: 'VASSALAGE',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('vendor_game_types')
      .values({ vendor_id: studio.id, game_type: 'RNG', sort: -1 })
      .execute();

    // Another brand, a copy of the demo one on its own host.
    const {
      id: _id,
      created_at: _created,
      is_default: _default,
      ...lotusBrand
    } = await db.selectFrom('brands').selectAll().where('id', '=', brandId).executeTakeFirstOrThrow();
    const other = await db
      .insertInto('brands')
      .values({
        ...lotusBrand,
        code: 'other',
        name: 'Other',
        maintenance_message: JSON.stringify(lotusBrand.maintenance_message),
        category_rules: JSON.stringify([]),
        protection_help_links: JSON.stringify([]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('brand_domains').values({ brand_id: other.id, host: 'other.example' }).execute();
    const foreign = await db
      .insertInto('vendors')
      .values({ brand_id: other.id, vassalage: 'LOTUS', display_name: JSON.stringify({ EN: 'Other Lotus' }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('vendor_game_types').values({ vendor_id: foreign.id, game_type: 'FISH' }).execute();

    const rng = (await menus())[0];
    expect(rng?.vendors.map((v) => [v.vassalage, v.isGame])).toEqual([
      ['LOTUS_LABS', 'VASSALAGE'],
      ['LOTUS', 'LOBBY'],
    ]);
    const otherMenus = await menus('', { host: 'other.example' });
    expect(otherMenus.map((c) => [c.key, c.vendors.map((v) => v.displayName)])).toEqual([
      ['FISH', ['Other Lotus']],
    ]);
  });

  it('applies a vendor rule once it is enabled in the database', async () => {
    expect(keys(await menus())).toEqual(['RNG', 'JP', 'FISH', 'PVP', 'TG']);
    await enableRule('INHOUSE');
    const categories = await menus();
    // LOTUS is tagged INHOUSE: it moves out of slots, which is then empty and dropped (and the JP rule,
    // after it, finds no slots to copy from).
    expect(keys(categories)).toEqual(['INHOUSE', 'FISH', 'PVP', 'TG']);
    expect(categories[0]).toMatchObject({
      key: 'INHOUSE',
      labelKey: 'category.inhouse',
      icon: 'inhouse',
      gameType: 'RNG',
      page: '/rng',
      vendors: [{ vassalage: 'LOTUS', gameType: 'RNG' }],
    });
  });

  it('applies a classify rule while it is enabled, copying the vendor', async () => {
    await enableRule('JP', { enabled: false });
    expect(keys(await menus())).toEqual(['RNG', 'FISH', 'PVP', 'TG']);
    await enableRule('JP');
    const categories = await menus();
    expect(keys(categories)).toEqual(['RNG', 'JP', 'FISH', 'PVP', 'TG']);
    expect(categories[1]).toMatchObject({
      labelKey: 'category.jackpot',
      gameType: 'JP',
      page: '/jp',
      vendors: [{ vassalage: 'LOTUS', gameType: 'RNG' }],
    });
    await enableRule('JP', { insertAfter: null });
    expect(keys(await menus())).toEqual(['RNG', 'FISH', 'PVP', 'TG', 'JP']);
    // Without classified slots the rule has nothing to copy.
    await test.database.db.updateTable('vendor_game_types').set({ game_classifies: [] }).execute();
    expect(keys(await menus())).toEqual(['RNG', 'FISH', 'PVP', 'TG']);
  });

  it("re-seeding adds nothing and keeps an operator's change to the seeded vendor", async () => {
    await test.database.db.updateTable('vendors').set({ maintenance: true }).execute();
    const report = await seedDatabase(test.database.db);
    expect(report).toEqual({ brandCreated: false, rowsAdded: 0 });
    const categories = await menus();
    expect(keys(categories)).toEqual(['RNG', 'JP', 'FISH', 'PVP', 'TG']);
    expect(categories.every((category) => category.vendors.length === 1)).toBe(true);
    expect(categories[0]?.vendors[0]?.maintenance).toBe(true);
  });

  it('refuses malformed parameters with invalid_request', async () => {
    for (const query of ['?language=E1', '?language=english', '?platform=html5 desktop', '?platform=']) {
      const response = await test.app.inject({ method: 'GET', url: `${MENUS}${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'invalid_request' });
    }
  });
});
