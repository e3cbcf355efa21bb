import type { GameMenuCategory, GameMenuVendor } from '@lotus/shared/catalogue.schema';

/**
 * The vendor tabs of a games page (SPEC §2 "/rng, /fish, /pvp: optional query page selects vendor tab"):
 * the vendors game_menus lists under categories of that game type, in menu order, each once.
 */
export function vendorsOfType(categories: readonly GameMenuCategory[], gameType: string): GameMenuVendor[] {
  const seen = new Set<string>();
  const vendors: GameMenuVendor[] = [];
  for (const category of categories) {
    if (category.gameType !== gameType) continue;
    for (const vendor of category.vendors) {
      if (seen.has(vendor.vassalage)) continue;
      seen.add(vendor.vassalage);
      vendors.push(vendor);
    }
  }
  return vendors;
}
