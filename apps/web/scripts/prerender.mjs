#!/usr/bin/env node
// Build step (issue 15, first screen before JavaScript): puts the first screen's markup into the built
// index.html's #root, so the browser paints the page's shape from the HTML and main.tsx hydrates it. Runs
// after `vite build` and the server build of src/app/prerender.tsx (apps/web/package.json "build").
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's production server renderer, as in the browser's production build.
process.env.NODE_ENV ??= 'production';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const indexFile = path.join(webRoot, 'dist', 'index.html');
const entry = path.join(webRoot, '.cache', 'prerender', 'prerender.js');

const { renderFirstScreen } = await import(pathToFileURL(entry).href);
const markup = renderFirstScreen();
const html = readFileSync(indexFile, 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!html.includes(emptyRoot)) throw new Error(`prerender: ${indexFile} has no empty ${emptyRoot}`);
writeFileSync(indexFile, html.replace(emptyRoot, `<div id="root">${markup}</div>`));
console.log(`prerender: first screen in dist/index.html (${markup.length} characters)`);
