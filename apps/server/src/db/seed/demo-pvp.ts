import { randomBytes } from 'node:crypto';
import type { RummyConfig } from '@lotus/games/pvp/rummy-table';
import type { TeenPattiConfig } from '@lotus/games/pvp/teen-patti-table';
import { PVP_VENDOR_CODE, type PvpGameKind } from '@lotus/shared/pvp.schema';
import { encodeState } from '../../modules/pvp-rooms/pvp-codec.ts';
import { gameKindOf } from '../../modules/pvp-rooms/pvp-game-kinds.ts';
import { RUMMY_DEFAULT_MAX_MISSED_TURNS, storedRummyConfig } from '../../modules/pvp-rooms/rummy-kind.ts';
import { storedTeenPattiConfig } from '../../modules/pvp-rooms/teen-patti-kind.ts';
import type { Tx } from '../unit-of-work.ts';

/**
 * The demo brand's PVP rooms (docs/pvp.md "Server"): vendor PVP (in-house, "Lotus Cards", its own wallet
 * secret) with two catalogue games, Teen Patti (three tables) and Points Rummy (two). Additive: a brand that
 * already has the vendor keeps it as it is; a game missing from it (Rummy, on a database seeded before it)
 * is added with its rooms.
 */

const PVP_VENDOR = {
  vassalage: PVP_VENDOR_CODE,
  integration: 'inhouse',
  launch_url: '/pvp',
  display_name: JSON.stringify({ EN: 'Lotus Cards', HI: 'लोटस कार्ड्स' }),
  logo_url: '/brand/vendors/lotus.svg',
  is_game: 'LOBBY',
  sort: 3,
  maintenance: false,
  category_tags: [] as string[],
} as const;

export const TEEN_PATTI_GAME_CODE = 'teen-patti';
export const RUMMY_GAME_CODE = 'rummy';

/** ₹1 / ₹10 / ₹100 boots; buy-in 20–500 boots; chaal limit 128 boots; pot limit 1,024 boots; rake 5 %. */
function teenPattiStakes(bootMinor: bigint): TeenPattiConfig {
  return {
    seats: 5,
    bootMinor,
    minBuyInMinor: bootMinor * 20n,
    maxBuyInMinor: bootMinor * 500n,
    maxStakeMinor: bootMinor * 128n,
    potLimitMinor: bootMinor * 1024n,
    rakeBps: 500,
    rakeCapMinor: bootMinor * 20n,
  };
}

/**
 * A point worth ₹0.10 / ₹1: the hold (80 points) is ₹8 / ₹80; buy-in 1–25 holds; six seats; rake 10 % of the
 * winnings, capped at two holds; the clock drops a player at the third missed turn in a row.
 */
function rummyStakes(pointValueMinor: bigint): RummyConfig {
  const hold = pointValueMinor * 80n;
  return {
    seats: 6,
    pointValueMinor,
    minBuyInMinor: hold,
    maxBuyInMinor: hold * 25n,
    rakeBps: 1_000,
    rakeCapMinor: hold * 2n,
    maxMissedTurns: RUMMY_DEFAULT_MAX_MISSED_TURNS,
  };
}

type DemoRoom = { code: string; names: { EN: string; HI: string }; config: Record<string, string | number> };

const teenPattiRoom = (code: string, names: DemoRoom['names'], bootMinor: bigint): DemoRoom => ({
  code,
  names,
  config: storedTeenPattiConfig(teenPattiStakes(bootMinor)),
});
const rummyRoom = (code: string, names: DemoRoom['names'], pointValueMinor: bigint): DemoRoom => ({
  code,
  names,
  config: storedRummyConfig(rummyStakes(pointValueMinor)),
});

export const DEMO_PVP_ROOMS = [
  teenPattiRoom('tp-bronze', { EN: 'Teen Patti · Bronze', HI: 'तीन पत्ती · कांस्य' }, 100n),
  teenPattiRoom('tp-silver', { EN: 'Teen Patti · Silver', HI: 'तीन पत्ती · रजत' }, 1_000n),
  teenPattiRoom('tp-gold', { EN: 'Teen Patti · Gold', HI: 'तीन पत्ती · स्वर्ण' }, 10_000n),
];

