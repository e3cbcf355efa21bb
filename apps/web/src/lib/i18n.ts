/**
 * i18n-lite: the app's own small text lookup (issue 15), in place of i18next + react-i18next (18 kB gzip on
 * every first load). It keeps their conventions, so the locale files and every call site read the same:
 * one JSON file per namespace and language under src/locales/<lng>/, keys nested with `.`, a namespace
 * prefix with `:` (`t('errors:not_found')`), `{{name}}` interpolation (never escaped: React escapes),
 * plurals by `count` with Intl.PluralRules suffixes (`_one`, `_other`, `_zero` for 0 when present),
 * `defaultValue`, `ns`, and English as the fallback language. The React side is lib/i18n-react.tsx.
 */

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
  // Issue 20: lottery results, trends, the verify page's lottery mode and the home page's lottery widgets.
  'lotteryLive',
  'messages',
  'playerRank',
  'agents',
  'rewards',
  'protection',
  'points',
  // Issue 19: personal P/L.
  'loyalty',
  'raffles',
  'missions',
  // Issue 19: promotion applications (visitor pages) and bonus details.
  'bonuses',
  // Issue 20: the lottery lobby and game pages (visitors browse them).
  'lottery',
  // Issue 21: the sportsbook's pages (lobbies, event pages, bet slip, my bets, the arena).
  'sports',
  // Issue 22: the fishing screen (docs/fishing.md).
  'fishing',
  // Issue 22: the PVP card rooms (the room list on /pvp and the table).
  'pvp',
  // Issue 22: the live tables' lobby and table screens.
  'liveTables',
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

/** Codes are lower case here; brand configuration and storage use upper case ('EN', 'HI'). */
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

type Texts = { [key: string]: string | Texts };
export type TOptions = {
  ns?: string;
  count?: number;
  defaultValue?: string;
  [name: string]: unknown;
};
/** A text lookup bound to a namespace (the same call shape as i18next's `t`). */
export type TFunction = (key: string, options?: TOptions) => string;

// Each locale file becomes its own small chunk: only the language in use is downloaded, so adding a
// language or a namespace never grows the first page's bundle.
const localeLoaders = import.meta.glob<{ default: Texts }>('../locales/*/*.json');

const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi']);

type MissingKeyHandler = (language: string, namespace: string, key: string) => void;

class I18nLite {
  language = '';
  isInitialized = false;
  /** Called for a key found in neither the current nor the fallback language (unit tests fail on it). */
  onMissingKey: MissingKeyHandler | null = null;
  /** Every namespace asked for so far: a language change loads them all again in the new language. */
  private readonly wanted = new Set<string>();
  /** `<lng>/<ns>` → texts, once loaded (an empty object for a file that does not exist). */
  private readonly bundles = new Map<string, Texts>();
  private readonly loading = new Map<string, Promise<boolean>>();
  private readonly listeners = new Set<() => void>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();
  /** Bumped on every change (language, new texts): React reads it to know when to render again. */
  version = 0;

  readonly t: TFunction = (key, options) => this.translate('common', key, options);

