#!/usr/bin/env node
// `npm run test:reliability`: the reliability suite of issue 7 at full size (RELIABILITY_FULL=1).
//   1. vitest on apps/server/test/reliability and the model-based tests sized by RELIABILITY_FULL (server
//      project; needs TEST_DATABASE_URL — the PostgreSQL tests fail loudly without it);
//   2. the new slot titles' simulations at 10^6 rounds (packages project);
//   3. the browser parts with Playwright (scripts/e2e.mjs: Debian Chromium, build), listed in BROWSER_SPECS.
// The normal `npm test` runs the same vitest files at their small default size.
// Every step runs even if an earlier one fails; the exit code is non-zero when any failed.
import './require-supported-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Playwright specs of the suite, relative to the repository root: the XSS corpus, and the long journeys in
 * all four language/scheme × screen combinations (`JOURNEY_MATRIX` of apps/web/e2e/support/variants.ts:
 * `npm test` runs two of them).
 */
const BROWSER_SPECS = [
  'apps/web/e2e/reliability-xss.spec.ts',
  'apps/web/e2e/free-rounds.spec.ts',
  'apps/web/e2e/jackpot.spec.ts',
  'apps/web/e2e/lottery.spec.ts',
  'apps/web/e2e/loyalty.spec.ts',
  'apps/web/e2e/missions-referral.spec.ts',
  'apps/web/e2e/player-protection.spec.ts',
  'apps/web/e2e/points-mall.spec.ts',
  'apps/web/e2e/promotions.spec.ts',
  'apps/web/e2e/raffles.spec.ts',
  'apps/web/e2e/sportsbook.spec.ts',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const env = { ...process.env, RELIABILITY_FULL: '1' };
if (!env.TEST_DATABASE_URL) {
  console.error(
    'test:reliability: TEST_DATABASE_URL is not set; the PostgreSQL reliability tests will fail.',
  );
}

function run(title, command, args) {
  console.log(`\n── ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) console.error(`test:reliability: could not run ${command}: ${result.error.message}`);
  const ok = result.status === 0;
  console.log(`── ${title}: ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

const results = [
  run('vitest (server reliability, full size)', path.join(root, 'node_modules/.bin/vitest'), [
    'run',
    '--project',
    'server',
    'apps/server/test/reliability',
    // Outside test/reliability, but run here at their full size too (npm test runs them smaller).
    'apps/server/src/modules/vendor-protocol/vendor-protocol.model.test.ts',
  ]),
  // The new slot titles' 10^6-round simulations (npm test runs 10^5) and the cascades' declaration replay.
  run('vitest (slot simulations, full size)', path.join(root, 'node_modules/.bin/vitest'), [
    'run',
    '--project',
    'packages',
    'packages/games/src/slots/mechanics.simulation.test.ts',
  ]),
];

const missing = BROWSER_SPECS.filter((spec) => !existsSync(path.join(root, spec)));
if (missing.length > 0) {
  console.error(`test:reliability: listed browser specs are missing: ${missing.join(', ')}`);
  results.push(false);
} else if (BROWSER_SPECS.length > 0) {
  results.push(
    run('playwright (browser reliability)', process.execPath, [
      path.join(root, 'scripts/e2e.mjs'),
      ...BROWSER_SPECS,
    ]),
  );
}

process.exit(results.every(Boolean) ? 0 : 1);
