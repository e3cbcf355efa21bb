#!/usr/bin/env node
// The bundle-size budget (issue 7 "Benchmarks" 5): compares what each route loads first in the current
// build (apps/web/dist, bench/web/first-load.mjs) with bench/web/budget.json and exits 1 when a route is
// over (or index.html over `htmlGzipKB`), or when the budget and the measured routes no longer name the same
// routes. Sizes are a property of
// the build, not of the machine, so CI can enforce them (`npm test`, step 'budget', right after 'build').
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kB, measureRoutes } from './first-load.mjs';

const budgetFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'budget.json');

/** Compares measured routes with the budget; returns one line per route and the problems found. */
export function checkBudget(measured, budget) {
  const problems = [];
  const lines = [];
  // index.html is one file for every route (prerendered first screen, inline first-screen texts).
  const html = measured[0]?.html;
  if (html && budget.htmlGzipKB !== undefined) {
    const over = html.gzipBytes > budget.htmlGzipKB * 1000;
    lines.push(
      `${over ? '✘' : '✔'} ${'index.html'.padEnd(20)} ${'HTML'.padEnd(3)} ${kB(html.gzipBytes).padStart(6)} kB gzip  (budget ${budget.htmlGzipKB} kB)`,
    );
    if (over)
      problems.push(
        `index.html: ${kB(html.gzipBytes)} kB gzip is over its budget of ${budget.htmlGzipKB} kB`,
      );
  }
  for (const route of Object.keys(budget.routes)) {
    if (!measured.some((m) => m.route === route)) problems.push(`${route}: in budget.json but not measured`);
  }
  for (const m of measured) {
    const limit = budget.routes[m.route];
    if (!limit) {
      problems.push(`${m.route}: measured but has no budget in budget.json`);
      continue;
    }
    for (const [kind, bytes, limitKB] of [
      ['JS', m.js.gzipBytes, limit.jsGzipKB],
      ['CSS', m.css.gzipBytes, limit.cssGzipKB],
    ]) {
      const over = bytes > limitKB * 1000;
      lines.push(
        `${over ? '✘' : '✔'} ${m.route.padEnd(20)} ${kind.padEnd(3)} ${kB(bytes).padStart(7)} kB gzip  (budget ${limitKB} kB)`,
      );
      if (over) problems.push(`${m.route}: ${kind} ${kB(bytes)} kB gzip is over its budget of ${limitKB} kB`);
    }
  }
  return { lines, problems };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
    const { lines, problems } = checkBudget(measureRoutes(), budget);
    console.log('Bundle size budget (what each route loads first, gzip):');
    for (const line of lines) console.log(`  ${line}`);
    if (problems.length > 0) {
      console.error(`\n${problems.length} budget problem(s):`);
      for (const problem of problems) console.error(`  - ${problem}`);
      console.error('Shrink the first load (lazy-load what the first screen does not need) or, for a');
      console.error(
        'deliberate growth, raise the figure in bench/web/budget.json and say why in the change.',
      );
      process.exit(1);
    }
    console.log('All routes within budget.');
  } catch (error) {
    console.error(`check-budget: ${error.message}`);
    process.exit(1);
  }
}
