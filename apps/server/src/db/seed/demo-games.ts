import { randomBytes } from 'node:crypto';
import { INHOUSE_GAMES } from '@lotus/games/play';
import { studioSlotTitle } from '@lotus/games/slots/studio-slots';
import type { InHouseGameCode } from '@lotus/games/types';
import type { GameType } from '@lotus/shared/catalogue.schema';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { LocalisedText } from '../tables/catalogue.ts';
import type { LaneSource } from '../tables/games.ts';

/**
 * The demo brand's games: the in-house studio LOTUS (docs/games-contract.md "In-house vendor") with its
 * fourteen titles (issue 22: nine slots, three table games, two card games), and the home lanes. Every
 * title offers a free trial (supportPlay 0, SPEC §2). Game ids are identity columns: nothing depends on them.
 */

/** The classify of the jackpot slots: the brand's JP rule and the /jp page list games of it. */
export const JACKPOT_CLASSIFY = 'JACKPOT';

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
  /** JACKPOT for the jackpot slots (listed on /jp; the demo jackpot covers them: demo-jackpot.ts). */
  gameClassify: string | null;
};

/** The lobby's flags, the one thing the maths does not say: which titles the demo shows as hot or new. */
const FLAGS: Partial<Record<InHouseGameCode, { isHot?: boolean; isNew?: boolean }>> = {
  'lotus-fortune': { isHot: true },
  'tiger-temple': { isNew: true },
  'monsoon-gems': { isNew: true },
  'european-roulette': { isHot: true },
  'golden-diya': { isHot: true, isNew: true },
  'lakshmi-coins': { isNew: true },
  'holi-cascade': { isNew: true },
  'maharani-1024': { isNew: true },
  'andar-bahar': { isHot: true, isNew: true },
  'sic-bo': { isNew: true },
  baccarat: { isNew: true },
  'ocean-king': { isHot: true, isNew: true },
  'lotus-reef': { isNew: true },
  'deep-sea-hunt': { isNew: true },
};

/** Paylines of a line slot; the ways of the others (243 on 5×3, 1,024 on 5×4); 0 for table games. */
function linesOf(code: InHouseGameCode): number {
  const title = studioSlotTitle(code);
  if (!title) return 0;
  return (title.mechanic ?? 'lines') === 'lines' ? title.paylines.length : title.rows ** title.reels.length;
}

/**
 * Every studio game (packages/games play.ts INHOUSE_GAMES, in its order): names, type, limits, lines and
 * the jackpot flag come from the maths package, so the catalogue cannot drift from what the studio plays.
 */
export const DEMO_GAMES: GameSeed[] = Object.values(INHOUSE_GAMES).map((game) => ({
  gameCode: game.code,
  gameType: game.gameType,
  names: { EN: game.names.en, HI: game.names.hi },
  isHot: FLAGS[game.code]?.isHot ?? false,
  isNew: FLAGS[game.code]?.isNew ?? false,
  minBetMinor: BigInt(game.minBetMinor),
  maxBetMinor: BigInt(game.maxBetMinor),
  minLineNum: linesOf(game.code),
  gameClassify: game.jackpot ? JACKPOT_CLASSIFY : null,
}));

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
        game_classify: game.gameClassify,
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
