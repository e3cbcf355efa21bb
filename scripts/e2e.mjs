#!/usr/bin/env node
// Browser journeys: makes sure Debian's Chromium is there, then runs `playwright test` with any extra
// arguments (`npm run test:e2e -- apps/web/e2e/guard.spec.ts`). The global setup builds unless
// LOTUS_E2E_SKIP_BUILD=1 (scripts/test.mjs sets it: it has just built).
import './require-supported-node.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

const install = spawnSync('bash', [path.join(root, 'scripts/install-chromium.sh')], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (install.status !== 0) {
  console.error('e2e: Chromium is not available (scripts/install-chromium.sh failed)');
  process.exit(install.status ?? 1);
}

const playwright = path.join(root, 'node_modules/.bin/playwright');
const result = spawnSync(playwright, ['test', ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (result.error) {
  console.error(`e2e: could not run ${playwright}: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
