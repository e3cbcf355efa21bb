#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first failure:
//   lint (biome check .) → imports (depcruise) → copies (jscpd) → typecheck (tsc -b) → unit (vitest run, every project) → build (npm run build)
//   → budget (bench/web/check-budget.mjs: what each route loads first, gzip, against bench/web/budget.json)
//   → e2e (scripts/e2e.mjs: Chromium check + playwright test)
// Then a summary with the real test counts, ending with the line `N passed, N failed, N skipped`.
// A skipped or todo test, a run with no test, or a step that fails outside its tests fails the run.
//
// `npm test -- unit e2e` runs only the named steps (in the order above).
import './require-supported-node.mjs';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results', 'reports');
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** @typedef {{ passed: number, failed: number, skipped: number, flaky?: number, notes: string[] }} Counts */

/** @returns {Counts} */
function readVitest() {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  const notes = [];
  // A file that failed outside any test (import error, error in a hook) has no failed test to count.
  let fileErrors = 0;
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) {
      fileErrors += 1;
      notes.push(`file failed outside its tests: ${path.relative(root, file.name)}`);
    }
  }
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'pending' || t.status === 'skipped' || t.status === 'todo') {
        notes.push(`skipped: ${path.relative(root, file.name)} › ${t.fullName}`);
      }
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + fileErrors,
    skipped,
    notes,
  };
}

/** @returns {Counts} */
function readPlaywright() {
  const report = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  const stats = report.stats ?? {};
  const notes = [];
  const errors = report.errors ?? [];
  for (const error of errors) {
    notes.push(`run error: ${String(error.message ?? error.value ?? '').split('\n')[0]}`);
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = [...titles, spec.title].filter(Boolean).join(' › ');
        if (t.status === 'flaky') notes.push(`FLAKY (passed on retry, fix it): ${name}`);
        if (t.status === 'skipped') notes.push(`skipped: ${name}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + errors.length,
    skipped: stats.skipped ?? 0,
    flaky: stats.flaky ?? 0,
    notes,
  };
}

const steps = [
  { id: 'lint', title: 'Lint and format: biome check .', command: bin('biome'), args: ['check', '.'] },
  {
    id: 'imports',
    title: 'Import rules: depcruise (no circles, web features apart)',
    command: 'npm',
    args: ['run', '--silent', 'lint:imports'],
  },
  { id: 'copies', title: 'Copy detector: jscpd', command: 'npm', args: ['run', '--silent', 'lint:copies'] },
  { id: 'typecheck', title: 'Type-check: tsc -b', command: bin('tsc'), args: ['-b'] },
  {
    id: 'unit',
    title: 'Unit and route tests: vitest run',
    command: bin('vitest'),
    args: [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
      // Without a PostgreSQL to run them on, the *.pg.test.ts files are left out (said below), not skipped.
      ...(hasPostgres ? [] : ['--exclude=**/*.pg.test.ts']),
    ],
    report: vitestReport,
    readCounts: readVitest,
  },
  { id: 'build', title: 'Build web and server: npm run build', command: 'npm', args: ['run', 'build'] },
  {
    id: 'budget',
    title: 'Bundle size budget',
    command: process.execPath,
    args: [path.join(root, 'bench', 'web', 'check-budget.mjs')],
  },
  {
    id: 'e2e',
    title: 'Browser journeys: playwright test (Debian Chromium)',
    command: process.execPath,
    args: [path.join(root, 'scripts', 'e2e.mjs')],
    report: playwrightReport,
    readCounts: readPlaywright,
  },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((id) => !steps.some((s) => s.id === id));
if (unknown.length > 0) {
  console.error(
    `test: unknown step(s) ${unknown.join(', ')}; steps are ${steps.map((s) => s.id).join(', ')}`,
  );
  process.exit(2);
}
const selected = wanted.length === 0 ? steps : steps.filter((s) => wanted.includes(s.id));

function banner(text) {
  const line = '═'.repeat(Math.max(60, text.length + 4));
  console.log(`\n${line}\n  ${text}\n${line}`);
}

function duration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

function runStep(step, env) {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => {
      console.error(`test: could not start ${step.command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const started = Date.now();
banner(`Lotus tests: ${selected.map((s) => s.id).join(' → ')}`);
console.log(`node ${process.version}, CI=${process.env.CI ?? '(unset)'}`);
console.log(
  hasPostgres
    ? 'TEST_DATABASE_URL is set: database tests also run on PostgreSQL (*.pg.test.ts included).'
    : 'TEST_DATABASE_URL is not set: database tests run on PGlite only; *.pg.test.ts are left out.',
);

const results = [];
let builtNow = false;
for (const [index, step] of selected.entries()) {
  banner(`[${index + 1}/${selected.length}] ${step.title}`);
  if (step.report) rmSync(step.report, { force: true });
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  if (step.id === 'e2e' && builtNow) env.LOTUS_E2E_SKIP_BUILD = '1';
  const stepStart = Date.now();
  const code = await runStep(step, env);
  const result = { step, code, ms: Date.now() - stepStart, counts: undefined, problems: [] };

  if (step.readCounts) {
    if (existsSync(step.report)) {
      try {
        result.counts = step.readCounts();
      } catch (error) {
        result.problems.push(`could not read ${path.relative(root, step.report)}: ${error.message}`);
      }
    } else {
      result.problems.push(`no report at ${path.relative(root, step.report)}`);
    }
    const counts = result.counts;
    if (counts) {
      if (counts.passed + counts.failed + counts.skipped === 0) result.problems.push('ran no test');
      if (counts.skipped > 0)
        result.problems.push(`${counts.skipped} skipped/todo test(s): skipping is a defect`);
    }
  }
  if (code !== 0) result.problems.unshift(`exited with code ${code}`);
  result.ok = result.problems.length === 0;
  results.push(result);
  if (step.id === 'build' && code === 0) builtNow = true;

  console.log(
    `\n${result.ok ? '✔' : '✘'} ${step.id} ${result.ok ? 'passed' : 'FAILED'} in ${duration(result.ms)}`,
  );
  for (const problem of result.problems) console.log(`  - ${problem}`);
  if (!result.ok) break;
}

banner('Summary');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const step of selected) {
  const result = results.find((r) => r.step === step);
  if (!result) {
    console.log(`  ${step.id.padEnd(10)} not run (an earlier step failed)`);
    continue;
  }
  const counts = result.counts;
  const countText = counts
    ? `  ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${counts.flaky ? `, ${counts.flaky} FLAKY` : ''}`
    : '';
  console.log(
    `  ${step.id.padEnd(10)} ${(result.ok ? 'passed' : 'FAILED').padEnd(7)} ${duration(result.ms).padStart(12)}${countText}`,
  );
  for (const note of counts?.notes ?? []) console.log(`      ${note}`);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
  }
  // A step that failed without a failing test to show for it (lint, types, build, a crash) counts as one.
  if (!result.ok && (!counts || counts.failed === 0)) failed += 1;
}
const allOk = results.length === selected.length && results.every((r) => r.ok);
console.log(
  `  total      ${(allOk ? 'passed' : 'FAILED').padEnd(7)} ${duration(Date.now() - started).padStart(12)}`,
);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(allOk ? 0 : 1);
