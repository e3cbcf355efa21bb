import type { GameMenuCategory, GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { describe, expect, it } from 'vitest';
import { footerVendors } from './footer-vendors.ts';

const vendor = (vassalage: string, gameType: string): GameMenuVendor => ({
  vassalage,
  displayName: vassalage,
  logoUrl: null,
  gameType,
  isGame: 'GAME',
  maintenance: false,
});

const category = (key: string, page: string, vendors: GameMenuVendor[]): GameMenuCategory => ({
  key,
  labelKey: `category.${key}`,
  gameType: key,
  icon: 'slots',
  page,
  banner: null,
  auth: false,
  vendors,
});

describe('footer vendors', () => {
  it('lists each vendor once, linked to the first category it is in', () => {
    const rows = footerVendors([
      category('RNG', '/rng', [vendor('LOTUS', 'RNG'), vendor('B', 'RNG')]),
      category('PVP', '/pvp', [vendor('LOTUS', 'PVP'), vendor('C', 'PVP')]),
    ]);
    expect(rows.map((row) => [row.vendor.vassalage, row.page, row.vendor.gameType])).toEqual([
      ['LOTUS', '/rng', 'RNG'],
      ['B', '/rng', 'RNG'],
      ['C', '/pvp', 'PVP'],
    ]);
  });

  it('is empty without categories', () => {
    expect(footerVendors([])).toEqual([]);
  });
});
