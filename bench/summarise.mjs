#!/usr/bin/env node
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { judge, RESULTS_DIR } from './lib/results.mjs';

/**
 * bench/results/summary.md from every bench/results/<name>.json: each figure with its value, its ceiling
 * and ratio, its target and pass/miss, then the list of misses with their notes, and the CPU use recorded
 * during each load (the first profile evidence). Results in the shared format (bench/lib/results.mjs) give
 * their `figures`; a result in another shape is listed by its numeric fields, without targets.
 */

const ORDER = ['ceilings', 'http', 'scale-out', 'ledger', 'web', 'startup'];
const SKIP = new Set(['run.json']);

function load(file) {
  try {
    return JSON.parse(readFileSync(path.join(RESULTS_DIR, file), 'utf8'));
  } catch (error) {
    return { unreadable: String(error) };
  }
}

mkdirSync(RESULTS_DIR, { recursive: true });
const files = readdirSync(RESULTS_DIR)
  .filter((file) => file.endsWith('.json') && !SKIP.has(file))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
function rank(file) {
  const index = ORDER.indexOf(file.replace(/\.json$/, ''));
  return index === -1 ? ORDER.length : index;
}

/** Numeric fields of a result without `figures`, as figures without targets (nothing measured is dropped). */
function flatten(value, prefix, out, depth = 0) {
  if (depth > 4 || value === null || typeof value !== 'object') return out;
  for (const [key, child] of Object.entries(value)) {
    if (['machine', 'samples', 'details', 'runs'].includes(key) && depth === 0) continue;
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'number') out.push({ id, label: id, value: child, unit: '' });
    else if (child && typeof child === 'object' && !Array.isArray(child)) flatten(child, id, out, depth + 1);
  }
  return out;
}

function cell(value) {
  if (value === null || value === undefined || value === '') return '';
  return String(value).replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function formatNumber(value) {
  if (typeof value !== 'number') return cell(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

function verdict(figure) {
  if (!figure.target) return '';
  if (figure.pass === true) return 'pass';
  if (figure.pass === false) return '**MISS**';
  return 'no value';
}

let runInfo = null;
try {
  runInfo = JSON.parse(readFileSync(path.join(RESULTS_DIR, 'run.json'), 'utf8'));
} catch {
  runInfo = null;
}

const lines = ['# Benchmark summary', ''];
const results = files.map((file) => ({ file, result: load(file) }));
const machine = results.find(({ result }) => result.machine?.cpuModel)?.result.machine;
if (machine) {
  lines.push(
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB ?? '?'} GiB, ${machine.platform ?? ''}, Node ${machine.node}` +
      (machine.pgbench ? `, ${machine.pgbench}` : '') +
      '.',
  );
}
if (runInfo) {
  lines.push(`Run: ${runInfo.at}, \`node bench/run.mjs ${runInfo.args.join(' ')}\`.`);
  const failed = Object.entries(runInfo.runs).filter(([, run]) => run.exitCode !== 0);
  for (const [name, run] of failed)
    lines.push(
      `- bench **${name} failed** (${run.error ?? `exit ${run.exitCode ?? run.signal}`}); its figures below may be stale or missing.`,
    );
}
if (results.some(({ result }) => result.quick))
  lines.push(
    '',
    '> **Quick run** (`--quick`): tiny durations; these figures only show the benches work, not speed.',
  );
lines.push(
  '',
  'Ratio = value / ceiling (both measured in the same run). Targets are those of issue 7; see docs/benchmarks.md.',
  '',
);

const misses = [];
const cpuRows = [];
for (const { file, result } of results) {
  const name = file.replace(/\.json$/, '');
  lines.push(`## ${name}`, '');
  if (result.unreadable) {
    lines.push(`Unreadable: ${result.unreadable}`, '');
    continue;
  }
  const when = [result.startedAt, result.quick ? 'quick' : null].filter(Boolean).join(', ');
  if (when) lines.push(`_${when}_`, '');
  if (result.details?.error)
    lines.push(`**The bench failed:** \`${cell(result.details.error.split('\n')[0])}\``, '');
  const figures = Array.isArray(result.figures) ? result.figures.map(judge) : flatten(result, '', []);
  if (figures.length === 0) {
    lines.push('No figures.', '');
    continue;
  }
  lines.push(
    '| Figure | Value | Ceiling | Ratio | Target | Result |',
    '| --- | ---: | ---: | ---: | --- | --- |',
  );
  for (const figure of figures) {
    const ratio =
      typeof figure.ratio === 'number' ? `${formatNumber(Math.round(figure.ratio * 1000) / 10)} %` : '';
    lines.push(
      `| ${cell(figure.label)} | ${formatNumber(figure.value)} ${cell(figure.unit)} | ${figure.ceiling ? `${formatNumber(figure.ceiling.value)} (${cell(figure.ceiling.id)})` : ''} | ${ratio} | ${cell(figure.target?.text)} | ${verdict(figure)} |`,
    );
    if (figure.pass === false) misses.push({ bench: name, figure });
  }
  lines.push('');
  collectCpu(name, result.details?.loads, cpuRows);
}

/** Rows of CPU use (cores) per load phase, wherever a bench recorded `cpu` next to a load summary. */
function collectCpu(bench, loads, rows, prefix = '') {
  if (!loads || typeof loads !== 'object') return;
  for (const [key, value] of Object.entries(loads)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && value.cpu?.cores) {
      rows.push({ bench, load: id, rps: value.rps, cores: value.cpu.cores });
    } else if (value && typeof value === 'object') collectCpu(bench, value, rows, id);
  }
}

lines.push('## Misses', '');
if (misses.length === 0) lines.push('None.', '');
for (const { bench, figure } of misses) {
  const measured =
    figure.target.on === 'ratio'
      ? `${formatNumber(Math.round(figure.ratio * 1000) / 10)} %`
      : `${formatNumber(figure.value)} ${figure.unit}`;
  lines.push(
    `- ${bench}: ${figure.label} — ${measured}, target ${figure.target.text}.${figure.note ? ` ${figure.note}` : ''}`,
  );
}
lines.push('');

if (cpuRows.length > 0) {
  const names = [...new Set(cpuRows.flatMap((row) => Object.keys(row.cores)))];
  lines.push(
    '## CPU during the loads (cores, from /proc)',
    '',
    'A Node server near 1.0 is bound by its single event-loop thread; `machineBusy` near the core count means the machine itself was full.',
    '',
    `| Bench | Load | req/s | ${names.join(' | ')} |`,
    `| --- | --- | ---: | ${names.map(() => '---:').join(' | ')} |`,
  );
  for (const row of cpuRows)
    lines.push(
      `| ${row.bench} | ${row.load} | ${formatNumber(row.rps)} | ${names.map((name) => formatNumber(row.cores[name] ?? '')).join(' | ')} |`,
    );
  lines.push('');
}

const file = path.join(RESULTS_DIR, 'summary.md');
writeFileSync(file, lines.join('\n'));
console.log(`wrote ${file}`);
