/**
 * Category rules the header and pages share (SPEC §2 "Header": the /rng entry's label, which categories
 * show, their pages).
 */

function supports(supportedLanguages: readonly string[], code: string): boolean {
  return supportedLanguages.some((language) => language.toUpperCase() === code);
}

/** SPEC §2: "The /rng entry is labelled casino when the PT language is supported, otherwise slots". */
export function rngLabelKey(supportedLanguages: readonly string[]): 'nav.casino' | 'nav.slots' {
  return supports(supportedLanguages, 'PT') ? 'nav.casino' : 'nav.slots';
}

/** What the label rules need to know of a game_menus category. */
export type LabelledCategory = { key: string; labelKey: string };

/**
 * The i18n key (with its namespace) of a nav category's label. The server names the label in the
 * `catalogue` namespace; the slots category follows the PT rule above instead.
 */
export function categoryLabelKey(category: LabelledCategory, supportedLanguages: readonly string[]): string {
  if (category.key === 'RNG') return `common:${rngLabelKey(supportedLanguages)}`;
  return category.labelKey.includes(':') ? category.labelKey : `catalogue:${category.labelKey}`;
}

/** SPEC §2: "Bingo category is shown only if supported languages include TY". Every other one shows. */
export function isCategoryShown(category: { key: string }, supportedLanguages: readonly string[]): boolean {
  return category.key !== 'BG' || supports(supportedLanguages, 'TY');
}

/** The paths that all show the home page (SPEC §2 route table). */
export const HOME_PATHS = ['/', '/index', '/index.html', '/home'] as const;

/** The promotions centre, the nav bar's last entry. */
export const PROMO_PATH = '/promotions';

/** Lower-cased and without a trailing slash, so '/Home/' and '/home' compare equal (routes ignore case). */
export function normalisePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}
