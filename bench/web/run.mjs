#!/usr/bin/env node
// Web bench (issue 7 "Benchmarks" 5), two parts:
// 1. Sizes: the gzip size of the JS and CSS each route loads first (bench/web/first-load.mjs), against
//    bench/web/budget.json (the same check CI runs: bench/web/check-budget.mjs) and issue 7's home target.
// 2. Lighthouse (full run only, not --quick): the production server on PGlite with the demo seed (games,
//    banners) in a temp DATA_DIR, audited by Lighthouse in Debian's Chromium (/usr/bin/chromium via
//    chrome-launcher; no browser is downloaded) on home and /rng, mobile (Lighthouse's default: a mid-range
//    phone, simulated slow 4G and 4× CPU slowdown) and desktop (its desktop preset). Performance score, LCP,
//    TBT, CLS; the median run by score of LIGHTHOUSE_RUNS (default 3).
// Writes bench/results/web.json. Needs `npm run build`; builds when the build is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from '../lib/args.mjs';
import { writeResult } from '../lib/results.mjs';
import { freePort } from '../lib/server.mjs';
import { serverMain, startServer } from '../startup/server-process.mjs';
import { checkBudget } from './check-budget.mjs';
import { measureRoutes, root, webDist } from './first-load.mjs';

const options = parseArgs();
const startedAt = new Date().toISOString();
const figures = [];
const details = {};

// Issue 15: home's first load at most 150 kB of JS, gzip; every visitor page at most 180 kB.
const HOME_JS_TARGET_KB = 150;
const VISITOR_JS_TARGET_KB = 180;
/** The measured routes that are visitor pages (the member centre is not). */
const VISITOR_ROUTES = new Set(['/', '/rng', '/promotions']);
const LIGHTHOUSE_PAGES = [
  { id: 'home', path: '/' },
  { id: 'rng', path: '/rng' },
];
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const SCORE_TARGET = { mobile: 90, desktop: 98 };

const routeId = (route) => (route === '/' ? 'home' : route.slice(1).replaceAll('/', '-'));

