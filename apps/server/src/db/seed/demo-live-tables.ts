import { randomBytes } from 'node:crypto';
import { LIVE_VENDOR_CODE, type LiveTableKind } from '@lotus/shared/live.schema';
import { sql } from 'kysely';
import type { LiveLimitsColumn } from '../tables/live-tables.ts';
import type { Tx } from '../unit-of-work.ts';

/**
 * The demo brand's live tables (docs/live-tables.md "Server"): vendor LIVE (in-house, "Lotus Live", its own
 * wallet secret) in the LIVE category, one catalogue game per table (its code is the table's), and the six
 * tables. The `live.cycle` job opens each table's first round within its first run. Additive: a brand that
 * already has the vendor keeps its tables and games, except that the first cut's names still unchanged are
 * renamed (FIRST_NAMES).
 */

const VENDOR = {
  vassalage: LIVE_VENDOR_CODE,
  integration: 'inhouse',
  // The table page: the launch adds `token`, `game` (the table code) and `lang`.
  launch_url: '/live/table',
  display_name: JSON.stringify({ EN: 'Lotus Live', HI: 'लोटस लाइव' }),
  logo_url: '/brand/vendors/lotus.svg',
  is_game: 'LOBBY',
  sort: 3,
  maintenance: false,
  category_tags: [] as string[],
} as const;

/** ₹10 (1,000 minor units) is every spot's minimum. */
const MIN = '1000';
const limit = (max: number): [string, string] => [MIN, String(max * 100)];

const BACCARAT_LIMITS: LiveLimitsColumn = {
  player: limit(50_000),
  banker: limit(50_000),
  tie: limit(5_000),
  'player-pair': limit(2_500),
  'banker-pair': limit(2_500),
};

export const LIVE_LIMITS: Record<LiveTableKind, LiveLimitsColumn> = {
  baccarat: BACCARAT_LIMITS,
  'baccarat-nc': BACCARAT_LIMITS,
  'dragon-tiger': { dragon: limit(50_000), tiger: limit(50_000), tie: limit(5_000) },
  roulette: {
    straight: limit(1_000),
    split: limit(2_000),
    street: limit(3_000),
    corner: limit(4_000),
    basket: limit(4_000),
    line: limit(6_000),
    dozen: limit(15_000),
    column: limit(15_000),
    red: limit(30_000),
    black: limit(30_000),
    odd: limit(30_000),
    even: limit(30_000),
    low: limit(30_000),
    high: limit(30_000),
  },
  'sic-bo': {
    small: limit(30_000),
    big: limit(30_000),
    odd: limit(30_000),
    even: limit(30_000),
    total: limit(2_000),
    'any-triple': limit(2_000),
    triple: limit(500),
    double: limit(3_000),
    combination: limit(5_000),
    single: limit(10_000),
  },
  'andar-bahar': { andar: limit(50_000), bahar: limit(50_000) },
};

/** Seconds of the deal or spin per kind (cards come out one by one; a wheel spins longer). */
const DEALING_MS: Record<LiveTableKind, number> = {
  baccarat: 6_000,
  'baccarat-nc': 6_000,
  'dragon-tiger': 3_000,
  roulette: 8_000,
  'sic-bo': 5_000,
  'andar-bahar': 8_000,
};

type LiveTableName = { EN: string; HI: string };

/**
 * Each name is the table's own: the studio has RNG games called Dragon Tiger, Sic Bo, Andar Bahar and
 * Baccarat, and a search listing two tiles under one name left the player guessing which is live.
 */
export const DEMO_LIVE_TABLES: { code: string; kind: LiveTableKind; name: LiveTableName }[] = [
  { code: 'baccarat-1', kind: 'baccarat', name: { EN: 'Live Baccarat Lotus', HI: 'लाइव बैकारेट लोटस' } },
  {
    code: 'baccarat-nc-1',
    kind: 'baccarat-nc',
    name: { EN: 'Live No Commission Baccarat', HI: 'लाइव नो कमीशन बैकारेट' },
  },
  {
    code: 'dragon-tiger-1',
    kind: 'dragon-tiger',
    name: { EN: 'Live Dragon Tiger', HI: 'लाइव ड्रैगन टाइगर' },
  },
  { code: 'roulette-1', kind: 'roulette', name: { EN: 'Live Roulette Lotus', HI: 'लाइव रूलेट लोटस' } },
  { code: 'sic-bo-1', kind: 'sic-bo', name: { EN: 'Live Sic Bo', HI: 'लाइव सिक बो' } },
  { code: 'andar-bahar-1', kind: 'andar-bahar', name: { EN: 'Live Andar Bahar', HI: 'लाइव अंदर बाहर' } },
];

/**
 * The names the demo tables were first seeded with (issue 22's first cut): a database seeded then still
 * shows them, so a later seed renames a table whose name is still exactly this (an operator's own name is
 * kept) and gives its game the icon it lacked.
 */
