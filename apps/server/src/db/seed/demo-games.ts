import { randomBytes } from 'node:crypto';
import { FISHING_TITLES } from '@lotus/games/fishing/titles';
import type { GameType } from '@lotus/shared/catalogue.schema';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { LocalisedText } from '../tables/catalogue.ts';
import type { LaneSource } from '../tables/games.ts';

/**
 * The demo brand's games: the in-house studio LOTUS (docs/games-contract.md "In-house vendor") with its
 * five titles, and the home lanes. The limits and paylines are those of packages/games (slots 100..10000
 * minor with 20 / 10 / 5 lines, roulette 1000..500000, dragon tiger 1000..1000000). Every title offers a
 * free trial (supportPlay 0, SPEC §2). Game ids are identity columns: nothing here depends on them.
 */

/** The in-house studio's vendor code (seeded by demo-catalogue.ts). */
export const INHOUSE_VASSALAGE = 'LOTUS';
/** Where the studio's game screens open: the web app's /originals/play route, in the game pop-up. */
export const INHOUSE_LAUNCH_URL = '/originals/play';

type GameSeed = {
  gameCode: string;
  gameType: GameType;
  names: LocalisedText;
  isHot: boolean;
  isNew: boolean;
  minBetMinor: bigint;
  maxBetMinor: bigint;
  minLineNum: number;
};

const SLOT_LIMITS = { minBetMinor: 100n, maxBetMinor: 10_000n } as const;

export const DEMO_GAMES: GameSeed[] = [
  {
    gameCode: 'lotus-fortune',
    gameType: 'RNG',
    names: { EN: 'Lotus Fortune', HI: 'लोटस फ़ॉर्च्यून' },
    isHot: true,
    isNew: false,
    ...SLOT_LIMITS,
    minLineNum: 20,
  },
  {
    gameCode: 'tiger-temple',
    gameType: 'RNG',
    names: { EN: 'Tiger Temple', HI: 'टाइगर टेम्पल' },
    isHot: false,
    isNew: true,
    ...SLOT_LIMITS,
    minLineNum: 10,
  },
  {
    gameCode: 'monsoon-gems',
    gameType: 'RNG',
    names: { EN: 'Monsoon Gems', HI: 'मानसून जेम्स' },
    isHot: false,
    isNew: true,
    ...SLOT_LIMITS,
    minLineNum: 5,
  },
  {
    gameCode: 'european-roulette',
    gameType: 'TG',
    names: { EN: 'European Roulette', HI: 'यूरोपियन रूलेट' },
    isHot: true,
    isNew: false,
    minBetMinor: 1_000n,
    maxBetMinor: 500_000n,
    minLineNum: 0,
  },
  {
    gameCode: 'dragon-tiger',
    gameType: 'PVP',
    names: { EN: 'Dragon Tiger', HI: 'ड्रैगन टाइगर' },
    isHot: false,
    isNew: false,
    minBetMinor: 1_000n,
    maxBetMinor: 1_000_000n,
    minLineNum: 0,
  },
  // The fishing titles (docs/fishing.md "Titles"): names and bullet range from the maths' own table.
  ...Object.values(FISHING_TITLES).map(
    (title, i): GameSeed => ({
      gameCode: title.code,
      gameType: 'FISH',
      names: { EN: title.names.en, HI: title.names.hi },
      isHot: i === 0,
      isNew: true,
      minBetMinor: title.bulletsMinor[0] ?? 0n,
      maxBetMinor: title.bulletsMinor.at(-1) ?? 0n,
      minLineNum: 0,
    }),
  ),
];

type LaneSeed = {
  title: LocalisedText;
  source: LaneSource;
  gameType?: GameType;
};

export const DEMO_LANES: LaneSeed[] = [
  { title: { EN: 'Hot games', HI: 'लोकप्रिय गेम' }, source: 'hot' },
  { title: { EN: 'New games', HI: 'नए गेम' }, source: 'new' },
  { title: { EN: 'Slots', HI: 'स्लॉट्स' }, source: 'type', gameType: 'RNG' },
  { title: { EN: 'Table games', HI: 'टेबल गेम' }, source: 'type', gameType: 'TG' },
  { title: { EN: 'Card games', HI: 'कार्ड गेम' }, source: 'type', gameType: 'PVP' },
];

/**
 * Adds the missing demo games and lanes (inside the seed's transaction: pass `trx`); returns rows added or
 * changed. Additive like every seed, with one upgrade: a LOTUS vendor still as the catalogue slice left it
 * (external, no launch URL, under maintenance until its games existed) becomes the in-house studio with a
 * fresh wallet secret. Once upgraded it is never touched again, so an operator's later change survives.
 */
export async function seedDemoGames(trx: Kysely<Database>, brandId: bigint): Promise<number> {
  let rowsAdded = 0;
  const vendor = await trx
    .selectFrom('vendors')
    .select(['id', 'integration', 'launch_url'])
    .where('brand_id', '=', brandId)
    .where('vassalage', '=', INHOUSE_VASSALAGE)
    .executeTakeFirst();
  // An operator who removed the studio removed its games too.
  if (!vendor) return 0;

  if (vendor.integration === 'external' && vendor.launch_url === null) {
    await trx
      .updateTable('vendors')
      .set({
        integration: 'inhouse',
        launch_url: INHOUSE_LAUNCH_URL,
        // The HMAC key of the seamless-wallet protocol (docs/vendor-protocol.md); never leaves the server.
        wallet_secret: randomBytes(32).toString('hex'),
        maintenance: false,
      })
      .where('id', '=', vendor.id)
      .execute();
    rowsAdded += 1;
  }

  const games = await trx
    .insertInto('games')
    .values(
      DEMO_GAMES.map((game, index) => ({
        brand_id: brandId,
        vendor_id: vendor.id,
        game_type: game.gameType,
        game_code: game.gameCode,
        names: JSON.stringify(game.names),
        // Served by the web app (apps/web/public/brand/games/).
        icon_url: `/brand/games/${game.gameCode}.svg`,
        support_play: 0,
        is_hot: game.isHot,
        is_new: game.isNew,
        min_bet_minor: game.minBetMinor,
        max_bet_minor: game.maxBetMinor,
        min_line_num: game.minLineNum,
        sort: index,
      })),
    )
    .onConflict((conflict) => conflict.columns(['vendor_id', 'game_code']).doNothing())
    .executeTakeFirst();
  rowsAdded += Number(games.numInsertedOrUpdatedRows ?? 0n);

  // Lanes have no natural key (two lanes may show one type), so they are seeded only into a brand that has
  // none: an operator's own lanes are never joined by the demo ones.
  const hasLanes = await trx
    .selectFrom('game_lanes')
    .select('id')
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (!hasLanes) {
    const lanes = await trx
      .insertInto('game_lanes')
      .values(
        DEMO_LANES.map((lane, index) => ({
          brand_id: brandId,
          title: JSON.stringify(lane.title),
          source: lane.source,
          game_type: lane.gameType ?? null,
          sort: index,
        })),
      )
      .executeTakeFirst();
    rowsAdded += Number(lanes.numInsertedOrUpdatedRows ?? 0n);
  }
  return rowsAdded;
}
