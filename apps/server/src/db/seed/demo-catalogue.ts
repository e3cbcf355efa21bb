import type { GameType, VendorKind } from '@lotus/shared/catalogue.schema';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { LocalisedText } from '../tables/catalogue.ts';

/**
 * The demo brand's catalogue: only Lotus's own game studio. No third-party vendor is invented. Its games,
 * lanes and launch settings (in-house integration, launch URL, wallet secret) are seeded by demo-games.ts.
 * The game types themselves are reference data filled by migration 0003_catalogue.
 */

type VendorSeed = {
  vassalage: string;
  displayName: LocalisedText;
  logoUrl: string;
  isGame: VendorKind;
  maintenance: boolean;
  /** Rule categories it belongs to (the brand's INHOUSE rule, disabled in the demo, would pull it). */
  categoryTags: string[];
  gameTypes: GameType[];
  /** Classifications of its games per type (`vendor_game_types.game_classifies`, read by classify rules). */
  gameClassifies?: Partial<Record<GameType, string[]>>;
};

export const DEMO_VENDORS: VendorSeed[] = [
  {
    vassalage: 'LOTUS',
    displayName: { EN: 'Lotus Originals', HI: 'लोटस ओरिजिनल्स' },
    // Served by the web app (apps/web/public/brand/vendors/lotus.svg).
    logoUrl: '/brand/vendors/lotus.svg',
    // Slots and cards open on the site's own vendor pages; table games open the studio's lobby.
    isGame: 'LOBBY',
    maintenance: false,
    categoryTags: ['INHOUSE'],
    // Slots, fishing (its three titles: without this row the header had no Fishing entry although /fish
    // listed them), table games (roulette, sic bo, baccarat) and cards (dragon tiger, andar bahar).
    gameTypes: ['RNG', 'FISH', 'TG', 'PVP'],
    // Its jackpot slots (demo-games.ts JACKPOT_CLASSIFY): the brand's JP rule copies it to /jp.
    gameClassifies: { RNG: ['JACKPOT'] },
  },
];

/**
 * Adds the demo vendors that are missing to a brand (inside the seed's transaction: pass `trx`). Never
 * changes an existing vendor, so an operator's edit survives `npm run db:seed`. Returns rows added.
 */
export async function seedDemoCatalogue(trx: Kysely<Database>, brandId: bigint): Promise<number> {
  let rowsAdded = 0;
  for (const [index, seed] of DEMO_VENDORS.entries()) {
    const inserted = await trx
      .insertInto('vendors')
      .values({
        brand_id: brandId,
        vassalage: seed.vassalage,
        display_name: JSON.stringify(seed.displayName),
        logo_url: seed.logoUrl,
        is_game: seed.isGame,
        maintenance: seed.maintenance,
        category_tags: seed.categoryTags,
        sort: index,
      })
      .onConflict((conflict) => conflict.columns(['brand_id', 'vassalage']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // An existing vendor is the operator's: its game types are left as they are.
    if (!inserted) continue;
    rowsAdded += 1;
    const types = await trx
      .insertInto('vendor_game_types')
      .values(
        seed.gameTypes.map((gameType, sort) => ({
          vendor_id: inserted.id,
          game_type: gameType,
          sort,
          game_classifies: seed.gameClassifies?.[gameType] ?? [],
        })),
      )
      .executeTakeFirst();
    rowsAdded += Number(types.numInsertedOrUpdatedRows ?? 0n);
  }
  return rowsAdded;
}