const FIRST_NAMES: Record<string, LiveTableName> = {
  'baccarat-1': { EN: 'Baccarat Lotus', HI: 'बैकारेट लोटस' },
  'baccarat-nc-1': { EN: 'No Commission Baccarat', HI: 'नो कमीशन बैकारेट' },
  'dragon-tiger-1': { EN: 'Dragon Tiger', HI: 'ड्रैगन टाइगर' },
  'roulette-1': { EN: 'Lotus Roulette', HI: 'लोटस रूलेट' },
  'sic-bo-1': { EN: 'Sic Bo', HI: 'सिक बो' },
  'andar-bahar-1': { EN: 'Andar Bahar', HI: 'अंदर बाहर' },
};

/** The catalogue tile's icon: generated per table kind by the web app (features/live-tables, live-table-icon.tsx). */
export const liveTableIconUrl = (kind: LiveTableKind) => `/brand/games/live-${kind}.svg`;

/** Every spot's smallest minimum and largest maximum: what the catalogue shows as the game's bet range. */
function rangeOf(limits: LiveLimitsColumn): { min: bigint; max: bigint } {
  const values = Object.values(limits);
  return {
    min: values.reduce(
      (min, [low]) => (BigInt(low) < min ? BigInt(low) : min),
      BigInt(values[0]?.[0] ?? MIN),
    ),
    max: values.reduce((max, [, high]) => (BigInt(high) > max ? BigInt(high) : max), 0n),
  };
}

/** A brand seeded with the first cut's names: its unchanged tables and games take the new names and icons. */
async function renameFirstCut(trx: Tx, brandId: bigint): Promise<number> {
  let changed = 0;
  for (const table of DEMO_LIVE_TABLES) {
    const first = JSON.stringify(FIRST_NAMES[table.code]);
    const name = JSON.stringify(table.name);
    const tables = await trx
      .updateTable('live_tables')
      .set({ name })
      .where('brand_id', '=', brandId)
      .where('code', '=', table.code)
      .where(sql<boolean>`name = ${first}::jsonb`)
      .executeTakeFirst();
    const games = await trx
      .updateTable('games')
      .set({ names: name, icon_url: liveTableIconUrl(table.kind) })
      .where('brand_id', '=', brandId)
      .where('game_type', '=', 'LIVE')
      .where('game_code', '=', table.code)
      .where('vendor_id', 'in', (vendors) =>
        vendors
          .selectFrom('vendors')
          .select('id')
          .where('brand_id', '=', brandId)
          .where('vassalage', '=', LIVE_VENDOR_CODE),
      )
      .where(sql<boolean>`names = ${first}::jsonb`)
      .executeTakeFirst();
    changed += Number(tables.numUpdatedRows) + Number(games.numUpdatedRows);
  }
  return changed;
}

export async function seedDemoLiveTables(trx: Tx, brandId: bigint): Promise<number> {
  const vendor = await trx
    .insertInto('vendors')
    // The wallet secret is the HMAC key of the seamless-wallet protocol (docs/vendor-protocol.md).
    .values({ ...VENDOR, brand_id: brandId, wallet_secret: randomBytes(32).toString('hex') })
    .onConflict((conflict) => conflict.columns(['brand_id', 'vassalage']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (vendor === undefined) return renameFirstCut(trx, brandId);
  await trx
    .insertInto('vendor_game_types')
    .values({ vendor_id: vendor.id, game_type: 'LIVE', sort: 0 })
    .execute();
  await trx
    .insertInto('games')
    .values(
      DEMO_LIVE_TABLES.map((table, sort) => {
        const range = rangeOf(LIVE_LIMITS[table.kind]);
        return {
          brand_id: brandId,
          vendor_id: vendor.id,
          game_type: 'LIVE',
          game_code: table.code,
          names: JSON.stringify(table.name),
          icon_url: liveTableIconUrl(table.kind),
          min_bet_minor: range.min,
          max_bet_minor: range.max,
          game_classify: null,
          sort,
        };
      }),
    )
    .execute();
  const tables = await trx
    .insertInto('live_tables')
    .values(
      DEMO_LIVE_TABLES.map((table, sort) => ({
        brand_id: brandId,
        code: table.code,
        kind: table.kind,
        name: JSON.stringify(table.name),
        limits: JSON.stringify(LIVE_LIMITS[table.kind]),
        betting_ms: 15_000,
        closed_ms: 2_000,
        dealing_ms: DEALING_MS[table.kind],
        result_ms: 4_000,
        sort,
      })),
    )
    // The vendor may have been removed and seeded again while its tables stayed: they are kept.
    .onConflict((conflict) => conflict.columns(['brand_id', 'code']).doNothing())
    .returning('id')
    .execute();
  return 2 + DEMO_LIVE_TABLES.length + tables.length;
}
