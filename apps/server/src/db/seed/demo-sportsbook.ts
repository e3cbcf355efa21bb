import { randomBytes } from 'node:crypto';
import { SPORTSBOOK_VENDOR_CODE } from '@lotus/shared/sportsbook.schema';
import { DEMO_COMPETITIONS } from '../../modules/sportsbook/sports-fixtures-catalogue.ts';
import { SportsbookFeedRepository } from '../../modules/sportsbook/sportsbook-feed.repository.ts';
import { FIXTURES_HORIZON_MS, insertFixtures } from '../../modules/sportsbook/sportsbook-feed.service.ts';
import { sportsFeeds } from '../../modules/sportsbook/sportsbook-feed-part.ts';
import type { Tx } from '../unit-of-work.ts';

/**
 * The demo brand's sportsbook (docs/sportsbook.md "Demo"): vendor SPORTSBOOK (in-house, "Lotus Sports",
 * its own wallet secret) in the SPORTS, ESPORTS and COCKFIGHT categories with one catalogue game each (the
 * header's nav shows the categories), the demo competitions (fictional sides), and the calendar filled once
 * as the `sports.fixtures` job would, so a fresh site has events live and to come at once (the feed job
 * plays the live ones from their start within its first seconds). Additive: a brand that already has the
 * vendor is left as it is.
 */

/** ₹10 – ₹20,000 a bet (minor units), as the catalogue shows the book's games. */
const MIN_BET_MINOR = 1_000n;
const MAX_BET_MINOR = 2_000_000n;

export const DEMO_SPORTS_GAMES = [
  { code: 'sports', gameType: 'SPORTS', names: { EN: 'Sportsbook', HI: 'स्पोर्ट्सबुक' } },
  { code: 'esports', gameType: 'ESPORTS', names: { EN: 'E-sports', HI: 'ई-स्पोर्ट्स' } },
  { code: 'cockfight', gameType: 'COCKFIGHT', names: { EN: 'Cockfight Arena', HI: 'मुर्गा लड़ाई एरीना' } },
] as const;

/** The demo competitions of one brand (also the tests' start). Answers how many rows were added. */
export async function seedSportsCompetitions(trx: Tx, brandId: bigint): Promise<number> {
  const rows = await trx
    .insertInto('sb_competitions')
    .values(
      DEMO_COMPETITIONS.map((competition, sort) => ({
        brand_id: brandId,
        sport: competition.sport,
        code: competition.code,
        name: JSON.stringify(competition.name),
        country: competition.country,
        sort,
      })),
    )
    .onConflict((conflict) => conflict.columns(['brand_id', 'code']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

export async function seedDemoSportsbook(trx: Tx, brandId: bigint, now = new Date()): Promise<number> {
  const vendor = await trx
    .insertInto('vendors')
    .values({
      brand_id: brandId,
      vassalage: SPORTSBOOK_VENDOR_CODE,
      display_name: JSON.stringify({ EN: 'Lotus Sports', HI: 'लोटस स्पोर्ट्स' }),
      logo_url: '/brand/vendors/lotus.svg',
      is_game: 'LOBBY',
      maintenance: false,
      category_tags: [],
      sort: 2,
      integration: 'inhouse',
      launch_url: '/sports',
      // The HMAC key of the seamless-wallet protocol (docs/vendor-protocol.md); never leaves the server.
      wallet_secret: randomBytes(32).toString('hex'),
    })
    .onConflict((conflict) => conflict.columns(['brand_id', 'vassalage']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!vendor) return 0;
  let rows = 1;
  await trx
    .insertInto('vendor_game_types')
    .values(DEMO_SPORTS_GAMES.map((game, sort) => ({ vendor_id: vendor.id, game_type: game.gameType, sort })))
    .execute();
  rows += DEMO_SPORTS_GAMES.length;
  await trx
    .insertInto('games')
    .values(
      DEMO_SPORTS_GAMES.map((game, sort) => ({
        brand_id: brandId,
        vendor_id: vendor.id,
        game_type: game.gameType,
        game_code: game.code,
        names: JSON.stringify(game.names),
        icon_url: null,
        min_bet_minor: MIN_BET_MINOR,
        max_bet_minor: MAX_BET_MINOR,
        game_classify: null,
        sort,
      })),
    )
    .execute();
  rows += DEMO_SPORTS_GAMES.length;
  rows += await seedSportsCompetitions(trx, brandId);
  const repo = new SportsbookFeedRepository(trx);
  for (const feed of sportsFeeds()) {
    const fixtures = await feed.fixtures(now, new Date(now.getTime() + FIXTURES_HORIZON_MS));
    rows += (await insertFixtures(repo, fixtures, now, brandId)).length;
  }
  return rows;
}
