import type { GameMenuCategory, GameMenuVendor } from '@lotus/shared/catalogue.schema';
import {
  categoryLabelKey,
  HOME_PATHS,
  isCategoryShown,
  normalisePath,
  PROMO_PATH,
} from '../../../lib/categories.ts';

/** An entry of the bottom nav bar: `page` decides the highlight, `to` is where the link goes. */
export type NavEntry = { key: string; page: string; to: string; labelKey: string; icon: string };

export type NavCategoryEntry = NavEntry & { vendors: readonly GameMenuVendor[] };

export const HOME_ENTRY: NavEntry = { key: 'home', page: '/', to: '/', labelKey: 'nav.home', icon: 'home' };
export const PROMO_ENTRY: NavEntry = {
  key: 'promo',
  page: PROMO_PATH,
  to: PROMO_PATH,
  labelKey: 'nav.promo',
  icon: 'promo',
};

/**
 * SPEC §2 bottom nav bar, between Home and Promo: one entry per category of game_menus (the server sends
 * only categories with vendors), Bingo only with TY, /rng labelled by the PT rule. A category whose page
 * needs a player (`auth`) sends a visitor to log in instead.
 */
export function buildCategoryEntries(
  categories: readonly GameMenuCategory[],
  { supportedLanguages, loggedIn }: { supportedLanguages: readonly string[]; loggedIn: boolean },
): NavCategoryEntry[] {
  return categories
    .filter((category) => category.vendors.length > 0 && isCategoryShown(category, supportedLanguages))
    .map((category) => ({
      key: category.key,
      page: category.page,
      to: category.auth && !loggedIn ? '/login' : category.page,
      labelKey: categoryLabelKey(category, supportedLanguages),
      icon: category.icon,
      vendors: category.vendors,
    }));
}

function isOnPage(page: string, path: string): boolean {
  if (page === '/') return (HOME_PATHS as readonly string[]).includes(path);
  return path === normalisePath(page);
}

/**
 * SPEC §2: "A nav item is highlighted when the route equals its page" (home has four paths). When two
 * entries share a page (a brand-rule category keeps its source's page), the first one is highlighted.
 */
export function activeNavKey(entries: readonly NavEntry[], pathname: string): string | null {
  const path = normalisePath(pathname);
  return entries.find((entry) => isOnPage(entry.page, path))?.key ?? null;
}
