/**
 * Category rules the header and pages share (SPEC §2 "The /rng entry is labelled casino when the PT
 * language is supported, otherwise slots").
 */
export function rngLabelKey(supportedLanguages: readonly string[]): 'nav.casino' | 'nav.slots' {
  return supportedLanguages.some((code) => code.toUpperCase() === 'PT') ? 'nav.casino' : 'nav.slots';
}

/** The paths that all show the home page (SPEC §2 route table). */
export const HOME_PATHS = ['/', '/index', '/index.html', '/home'] as const;

/** Lower-cased and without a trailing slash, so '/Home/' and '/home' compare equal (routes ignore case). */
export function normalisePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}
