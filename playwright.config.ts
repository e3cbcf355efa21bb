import { defineConfig } from '@playwright/test';
import { serverUrl } from './apps/web/e2e/support/servers.ts';

/**
 * Browser journeys (apps/web/e2e). Debian's Chromium only: Playwright never downloads a browser here
 * (scripts/install-chromium.sh installs /usr/bin/chromium). The global setup builds, prepares one PGlite
 * folder per brand variant, runs the operator CLI on it and starts the production servers.
 */
const isCi = Boolean(process.env.CI);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './apps/web/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results/playwright',
  globalSetup: './apps/web/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  // One retry in CI only shows up as "flaky" in the summary, which scripts/test.mjs prints loudly: a flaky
  // journey is a bug to fix, not to retry away.
  retries: isCi ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The account journeys (registration, passwords, SMS) made the run ~13 min on 2 cores; the cap leaves room.
  globalTimeout: 25 * 60_000,
  reporter: [
    [isCi ? 'line' : 'list'],
    ['json', { outputFile: './test-results/reports/playwright.json' }],
    ['html', { outputFolder: './test-results/playwright-report', open: 'never' }],
  ],
  use: {
    baseURL: serverUrl('normal'),
    headless: true,
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
