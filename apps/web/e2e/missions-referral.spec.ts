import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect as baseExpect, type FrameLocator, type Page, test } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './support/accounts.ts';
import { artifactPath, openLayout } from './support/page-helpers.ts';
import { postgresUrlFor } from './support/postgres-database.ts';
import { SERVER_SPECS, serverUrl } from './support/servers.ts';
import { JOURNEY_MATRIX, localeTexts, suffix, text, useVariant, type Variant } from './support/variants.ts';

/**
 * Missions and referral (issue 19), one journey per variant and screen — EN light and HI dark, each on a
 * desktop and on a 375 px phone — each with a fresh player: play three rounds of an in-house slot, see the
 * daily mission complete (and the menu badge), claim it and find its reward in the reward centre; then the
 * side bar's Share opens the invite-friends page (the demo brand runs referral) with the code, the link and
 * its QR code. On the `wallet` server (PostgreSQL), so the operator CLI can fund the player.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const WALLET_DATABASE = SERVER_SPECS.find((spec) => spec.name === 'wallet')?.postgresDatabase as string;
const run = promisify(execFile);

test.use({ baseURL: serverUrl('wallet') });
// Registration solves a proof of work and the CLI starts a process: room for a machine with half the CPU.
test.setTimeout(120_000);

async function fund(username: string): Promise<void> {
  await run('npm', ['run', '--silent', 'ops', '--', 'wallet:adjust', username, '1000', 'e2e', 'funding'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: postgresUrlFor(WALLET_DATABASE), LOG_LEVEL: 'warn' },
  });
}

const SLOT_NAME: Record<Variant['lang'], string> = { EN: 'Tiger Temple', HI: 'टाइगर टेम्पल' };

async function openSlot(page: Page, variant: Variant): Promise<FrameLocator> {
  await openLayout(page, '/rng');
  await page
    .getByTestId('game-tile')
    .filter({ has: page.getByText(SLOT_NAME[variant.lang], { exact: true }) })
    .getByTestId('game-tile-play')
    .click();
  await expect(page.locator('[data-testid="game-frame"]')).toHaveAttribute(
    'src',
    /^\/originals\/play\?token=/,
  );
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('originals-screen')).toBeVisible();
  return frame;
}

async function journey(page: Page, variant: Variant, phone: boolean): Promise<void> {
  const missions = localeTexts(variant.lang, 'missions');
  const menu = localeTexts(variant.lang, 'memberCentre');
  const shot = (name: string) => ({
    path: artifactPath(test.info(), `missions-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`),
  });
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  const player = await registerByUsername(page, variant.lang);
  await fund(player.username);
  if (phone) await page.setViewportSize({ width: 375, height: 760 });

  await test.step('play three rounds of an in-house slot', async () => {
    const frame = await openSlot(page, variant);
    const rounds = frame.getByTestId('round-history').getByTestId('history-row');
    for (let spin = 1; spin <= 3; spin += 1) {
      await expect(frame.getByTestId('spin')).toBeEnabled({ timeout: 20_000 });
      await frame.getByTestId('spin').click();
      await expect(rounds).toHaveCount(spin);
    }
  });

  await test.step('the daily mission is complete: claim it', async () => {
    await openLayout(page, '/member/missionLeaderboard');
    const mission = page.getByTestId('mission-daily-rounds');
    await expect(mission).toHaveAttribute('data-status', 'complete');
    await expect(page.getByTestId('mission-daily-rounds-bar')).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByTestId('missions-daily-reset')).toContainText(/\d\d:\d\d:\d\d/);
    await expect(page.getByTestId('member-menu-missionLeaderboard')).toContainText(
      text(menu, 'menu.missionLeaderboard'),
    );
    await page.screenshot(shot('complete'));
    await page.getByTestId('mission-daily-rounds-claim').click();
    await expect(mission).toHaveAttribute('data-status', 'claimed');
    await expect(page.getByTestId('missions-notice')).toContainText('10.00');
    await expect(mission).toContainText(text(missions, 'status.claimed'));
    await expect(page.getByTestId('mission-board-mine')).toContainText('#');
    await page.screenshot(shot('claimed'));
  });

  await test.step('its reward waits in the reward centre', async () => {
    await openLayout(page, '/member/rewardCenter');
    await expect(page.getByTestId('rewards-list')).toContainText(/10\.00/);
  });

  await test.step("the side bar's Share opens the invite-friends page", async () => {
    await openLayout(page, '/noticePage');
    // From the keyboard: on a phone the play-session bar may sit over the bar's corner.
    await page.getByTestId('side-share').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/member\/referral$/);
    await expect(page.getByTestId('referral-code')).toHaveText(/^[A-Z0-9]{8}$/);
    const code = (await page.getByTestId('referral-code').textContent()) ?? '';
    await expect(page.getByTestId('referral-link')).toContainText(`/register?referralCode=${code}`);
    await expect(page.getByTestId('referral-qr')).toBeVisible();
    await expect(page.getByTestId('referral-friends-empty')).toContainText(
      text(missions, 'referral.noFriends'),
    );
    await page.screenshot(shot('referral'));
  });
}

for (const { variant, phone } of JOURNEY_MATRIX) {
  test(`complete a mission, then open referral from Share (${suffix(variant)}, ${phone ? '375 px' : 'desktop'})`, async ({
    page,
  }) => {
    await journey(page, variant, phone);
  });
}
