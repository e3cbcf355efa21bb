import i18next, { type BackendModule, type i18n as I18nInstance, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Namespaces, one JSON file each per language under src/locales/<lng>/. */
export const NAMESPACES = [
  'common',
  'errors',
  'pages',
  'content',
  'feedback',
  'catalogue',
  'chrome',
  'auth',
  'register',
  'password',
  'validation',
  'oauth',
  'wallet',
  'memberCentre',
  'deposit',
  'withdrawal',
  'security',
  'games',
  'originals',
  'messages',
  'playerRank',
  'agents',
  'rewards',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * The namespaces the first screen shows (header, footer, side menu, home, start errors): the start
 * sequence awaits only these (issue 7 first-load budget; bench/web/first-load.mjs reads this list). The
 * others load right after the first render (loadAllNamespaces), and every page route and the account
 * dialogs await them before they show, so no text ever appears as its raw key.
 */
export const START_NAMESPACES = [
  'common',
  'errors',
  'pages',
  'content',
  'catalogue',
  'chrome',
  'validation',
  'wallet',
  'games',
] as const satisfies readonly Namespace[];

/** i18next codes are lower case; brand configuration and storage use upper case ('EN', 'HI'). */
export const FALLBACK_LANGUAGE = 'en';

// Catalogue codes that are not the ISO 639-1 code of their language (public/theme-init.js mirrors this).
const NON_ISO_CODES: Record<string, string> = { TW: 'zh-TW', TY: 'tl', TL: 'fil' };

export function toI18nLanguage(brandCode: string): string {
  const code = brandCode.trim().toUpperCase();
  return NON_ISO_CODES[code] ?? code.toLowerCase();
}

export function toBrandLanguage(i18nCode: string): string {
  const code = i18nCode.trim();
  const mapped = Object.entries(NON_ISO_CODES).find(([, iso]) => iso.toLowerCase() === code.toLowerCase());
  return mapped ? mapped[0] : code.toUpperCase();
}

// Each locale file becomes its own small chunk: only the language in use is downloaded, so adding a
// language or a namespace never grows the first page's bundle.
const localeLoaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeLoaders[`../locales/${language}/${namespace}.json`];
    // A catalogue language without translations yet: empty, so i18next falls back to English.
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n: I18nInstance = i18next.createInstance();

function reflectOnDocument(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}

/** Initialises once; later calls only switch language. Resolves when the language's texts are loaded. */
export async function initI18n(language: string): Promise<void> {
  if (i18n.isInitialized) {
    await i18n.changeLanguage(language);
    return;
  }
  i18n.on('languageChanged', reflectOnDocument);
  await i18n
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      ns: [...START_NAMESPACES],
      defaultNS: 'common',
      load: 'currentOnly',
      interpolation: { escapeValue: false }, // React already escapes.
      // The start sequence awaits the texts before rendering, so components never need to suspend;
      // a later language change keeps showing the old texts until the new ones arrive (no flash).
      react: { useSuspense: false },
      returnNull: false,
    });
  reflectOnDocument(i18n.language);
}

/**
 * Loads every namespace of the current language but MEMBER_NAMESPACES (those START_NAMESPACES left out). i18next adds them to
 * its list, so a later language change loads them too; namespaces already loaded are not fetched again.
 * Resolves even on a failed download: the texts then fall back to English or the key, as they would for any
 * missing text.
 */
export function loadAllNamespaces(): Promise<void> {
  return loadNamespaces(NAMESPACES.filter((name) => !isMemberNamespace(name)));
}

/**
 * Texts only a member's own screens show (member centre pages, player rank, agent centre). Page routes and
 * the idle load leave them out, so a visitor's pages never download them: each such screen names the ones
 * it shows and waits for them with its code (router.tsx `memberTexts`, the agent centre's lazy import).
 */
export const MEMBER_NAMESPACES = [
  'messages',
  'playerRank',
  'agents',
  'rewards',
] as const satisfies readonly Namespace[];

function isMemberNamespace(name: Namespace): boolean {
  return (MEMBER_NAMESPACES as readonly Namespace[]).includes(name);
}

/** Loads these namespaces of the current language; resolves even on a failed download (as above). */
export function loadNamespaces(names: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...names]).catch(() => undefined);
}
