import { HOME_PATHS, normalisePath, rngLabelKey } from '../../../lib/categories.ts';

export type NavEntry = { key: string; to: string; labelKey: string };

/**
 * The bottom nav bar: Home, one entry per category, Promo (SPEC §2). Vendor drop-downs and hiding
 * categories without vendors arrive with the games issue, which owns the vendor list.
 */
export function buildNavEntries(supportedLanguages: readonly string[]): NavEntry[] {
  return [
    { key: 'home', to: '/', labelKey: 'nav.home' },
    { key: 'live', to: '/live', labelKey: 'nav.live' },
    { key: 'rng', to: '/rng', labelKey: rngLabelKey(supportedLanguages) },
    { key: 'fish', to: '/fish', labelKey: 'nav.fish' },
    { key: 'pvp', to: '/pvp', labelKey: 'nav.pvp' },
    { key: 'sports', to: '/sports', labelKey: 'nav.sports' },
    { key: 'esports', to: '/esports', labelKey: 'nav.esports' },
    { key: 'lott', to: '/lott', labelKey: 'nav.lottery' },
    { key: 'cockfight', to: '/cockfight', labelKey: 'nav.cockfight' },
    { key: 'promo', to: '/promotions', labelKey: 'nav.promo' },
  ];
}

/** SPEC §2: "A nav item is highlighted when the route equals its page" (home has four paths). */
export function isNavEntryActive(entry: NavEntry, pathname: string): boolean {
  const path = normalisePath(pathname);
  if (entry.to === '/') return (HOME_PATHS as readonly string[]).includes(path);
  return path === normalisePath(entry.to);
}
