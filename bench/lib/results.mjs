import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The one result format every bench writes (bench/results/<name>.json), so bench/summarise.mjs can put every
 * figure, its target, its ratio to its ceiling and pass/miss in one table without knowing the benches.
 *
 * {
 *   name, quick, startedAt, finishedAt, machine: {...},
 *   figures: [{
 *     id: 'http.balance.rps',          // unique, stable; other benches may refer to it as a ceiling
 *     label: 'Balance read, max req/s',
 *     value: 1234.5, unit: 'req/s',
 *     ceiling?: { id: 'ceilings.hello.rps', value: 5000 },  // ratio = value / ceiling.value
 *     ratio?: 0.25,
 *     target?: { text: '≥ 40% of hello-world', on: 'ratio' | 'value', op: '>=' | '<=', threshold: 0.4 },
 *     pass?: true | false,             // only when there is a target
 *     note?: 'why it misses / what it means',
 *   }],
 *   details: { ... }                   // raw measurements (autocannon summaries, CPU use, commands)
 * }
 *
 * A --quick run writes the same shape (CI checks the shape, never the speed).
 */

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../results');

export function repoRoot() {
  return path.resolve(import.meta.dirname, '../..');
}

/** Where the machine figures come from: two runs are only comparable on the same box. */
export function machineInfo() {
  const cpus = os.cpus();
  let postgres = null;
  try {
    postgres = execFileSync('pgbench', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    postgres = null;
  }
  return {
    hostname: os.hostname(),
    platform: `${os.platform()} ${os.release()}`,
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverageAtStart: os.loadavg().map((value) => Math.round(value * 100) / 100),
    node: process.version,
    pgbench: postgres,
  };
}

/** Checks a figure's target; `pass` is null when the figure has no target or no value. */
export function judge(figure) {
  const result = { ...figure };
  if (figure.ceiling && typeof figure.value === 'number' && figure.ceiling.value > 0) {
    result.ratio = round(figure.value / figure.ceiling.value, 4);
  }
  if (figure.target) {
    const measured = figure.target.on === 'ratio' ? result.ratio : figure.value;
    if (typeof measured !== 'number' || Number.isNaN(measured)) result.pass = null;
    else
      result.pass =
        figure.target.op === '>=' ? measured >= figure.target.threshold : measured <= figure.target.threshold;
  }
  return result;
}

export function round(value, digits = 2) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Writes bench/results/<name>.json and returns its path. */
export function writeResult(name, { quick, startedAt, figures, details }) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const result = {
    name,
    quick: Boolean(quick),
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: machineInfo(),
    figures: figures.map(judge),
    details: details ?? {},
  };
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/** Another bench's result (e.g. http reads ceilings.json for its ratios); null when it has not run. */
export function readResult(name) {
  try {
    return JSON.parse(readFileSync(path.join(RESULTS_DIR, `${name}.json`), 'utf8'));
  } catch {
    return null;
  }
}

/** A figure of another bench's result by id, as `{ id, value }` for a `ceiling`; null when absent. */
export function ceilingOf(result, id) {
  const figure = result?.figures?.find((entry) => entry.id === id);
  return figure && typeof figure.value === 'number' ? { id, value: figure.value } : null;
}
