#!/usr/bin/env node
// Build step (issue 15, first screen before JavaScript), run after `vite build` and the server build of
// src/app/prerender.tsx (apps/web/package.json "build"):
// - puts the first screen's markup into the built index.html's #root, so the browser paints the page's shape
//   from the HTML and main.tsx hydrates it, and Mantine's theme variables and global classes into <head>;
// - inlines the default language's first-screen texts (lib/i18n.ts START_NAMESPACES, English) as JSON, so
//   an English visitor's start needs no text download (lib/i18n.ts addInlineTexts);
// - writes dist/.vite/first-screen.json: each visitor page's path, banner group and code files; the server
//   names the files as modulepreload links in that page's HTML and inlines the group's banners
//   (apps/server/src/plugins/static-spa.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's production server renderer, as in the browser's production build.
process.env.NODE_ENV ??= 'production';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const indexFile = path.join(dist, 'index.html');
// The server build's output: under node_modules, which every tool (lint, import rules, copies) leaves out.
const entry = path.join(webRoot, 'node_modules', '.cache', 'lotus-prerender', 'prerender.js');
const TEXTS_LANGUAGE = 'en';

const { renderFirstScreen, START_NAMESPACES, firstScreenRoutes } = await import(pathToFileURL(entry).href);

/** The first screen's texts, as a JSON data block (never run: the CSP's script-src does not apply). */
function inlineTexts() {
  const texts = Object.fromEntries(
    START_NAMESPACES.map((namespace) => [
      namespace,
      JSON.parse(
        readFileSync(path.join(webRoot, 'src', 'locales', TEXTS_LANGUAGE, `${namespace}.json`), 'utf8'),
      ),
    ]),
  );
  const json = JSON.stringify({ language: TEXTS_LANGUAGE, texts }).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="lotus-texts">${json}</script>`;
}

/** Each visitor route's files beyond what index.html already loads (the entry and its static imports). */
function routeFiles() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      if (!manifest[key])
        throw new Error(`prerender: the manifest has no ${key} (prerender.tsx VISITOR_ROUTES)`);
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const inEntry = closure([entryKey]);
  return firstScreenRoutes().map(({ path: routePath, modules, banner }) => ({
    path: routePath.toLowerCase(),
    banner,
    files: [...closure(modules)].filter((key) => !inEntry.has(key)).map((key) => manifest[key].file),
  }));
}

// Mantine's style elements go to the end of <head>, after the stylesheet (their :root variables must win
// over its defaults); the app's production provider does not render them (src/app/providers.tsx).
const MANTINE_STYLES = /<style data-mantine-styles[^>]*>[\s\S]*?<\/style>/g;
const rendered = renderFirstScreen();
const styles = rendered.match(MANTINE_STYLES) ?? [];
if (styles.length !== 2)
  throw new Error(`prerender: expected Mantine's 2 style elements, got ${styles.length}`);
const markup = rendered.replace(MANTINE_STYLES, '');
let html = readFileSync(indexFile, 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!html.includes(emptyRoot)) throw new Error(`prerender: ${indexFile} has no empty ${emptyRoot}`);
html = html
  .replace('</head>', `${styles.join('')}\n  </head>`)
  .replace(emptyRoot, `<div id="root">${markup}</div>\n    ${inlineTexts()}`);
writeFileSync(indexFile, html);
const routes = routeFiles();
writeFileSync(path.join(dist, '.vite', 'first-screen.json'), `${JSON.stringify({ routes }, null, 2)}\n`);
console.log(
  `prerender: first screen and ${START_NAMESPACES.length} text namespaces in dist/index.html; ` +
    `code of ${routes.length} visitor routes in dist/.vite/first-screen.json`,
);