export const DEMO_RUMMY_ROOMS = [
  rummyRoom('rm-bronze', { EN: 'Rummy · Bronze', HI: 'रमी · कांस्य' }, 10n),
  rummyRoom('rm-silver', { EN: 'Rummy · Silver', HI: 'रमी · रजत' }, 100n),
  rummyRoom('rm-gold', { EN: 'Rummy · Gold', HI: 'रमी · स्वर्ण' }, 1_000n),
];

/** The catalogue games of the PVP vendor: one per kind, with the rooms the demo gives it. */
const DEMO_PVP_GAMES: {
  kind: PvpGameKind;
  code: string;
  names: { EN: string; HI: string };
  minBetMinor: bigint;
  maxBetMinor: bigint;
  rooms: DemoRoom[];
  sort: number;
}[] = [
  {
    kind: 'teen-patti',
    code: TEEN_PATTI_GAME_CODE,
    names: { EN: 'Teen Patti', HI: 'तीन पत्ती' },
    minBetMinor: 100n,
    maxBetMinor: 10_000n * 128n,
    rooms: DEMO_PVP_ROOMS,
    sort: 0,
  },
  {
    kind: 'rummy',
    code: RUMMY_GAME_CODE,
    names: { EN: 'Rummy', HI: 'रमी' },
    // A point's value; the most lost in a hand is 80 points.
    minBetMinor: 10n,
    maxBetMinor: 100n * 80n,
    rooms: DEMO_RUMMY_ROOMS,
    sort: 1,
  },
];

/** Rooms of one kind for a brand's game (also the tests' start); after the rooms already there. */
export async function seedPvpRooms(
  trx: Tx,
  brandId: bigint,
  gameId: bigint,
  gameKind: PvpGameKind,
  rooms: readonly DemoRoom[],
  firstSort = 0,
): Promise<number> {
  const kind = gameKindOf(gameKind);
  const added = await trx
    .insertInto('pvp_rooms')
    .values(
      rooms.map((room, index) => ({
        brand_id: brandId,
        code: room.code,
        game_kind: gameKind,
        game_id: gameId,
        names: JSON.stringify(room.names),
        config: JSON.stringify(room.config),
        state: encodeState(kind.createTable(room.config)),
        sort: firstSort + index,
      })),
    )
    .onConflict((conflict) => conflict.columns(['brand_id', 'code']).doNothing())
    .returning('id')
    .execute();
  return added.length;
}

export async function seedDemoPvp(trx: Tx, brandId: bigint): Promise<number> {
  let added = 0;
  const inserted = await trx
    .insertInto('vendors')
    // The wallet secret is the HMAC key of the seamless-wallet protocol (docs/vendor-protocol.md).
    .values({ ...PVP_VENDOR, brand_id: brandId, wallet_secret: randomBytes(32).toString('hex') })
    .onConflict((conflict) => conflict.columns(['brand_id', 'vassalage']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    await trx
      .insertInto('vendor_game_types')
      .values({ vendor_id: inserted.id, game_type: 'PVP', sort: 0 })
      .execute();
    added += 2;
  }
  const vendor =
    inserted ??
    (await trx
      .selectFrom('vendors')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('vassalage', '=', PVP_VENDOR_CODE)
      .executeTakeFirstOrThrow());
  let firstSort = 0;
  for (const game of DEMO_PVP_GAMES) {
    const row = await trx
      .insertInto('games')
      .values({
        brand_id: brandId,
        vendor_id: vendor.id,
        game_type: 'PVP',
        game_code: game.code,
        names: JSON.stringify(game.names),
        icon_url: null,
        min_bet_minor: game.minBetMinor,
        max_bet_minor: game.maxBetMinor,
        game_classify: null,
        sort: game.sort,
      })
      .onConflict((conflict) => conflict.columns(['vendor_id', 'game_code']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // A game already there keeps its rooms as the operator left them.
    if (row) added += 1 + (await seedPvpRooms(trx, brandId, row.id, game.kind, game.rooms, firstSort));
    firstSort += game.rooms.length;
  }
  return added;
}
