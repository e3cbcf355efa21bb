import type { GameMenuCategory } from '@lotus/shared/catalogue.schema';
import { describe, expect, it } from 'vitest';
import { activeNavKey, buildCategoryEntries, HOME_ENTRY, PROMO_ENTRY } from './nav-entries.ts';

const lotus = {
  vassalage: 'LOTUS',
  displayName: 'Lotus Originals',
  logoUrl: '/brand/vendors/lotus.svg',
  gameType: 'RNG',
  isGame: 'LOBBY' as const,
  maintenance: true,
};

const category = (
  key: string,
  page: string,
  overrides: Partial<GameMenuCategory> = {},
): GameMenuCategory => ({
  key,
  labelKey: `category.${key.toLowerCase()}`,
  gameType: key,
  icon: key.toLowerCase(),
  page,
  banner: null,
  auth: false,
  vendors: [{ ...lotus, gameType: key }],
  ...overrides,
});

const MENUS = [
  category('RNG', '/rng', { labelKey: 'category.slots' }),
  category('PVP', '/pvp', { labelKey: 'category.cards' }),
  category('TG', '/roulette', { labelKey: 'category.tableGames' }),
  category('JP', '/jp', { labelKey: 'category.jackpot' }),
  category('AC', '/arcade', { labelKey: 'category.arcade' }),
  category('BG', '/bingo', { labelKey: 'category.bingo' }),
];

const visitor = { supportedLanguages: ['EN', 'HI'], loggedIn: false };

describe('nav category entries', () => {
  it('lists the categories in the order given, with their pages and labels', () => {
    const entries = buildCategoryEntries(MENUS, visitor);
    expect(entries.map((entry) => [entry.key, entry.to, entry.labelKey])).toEqual([
      ['RNG', '/rng', 'common:nav.slots'],
      ['PVP', '/pvp', 'catalogue:category.cards'],
      ['TG', '/roulette', 'catalogue:category.tableGames'],
      ['JP', '/jp', 'catalogue:category.jackpot'],
      ['AC', '/arcade', 'catalogue:category.arcade'],
    ]);
    expect(entries[0]?.vendors).toEqual(MENUS[0]?.vendors);
    expect(entries.map((entry) => entry.icon)).toEqual(['rng', 'pvp', 'tg', 'jp', 'ac']);
  });

  it('labels /rng Casino when Portuguese is supported', () => {
    const [rng] = buildCategoryEntries(MENUS, { ...visitor, supportedLanguages: ['EN', 'PT'] });
    expect(rng?.labelKey).toBe('common:nav.casino');
  });

  it('shows Bingo only when Tagalog (TY) is supported', () => {
    expect(buildCategoryEntries(MENUS, visitor).map((entry) => entry.key)).not.toContain('BG');
    const withTy = buildCategoryEntries(MENUS, { ...visitor, supportedLanguages: ['EN', 'TY'] });
    expect(withTy.at(-1)).toMatchObject({ key: 'BG', labelKey: 'catalogue:category.bingo' });
  });

  it('leaves out a category without vendors', () => {
    const entries = buildCategoryEntries([category('LIVE', '/live', { vendors: [] }), ...MENUS], visitor);
    expect(entries[0]?.key).toBe('RNG');
  });

  it('sends a visitor to log in for a category whose page needs a player, a player to the page', () => {
    const menus = [category('LOTT', '/lott', { auth: true })];
    expect(buildCategoryEntries(menus, visitor)[0]).toMatchObject({ to: '/login', page: '/lott' });
    expect(buildCategoryEntries(menus, { ...visitor, loggedIn: true })[0]).toMatchObject({ to: '/lott' });
  });
});

describe('nav highlight', () => {
  const entries = [HOME_ENTRY, ...buildCategoryEntries(MENUS, visitor), PROMO_ENTRY];

  it('highlights Home on every home path', () => {
    for (const path of ['/', '/index', '/index.html', '/home', '/HOME/']) {
      expect(activeNavKey(entries, path)).toBe('home');
    }
  });

  it('highlights the entry whose page equals the route, and nothing elsewhere', () => {
    expect(activeNavKey(entries, '/rng')).toBe('RNG');
    expect(activeNavKey(entries, '/Roulette/')).toBe('TG');
    expect(activeNavKey(entries, '/promotions')).toBe('promo');
    expect(activeNavKey(entries, '/rng/extra')).toBeNull();
    expect(activeNavKey(entries, '/noticePage')).toBeNull();
  });

  it('highlights the first of two entries sharing a page', () => {
    const inHouse = { ...HOME_ENTRY, key: 'INHOUSE', page: '/rng', to: '/rng' };
    expect(activeNavKey([HOME_ENTRY, ...entries.slice(1), inHouse], '/rng')).toBe('RNG');
  });

  it('highlights by page even when a visitor is sent to log in', () => {
    const lott = buildCategoryEntries([category('LOTT', '/lott', { auth: true })], visitor);
    expect(activeNavKey(lott, '/lott')).toBe('LOTT');
    expect(activeNavKey(lott, '/login')).toBeNull();
  });
});
