import { randomBytes } from 'node:crypto';
import { PVP_VENDOR_CODE } from '@lotus/shared/pvp.schema';
import { encodeState } from '../../modules/pvp-rooms/pvp-codec.ts';
import { gameKindOf, type PvpRoomConfig, storedConfigOf } from '../../modules/pvp-rooms/pvp-game-kinds.ts';
import type { Tx } from '../unit-of-work.ts';

/**
 * The demo brand's PVP rooms (docs/pvp.md "Server"): vendor PVP (in-house, "Lotus Cards", its own wallet
 * secret) with one catalogue game, Teen Patti, and three tables at different stakes. Additive: a brand that
 * already has the vendor is left as it is.
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

/** ₹1 / ₹10 / ₹100 boots; buy-in 20–500 boots; chaal limit 128 boots; pot limit 1,024 boots; rake 5 %. */
function stakesOf(bootMinor: bigint): PvpRoomConfig {
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

export const DEMO_PVP_ROOMS = [
  { code: 'tp-bronze', names: { EN: 'Teen Patti · Bronze', HI: 'तीन पत्ती · कांस्य' }, bootMinor: 100n },
  { code: 'tp-silver', names: { EN: 'Teen Patti · Silver', HI: 'तीन पत्ती · रजत' }, bootMinor: 1_000n },
  { code: 'tp-gold', names: { EN: 'Teen Patti · Gold', HI: 'तीन पत्ती · स्वर्ण' }, bootMinor: 10_000n },
] as const;

/** Rooms of one kind for a brand's game (also the tests' start). Answers how many were added. */
export async function seedPvpRooms(
  trx: Tx,
  brandId: bigint,
  gameId: bigint,
  rooms: readonly { code: string; names: { EN: string; HI: string }; bootMinor: bigint }[],
): Promise<number> {
  const kind = gameKindOf('teen-patti');
  const added = await trx
    .insertInto('pvp_rooms')
    .values(
      rooms.map((room, sort) => {
        const config = stakesOf(room.bootMinor);
        return {
          brand_id: brandId,
          code: room.code,
          game_kind: 'teen-patti' as const,
          game_id: gameId,
          names: JSON.stringify(room.names),
          config: JSON.stringify(storedConfigOf(config)),
          state: encodeState(kind.createTable(config)),
          sort,
        };
      }),
    )
    .onConflict((conflict) => conflict.columns(['brand_id', 'code']).doNothing())
    .returning('id')
    .execute();
  return added.length;
}

export async function seedDemoPvp(trx: Tx, brandId: bigint): Promise<number> {
  const vendor = await trx
    .insertInto('vendors')
    // The wallet secret is the HMAC key of the seamless-wallet protocol (docs/vendor-protocol.md).
    .values({ ...PVP_VENDOR, brand_id: brandId, wallet_secret: randomBytes(32).toString('hex') })
    .onConflict((conflict) => conflict.columns(['brand_id', 'vassalage']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (vendor === undefined) return 0;
  await trx
    .insertInto('vendor_game_types')
    .values({ vendor_id: vendor.id, game_type: 'PVP', sort: 0 })
    .execute();
  const game = await trx
    .insertInto('games')
    .values({
      brand_id: brandId,
      vendor_id: vendor.id,
      game_type: 'PVP',
      game_code: TEEN_PATTI_GAME_CODE,
      names: JSON.stringify({ EN: 'Teen Patti', HI: 'तीन पत्ती' }),
      icon_url: null,
      min_bet_minor: DEMO_PVP_ROOMS[0].bootMinor,
      max_bet_minor: DEMO_PVP_ROOMS[2].bootMinor * 128n,
      game_classify: null,
      sort: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return 3 + (await seedPvpRooms(trx, brandId, game.id, DEMO_PVP_ROOMS));
}