function ensureBuild() {
  if (existsSync(path.join(webDist, '.vite', 'manifest.json')) && existsSync(serverMain)) return;
  console.log('web: the build is missing: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

function sizes() {
  const budget = JSON.parse(readFileSync(path.join(import.meta.dirname, 'budget.json'), 'utf8'));
  const measured = measureRoutes();
  const { lines, problems } = checkBudget(measured, budget);
  for (const line of lines) console.log(`web size ${line}`);
  const html = measured[0]?.html;
  if (html) {
    details.html = html;
    figures.push({
      id: 'web.html.gzipKB',
      label: `index.html, gzip (prerendered first screen${html.textsInline ? ', first-screen texts inline' : ''}; before the server adds the page's start data)`,
      value: Math.round(html.gzipBytes / 100) / 10,
      unit: 'kB',
      ...(budget.htmlGzipKB
        ? {
            target: {
              text: `≤ ${budget.htmlGzipKB} kB (budget.json)`,
              on: 'value',
              op: '<=',
              threshold: budget.htmlGzipKB,
            },
          }
        : {}),
    });
  }
  details.sizes = measured.map(({ route, modules, js, css }) => ({
    route,
    modules,
    js: {
      files: js.files,
      bytes: js.bytes,
      gzipBytes: js.gzipBytes,
      startGzipBytes: js.startGzipBytes,
      largest: js.list.slice(0, 10),
    },
    css: { files: css.files, bytes: css.bytes, gzipBytes: css.gzipBytes, list: css.list },
  }));
  details.budgetProblems = problems;
  for (const m of measured) {
    const limit = budget.routes[m.route] ?? {};
    const id = routeId(m.route);
    const jsKB = Math.round(m.js.gzipBytes / 100) / 10;
    const cssKB = Math.round(m.css.gzipBytes / 100) / 10;
    const jsTarget =
      m.route === '/'
        ? {
            text: `≤ ${HOME_JS_TARGET_KB} kB (issue 15)`,
            on: 'value',
            op: '<=',
            threshold: HOME_JS_TARGET_KB,
          }
        : VISITOR_ROUTES.has(m.route)
          ? {
              text: `≤ ${VISITOR_JS_TARGET_KB} kB (issue 15, visitor page)`,
              on: 'value',
              op: '<=',
              threshold: VISITOR_JS_TARGET_KB,
            }
          : limit.jsGzipKB && {
              text: `≤ ${limit.jsGzipKB} kB (budget.json)`,
              on: 'value',
              op: '<=',
              threshold: limit.jsGzipKB,
            };
    figures.push({
      id: `web.${id}.js.gzipKB`,
      label: `${m.route}: JS loaded first, gzip (${m.js.files} files; shared start ${Math.round(m.js.startGzipBytes / 100) / 10} kB)`,
      value: jsKB,
      unit: 'kB',
      ...(jsTarget ? { target: jsTarget } : {}),
      note: `largest: ${m.js.list
        .slice(0, 5)
        .map((f) => `${f.file.replace(/^assets\//, '')} ${Math.round(f.gzipBytes / 100) / 10} kB`)
        .join(', ')}`,
    });
    figures.push({
      id: `web.${id}.css.gzipKB`,
      label: `${m.route}: CSS loaded first, gzip (${m.css.files} files)`,
      value: cssKB,
      unit: 'kB',
      ...(limit.cssGzipKB
        ? {
            target: {
              text: `≤ ${limit.cssGzipKB} kB (budget.json)`,
              on: 'value',
              op: '<=',
              threshold: limit.cssGzipKB,
            },
          }
        : {}),
    });
  }
}

/** One Lighthouse run in a fresh Chromium; answers the figures Lighthouse reports. */
async function lighthouseOnce(url, formFactor) {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const config =
    formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      config,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    return {
      score:
        lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcpMs: audit('first-contentful-paint'),
      speedIndexMs: audit('speed-index'),
      warnings: lhr.runWarnings ?? [],
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment?.hostUserAgent ?? null,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse asks for another run when its trace missed the navigation (`NO_NAVSTART`, `NO_FCP`): up to two
 * more tries of that run, each in a fresh Chromium; any other failure, or a third miss, fails the bench.
 */
async function lighthouseRetried(url, formFactor) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, formFactor);
    } catch (error) {
      const again = /Lighthouse: (NO_NAVSTART|NO_FCP)\b/.test(String(error?.message));
      if (!again || attempt === 3) throw error;
      console.log(
        `lighthouse ${url} ${formFactor}: ${String(error.message).slice(0, 60)}…, running it again`,
      );
    }
  }
}

async function lighthouseAll() {
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lotus-bench-web-'));
  const server = await startServer({ dataDir, port: await freePort(), env: { LOG_LEVEL: 'warn' } });
  details.lighthouse = { runsPerCase: RUNS, chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, cases: [] };
  try {
    // First requests compile routes and fill caches: not what a visitor of a running site meets.
    for (const page of LIGHTHOUSE_PAGES) await (await fetch(`${server.url}${page.path}`)).arrayBuffer();
    for (const page of LIGHTHOUSE_PAGES) {
      for (const formFactor of ['mobile', 'desktop']) {
        const runs = [];
        for (let run = 0; run < RUNS; run += 1)
          runs.push(await lighthouseRetried(`${server.url}${page.path}`, formFactor));
        const byScore = [...runs].sort((a, b) => (a.score ?? -1) - (b.score ?? -1));
        const median = byScore[Math.floor(byScore.length / 2)];
        details.lighthouse.cases.push({ page: page.path, formFactor, median, runs });
        console.log(
          `lighthouse ${page.path} ${formFactor}: score ${median.score}, LCP ${Math.round(median.lcpMs)} ms, ` +
            `TBT ${Math.round(median.tbtMs)} ms, CLS ${median.cls?.toFixed(3)}`,
        );
        const prefix = `web.lighthouse.${page.id}.${formFactor}`;
        const name = `${page.path} ${formFactor}`;
        figures.push(
          {
            id: `${prefix}.score`,
            label: `Lighthouse performance, ${name}`,
            value: median.score,
            unit: 'score',
            note: `median of ${runs.length}; FCP ${Math.round(median.fcpMs)} ms, LCP ${Math.round(median.lcpMs)} ms, TBT ${Math.round(median.tbtMs)} ms; Lighthouse benchmarkIndex ${median.benchmarkIndex} (CPU speed of this machine during the run)`,
            target: {
              text: `≥ ${SCORE_TARGET[formFactor]}`,
              on: 'value',
              op: '>=',
              threshold: SCORE_TARGET[formFactor],
            },
          },
          { id: `${prefix}.lcp`, label: `LCP, ${name}`, value: Math.round(median.lcpMs), unit: 'ms' },
          { id: `${prefix}.tbt`, label: `TBT, ${name}`, value: Math.round(median.tbtMs), unit: 'ms' },
          {
            id: `${prefix}.cls`,
            label: `CLS, ${name}`,
            value: Math.round(median.cls * 1000) / 1000,
            unit: '',
            target: { text: '≤ 0.02', on: 'value', op: '<=', threshold: 0.02 },
          },
        );
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let failed = false;
try {
  ensureBuild();
  sizes();
  if (options.quick) details.lighthouse = 'skipped (--quick measures sizes only)';
  else await lighthouseAll();
} catch (error) {
  failed = true;
  details.error = String(error?.stack ?? error);
  console.error(error);
}
const file = writeResult('web', { quick: options.quick, startedAt, figures, details });
console.log(`wrote ${file}`);
if (failed) process.exitCode = 1;
