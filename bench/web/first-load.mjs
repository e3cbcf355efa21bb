// What each route of the built web app downloads before it can show anything (issue 7 "Benchmarks" 5):
// index.html's entry script with every chunk it imports statically, the route's page chunk (the router
// resolves the current route's lazy import at start, apps/web/src/app/main.tsx) with its static imports,
// the CSS of all those chunks, the language texts awaited before the page shows and public/theme-init.js.
// Texts: the start sequence awaits the default language's START_NAMESPACES (apps/web/src/lib/i18n.ts, read
// from the source so the figure follows it) — as JS chunks, unless the build inlined them into index.html
// (apps/web/scripts/prerender.mjs, `lotus-texts`): then they are part of the HTML, measured as `html`;
// every other page route but the visitor pages (`startTexts` in apps/web/src/app/router.tsx, ROUTES
// `startTextsOnly` here) also awaits all the other namespaces before it renders, so those routes count every
// namespace. Chunks loaded later (dialogs,
// other pages, dynamic imports inside a page) are left out. Sizes are gzip at zlib's default level, which
// is what the server's compression sends.
//
// Read from apps/web/dist/.vite/manifest.json (build.manifest in apps/web/vite.config.ts), so the figures
// follow the real chunk graph and never a hand-kept file list.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const webDist = path.join(root, 'apps', 'web', 'dist');

/**
 * The routes measured: each names the manifest keys (source paths) of the lazy modules the router loads
 * for it at once (`startTextsOnly`: the route awaits only the start namespaces; `memberTexts`: the member-only
 * namespaces it awaits besides the others, as router.tsx says). `/member/depositv2` is the member centre shell plus its deposit page (a lazy page the
 * centre renders immediately for that path).
 */
export const ROUTES = [
  { route: '/', modules: ['src/app/routes/home-route.tsx'], startTextsOnly: true },
  { route: '/rng', modules: ['src/app/routes/games-route.tsx'], startTextsOnly: true },
  {
    route: '/promotions',
    modules: ['src/features/promotions/components/promotions-page.tsx'],
    startTextsOnly: true,
  },
  {
    route: '/member/depositv2',
    modules: ['src/app/routes/member-centre-route.tsx', 'src/features/deposit/components/deposit-page.tsx'],
    memberTexts: ['messages', 'rewards'],
  },
];

/** The language the start sequence loads for a first-time visitor (DEFAULT_LANGUAGE, 'EN'). */
const START_LANGUAGE = 'en';

const i18nSource = path.join(root, 'apps', 'web', 'src', 'lib', 'i18n.ts');

/** A namespace list of apps/web/src/lib/i18n.ts (`export const <name> = [...]`). */
function readNamespaceList(name, file) {
  const match = readFileSync(file, 'utf8').match(new RegExp(`export const ${name} = \\[([^\\]]*)\\]`));
  const names = match ? [...match[1].matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]) : [];
  if (names.length === 0) throw new Error(`no ${name} list in ${path.relative(root, file)}`);
  return names;
}

/** START_NAMESPACES from apps/web/src/lib/i18n.ts: the texts the start sequence awaits. */
export function readStartNamespaces(file = i18nSource) {
  return readNamespaceList('START_NAMESPACES', file);
}

/**
 * MEMBER_NAMESPACES from apps/web/src/lib/i18n.ts: texts no page route waits for unless it names them
 * (ROUTES `memberTexts`, as router.tsx does).
 */
export function readMemberNamespaces(file = i18nSource) {
  return readNamespaceList('MEMBER_NAMESPACES', file);
}

export function readManifest(distDir = webDist) {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(
      `${path.relative(root, file)} is missing: run \`npm run build\` (apps/web/vite.config.ts needs build.manifest)`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

function sizeOf(distDir, file) {
  const bytes = readFileSync(path.join(distDir, file));
  return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
}

/** Every chunk key reachable from `keys` through static imports (never `dynamicImports`). */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`manifest has no chunk ${key}: bench/web/first-load.mjs ROUTES is out of date`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

function total(files) {
  return {
    files: files.length,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

/**
 * Per route: index.html as built (the prerendered first screen and any inline texts; the server adds the
 * page's start data to it), then the JS and CSS it loads first, as totals and per file, the JS split into the shared start
 * (entry + texts + theme-init) and the route's own chunks so a regression can be traced to its side.
 */
export function measureRoutes(distDir = webDist, routes = ROUTES) {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('manifest has no entry chunk');
  const localeKeys = Object.keys(manifest).filter((key) =>
    new RegExp(`(^|/)locales/${START_LANGUAGE}/[^/]+\\.json$`).test(key),
  );
  if (localeKeys.length === 0) throw new Error(`manifest has no ${START_LANGUAGE} locale chunks`);
  const startNamespaces = new Set(readStartNamespaces());
  const startLocaleKeys = localeKeys.filter((key) => startNamespaces.has(path.basename(key, '.json')));
  if (startLocaleKeys.length !== startNamespaces.size) {
    throw new Error('a START_NAMESPACES entry has no locale chunk in the manifest');
  }
  const html = sizeOf(distDir, 'index.html');
  const textsInline = readFileSync(path.join(distDir, 'index.html'), 'utf8').includes('id="lotus-texts"');
  const entryClosure = staticClosure(manifest, [entryKey, ...(textsInline ? [] : startLocaleKeys)]);
  const themeInit = existsSync(path.join(distDir, 'theme-init.js')) ? [sizeOf(distDir, 'theme-init.js')] : [];

  const memberNamespaces = new Set(readMemberNamespaces());
  const namespaceOf = (key) => path.basename(key, '.json');
  return routes.map(({ route, modules, startTextsOnly = false, memberTexts = [] }) => {
    const pageLocaleKeys = localeKeys.filter(
      (key) =>
        (!memberNamespaces.has(namespaceOf(key)) || memberTexts.includes(namespaceOf(key))) &&
        !(textsInline && startNamespaces.has(namespaceOf(key))),
    );
    const closure = staticClosure(manifest, [
      ...entryClosure,
      ...(startTextsOnly ? [] : pageLocaleKeys),
      ...modules,
    ]);
    const js = [...themeInit];
    const css = new Set();
    for (const key of closure) {
      const chunk = manifest[key];
      if (chunk.file.endsWith('.js')) js.push(sizeOf(distDir, chunk.file));
      for (const sheet of chunk.css ?? []) css.add(sheet);
    }
    const cssFiles = [...css].map((file) => sizeOf(distDir, file));
    const startJs = js.filter(
      (f) => f.file === 'theme-init.js' || [...entryClosure].some((key) => manifest[key].file === f.file),
    );
    const sortBySize = (files) => [...files].sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      route,
      modules,
      html: { ...html, textsInline },
      js: { ...total(js), startGzipBytes: total(startJs).gzipBytes, list: sortBySize(js) },
      css: { ...total(cssFiles), list: sortBySize(cssFiles) },
    };
  });
}

export const kB = (bytes) => (bytes / 1000).toFixed(1);
