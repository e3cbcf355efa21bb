#!/usr/bin/env node
import '../scripts/require-supported-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureSupportedNode } from '../scripts/node-runtime.mjs';
import { parseArgs } from './lib/args.mjs';

// Node 24 LTS (22.22+): older Node re-runs this script on the project's pinned Node (scripts/node-runtime.mjs).
ensureSupportedNode();

/**
 * `npm run bench` (docs/benchmarks.md): every bench in order, each `node bench/<name>/run.mjs` writing
 * bench/results/<name>.json, then bench/summarise.mjs writing bench/results/summary.md. Options pass
 * through to every bench (`--quick`, `--duration=<s>`, `--connections=<n>`); `--only=http,scale-out` picks
 * benches. A bench that fails does not stop the others; the run exits 1 at the end if any failed.
 * The ceilings come first: the later benches read bench/results/ceilings.json for their ratios.
 */

const BENCHES = [
  'ceilings',
  'http',
  'scale-out',
  'ledger',
  'agents',
  'lottery',
  'sportsbook',
  'fishing',
  'web',
  'startup',
];
const here = import.meta.dirname;
const resultsDir = path.join(here, 'results');

const argv = process.argv.slice(2);
const options = parseArgs(argv);
const passThrough = argv.filter((arg) => !arg.startsWith('--only='));
const unknown = (options.only ?? []).filter((name) => !BENCHES.includes(name));
if (unknown.length > 0) {
  console.error(`unknown bench(es): ${unknown.join(', ')}; known: ${BENCHES.join(', ')}`);
  process.exit(2);
}
const selected = options.only ? BENCHES.filter((name) => options.only.includes(name)) : BENCHES;

const runs = {};
for (const name of selected) {
  const entry = path.join(here, name, 'run.mjs');
  console.log(`\n=== bench ${name} ${passThrough.join(' ')}`.trimEnd());
  const started = performance.now();
  if (!existsSync(entry)) {
    console.error(`bench/${name}/run.mjs is missing`);
    runs[name] = { exitCode: null, seconds: 0, error: 'missing' };
    continue;
  }
  const result = spawnSync(process.execPath, [entry, ...passThrough], { stdio: 'inherit' });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  runs[name] = { exitCode: result.status, signal: result.signal, seconds };
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`,
  );
}

mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  path.join(resultsDir, 'run.json'),
  `${JSON.stringify({ at: new Date().toISOString(), args: argv, quick: options.quick, runs }, null, 2)}\n`,
);

const summary = spawnSync(process.execPath, [path.join(here, 'summarise.mjs')], { stdio: 'inherit' });
const failedBenches = Object.entries(runs)
  .filter(([, run]) => run.exitCode !== 0)
  .map(([name]) => name);
if (failedBenches.length > 0) console.error(`\nfailed: ${failedBenches.join(', ')}`);
process.exit(failedBenches.length > 0 || summary.status !== 0 ? 1 : 0);