  /** A `t` whose keys without a prefix look in `namespace`. */
  getFixedT(namespace: string): TFunction {
    return (key, options) => this.translate(namespace, key, options);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dir(language = this.language): 'ltr' | 'rtl' {
    return RTL_LANGUAGES.has(language.split('-')[0] ?? '') ? 'rtl' : 'ltr';
  }

  hasLoadedNamespace(namespace: string, language = this.language): boolean {
    return this.bundles.has(`${language}/${namespace}`);
  }

  /** Texts handed over already parsed (the HTML's inline first-screen texts): no download for them. */
  addBundle(language: string, namespace: string, texts: Texts): void {
    this.bundles.set(`${language}/${namespace}`, texts);
    this.changed();
  }

  /**
   * Whether English (always loaded first: the first screen's texts are inline in index.html) has this key, or
   * null when that namespace is not loaded here (tests, the prerender). The API client asks it whether an
   * envelope's message is an error code the site can say in words, so the error table (code → HTTP status)
   * stays out of the first page's bundle.
   */
  hasEnglishText(namespace: string, key: string): boolean | null {
    const texts = this.bundles.get(`${FALLBACK_LANGUAGE}/${namespace}`);
    return texts ? Object.hasOwn(texts, key) : null;
  }

  /** Names namespaces to load with the next language change (initI18n: before any language is set). */
  want(namespaces: readonly string[]): void {
    for (const namespace of namespaces) this.wanted.add(namespace);
  }

  /** Loads these namespaces of the current language (and of English, the fallback). */
  async loadNamespaces(namespaces: readonly string[]): Promise<void> {
    for (const namespace of namespaces) this.wanted.add(namespace);
    await this.loadFor(this.language, namespaces, true);
  }

  /** Loads every wanted namespace in `language`, then switches to it (the old texts show meanwhile). */
  async changeLanguage(language: string): Promise<void> {
    await this.loadFor(language, [...this.wanted], false).catch(() => undefined);
    if (language === this.language) return;
    this.language = language;
    reflectOnDocument(language);
    this.changed();
  }

  private languagesFor(language: string): string[] {
    return language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
  }

  /**
   * Loads the bundles, then tells the subscribers once (`notify`): every text consumer renders again on a
   * change, so one notice per batch, not one per file (a page's idle load is some thirty files).
   */
  private async loadFor(language: string, namespaces: readonly string[], notify: boolean): Promise<void> {
    const jobs: Promise<boolean>[] = [];
    for (const lng of this.languagesFor(language)) {
      for (const namespace of namespaces) jobs.push(this.loadBundle(lng, namespace));
    }
    const results = await Promise.allSettled(jobs);
    if (notify && results.some((result) => result.status === 'fulfilled' && result.value)) this.changed();
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Resolves true when it added the bundle (false: it was there already). */
  private loadBundle(language: string, namespace: string): Promise<boolean> {
    const id = `${language}/${namespace}`;
    if (this.bundles.has(id)) return Promise.resolve(false);
    const pending = this.loading.get(id);
    if (pending) return pending;
    const load = localeLoaders[`../locales/${id}.json`];
    // A catalogue language without translations yet: empty, so the texts fall back to English.
    const job = (load ? load().then((module) => module.default) : Promise.resolve({})).then(
      (texts) => {
        this.loading.delete(id);
        this.bundles.set(id, texts);
        return true;
      },
      (error: unknown) => {
        // A failed download is tried again on the next request for it.
        this.loading.delete(id);
        throw error;
      },
    );
    this.loading.set(id, job);
    return job;
  }

  private changed(): void {
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
  }

  private lookup(language: string, namespace: string, key: string): string | undefined {
    let node: string | Texts | undefined = this.bundles.get(`${language}/${namespace}`);
    for (const part of key.split('.')) {
      if (node === undefined || typeof node === 'string') return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  }

  private pluralSuffix(language: string, count: number): string {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      try {
        rules = new Intl.PluralRules(language);
      } catch {
        rules = new Intl.PluralRules(FALLBACK_LANGUAGE);
      }
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }

  private find(namespace: string, key: string, count: number | undefined): string | undefined {
    for (const language of this.languagesFor(this.language)) {
      if (count !== undefined) {
        const candidates = count === 0 ? [`${key}_zero`] : [];
        candidates.push(`${key}_${this.pluralSuffix(language, count)}`);
        for (const candidate of candidates) {
          const text = this.lookup(language, namespace, candidate);
          if (text !== undefined) return text;
        }
      }
      const text = this.lookup(language, namespace, key);
      if (text !== undefined) return text;
    }
    return undefined;
  }

  private translate(boundNamespace: string, fullKey: string, options: TOptions = {}): string {
    const colon = fullKey.indexOf(':');
    const namespace = colon > 0 ? fullKey.slice(0, colon) : (options.ns ?? boundNamespace);
    const key = colon > 0 ? fullKey.slice(colon + 1) : fullKey;
    let text = this.find(namespace, key, options.count);
    if (text === undefined) {
      if (this.onMissingKey && this.hasLoadedNamespace(namespace, FALLBACK_LANGUAGE)) {
        this.onMissingKey(this.language, namespace, key);
      }
      text = options.defaultValue ?? key;
    }
    return text.includes('{{') ? interpolate(text, options) : text;
  }
}

function interpolate(text: string, values: TOptions): string {
  return text.replace(/\{\{\s*-?\s*([\w.]+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

function reflectOnDocument(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}

export type I18n = I18nLite;
export const i18n: I18n = new I18nLite();

/**
 * Takes the first screen's texts the build inlined into index.html (`lotus-texts`, apps/web/scripts/
 * prerender.mjs): those namespaces of that language then need no download. Nothing there (the dev server,
 * a test page): nothing changes.
 */
export function addInlineTexts(doc: Document = document): void {
  const element = doc.getElementById('lotus-texts');
  if (!element?.textContent) return;
  try {
    const inline = JSON.parse(element.textContent) as { language: string; texts: Record<string, Texts> };
    for (const [namespace, texts] of Object.entries(inline.texts))
      i18n.addBundle(inline.language, namespace, texts);
  } catch {
    // Unreadable: the texts download as they would without it.
  }
}

/** Initialises once; later calls only switch language. Resolves when the language's texts are loaded. */
export async function initI18n(language: string): Promise<void> {
  if (i18n.isInitialized) {
    await i18n.changeLanguage(language);
    return;
  }
  i18n.isInitialized = true;
  i18n.want(START_NAMESPACES);
  await i18n.changeLanguage(language);
}

/**
 * Loads every namespace of the current language but MEMBER_NAMESPACES (those START_NAMESPACES left out).
 * They join the wanted list, so a later language change loads them too; namespaces already loaded are not
 * fetched again. Resolves even on a failed download: the texts then fall back to English or the key, as they
 * would for any missing text.
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
  'protection',
  // The points mall names it (router.tsx): no other page waits for its texts.
  'points',
  'loyalty',
  'raffles',
  'missions',
  // Issue 19: only /promoDetail and Bonus details show them; each waits for them with its code.
  'bonuses',
  // Issue 20: not a member's only, but shown only by the lottery pages, the home page's lazy lottery widgets
  // and the verify page's lazy lottery mode, each of which waits for them (`loadNamespaces`): kept out of
  // the idle load and so of the member centre's first load.
  'lotteryLive',
  // Issue 21: shown only by the sportsbook's pages (/sports, /esports, their event pages, /cockfight,
  // /fbsports), each of which waits for them with its code: kept out of the idle load.
  'sports',
  // Issue 22: shown only by the fishing screen, whose lazy import waits for them (play-page.tsx).
  'fishing',
  // Issue 22: shown only by the PVP room list and table (members only), which wait for them with their code.
  'pvp',
  // Issue 22: shown only by /live and the table screens, which wait for them with their code.
  'liveTables',
] as const satisfies readonly Namespace[];

function isMemberNamespace(name: Namespace): boolean {
  return (MEMBER_NAMESPACES as readonly Namespace[]).includes(name);
}

/** Loads these namespaces of the current language; resolves even on a failed download (as above). */
export function loadNamespaces(names: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces(names).catch(() => undefined);
}
