import type { GameMenuCategory, GameMenuVendor } from '@lotus/shared/catalogue.schema';

export type FooterVendor = { vendor: GameMenuVendor; page: string };

/**
 * SPEC §2 footer "row of vendor logos": every vendor of the menu once (a vendor listed in several
 * categories is shown once), linking to the page of the first category it appears in.
 */
export function footerVendors(categories: readonly GameMenuCategory[]): FooterVendor[] {
  const seen = new Map<string, FooterVendor>();
  for (const category of categories) {
    for (const vendor of category.vendors) {
      if (!seen.has(vendor.vassalage)) seen.set(vendor.vassalage, { vendor, page: category.page });
    }
  }
  return [...seen.values()];
}
