import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/**
 * What the games tests share: a vendor's game in the catalogue, and a launch session made as
 * GET /wps/game/launchGame makes one (the in-house studio and the wire protocol fixtures both need them).
 */

/** Inserts a game of the vendor unless it is there already (the catalogue seed may have made it). */
export async function ensureGame(
  db: Kysely<Database>,
  game: {
    brandId: bigint;
    vendorId: bigint;
    gameType: string;
    gameCode: string;
    names: Record<string, string>;
  },
): Promise<void> {
  await db
    .insertInto('games')
    .values({
      brand_id: game.brandId,
      vendor_id: game.vendorId,
      game_type: game.gameType,
      game_code: game.gameCode,
      names: JSON.stringify(game.names),
    })
    .onConflict((conflict) => conflict.columns(['vendor_id', 'game_code']).doNothing())
    .execute();
}

/** The id of the vendor's game `gameCode` (which must exist). */
export async function gameIdOf(db: Kysely<Database>, vendorId: bigint, gameCode: string): Promise<bigint> {
  const game = await db
    .selectFrom('games')
    .select('id')
    .where('vendor_id', '=', vendorId)
    .where('game_code', '=', gameCode)
    .executeTakeFirstOrThrow();
  return game.id;
}

/** A launch session of the member for the game, `minutes` long: the token (only its hash is stored). */
export async function insertLaunchSession(
  db: Kysely<Database>,
  session: { brandId: bigint; memberId: bigint; gameId: bigint; vendorId: bigint; minutes: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('game_launch_sessions')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      brand_id: session.brandId,
      member_id: session.memberId,
      game_id: session.gameId,
      vendor_id: session.vendorId,
      expires_at: new Date(Date.now() + session.minutes * 60_000),
    })
    .execute();
  return token;
}
