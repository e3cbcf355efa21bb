import { expect as baseExpect, type FrameLocator, type Page, test } from '@playwright/test';
import { logInOnPage, registerByUsername, useOwnAddress } from './support/accounts.ts';
import { artifactPath, openLayout } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';
import { JOURNEY_MATRIX, localeTexts, suffix, text, useVariant, type Variant } from './support/variants.ts';
import { walletOps as ops } from './support/wallet-ops.ts';

/**
 * Player protection (issue 17), one journey per variant and screen — EN light and HI dark, each on a
 * desktop and on a 375 px phone — each with a fresh player (a self-exclusion cannot be undone): set a loss limit, meet it in a slot (the game
 * says so and the balance stays), see the play-session overlay and the reality check (made due by the
 * DEV_INBOX hook), self-exclude, be signed out with the end date, and be refused at login with it. On the
 * `wallet` server (PostgreSQL), so the operator CLI can fund the player while the server runs.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ baseURL: serverUrl('wallet') });
// Registration solves a proof of work and the CLI starts a process: room for a machine with half the CPU.
test.setTimeout(120_000);

/** The slot the journeys play, as the lobby names it in each language. */
const SLOT_NAME: Record<Variant['lang'], string> = { EN: 'Tiger Temple', HI: 'टाइगर टेम्पल' };

/** Opens Tiger Temple from the slots lobby: the pop-up on a desktop, the /game page on a phone. */
async function openSlot(page: Page, variant: Variant): Promise<FrameLocator> {
  await openLayout(page, '/rng');
  await page
    .getByTestId('game-tile')
    .filter({ has: page.getByText(SLOT_NAME[variant.lang], { exact: true }) })
    .getByTestId('game-tile-play')
    .click();
  const frameElement = page.locator('[data-testid="game-frame"]');
  await expect(frameElement).toHaveAttribute('src', /^\/originals\/play\?token=/);
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('originals-screen')).toBeVisible();
  return frame;
}

/** The slot's stakes, smallest first, in minor units. */
async function stakes(frame: FrameLocator): Promise<bigint[]> {
  const values = await frame
    .getByTestId('slot-bet')
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  return values.map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The year a six-month self-exclusion taken now ends in (the dates are told per language; the year is plain). */
function endYear(): string {
  const end = new Date();
  end.setUTCMonth(end.getUTCMonth() + 6);
  return String(end.getUTCFullYear());
}

const rupees = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

async function journey(page: Page, variant: Variant, phone: boolean): Promise<void> {
  const protection = localeTexts(variant.lang, 'protection');
  const errors = localeTexts(variant.lang, 'errors');
  const shot = (name: string) => ({
    path: artifactPath(
      test.info(),
      `protection-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`,
    ),
  });
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  const player = await registerByUsername(page, variant.lang);
  await ops('wallet:adjust', player.username, '1000', 'e2e', 'funding');
  if (phone) await page.setViewportSize({ width: 375, height: 760 });

  // The slot's smallest stake becomes the daily loss limit: its largest stake would pass it.
  let frame = await openSlot(page, variant);
  const offered = await stakes(frame);
  const smallest = offered[0];
  const largest = offered.at(-1);
  if (smallest === undefined || largest === undefined || largest <= smallest) {
    throw new Error('the slot offers too few stakes');
  }

  await test.step('set a loss limit', async () => {
    await openLayout(page, '/member/securityCenter?tab=limits');
    await expect(page.getByTestId('play-limits')).toBeVisible();
    await page.getByTestId('limit-loss-day-edit').click();
    await page.getByTestId('limit-amount').fill(rupees(smallest));
    await expect(page.getByTestId('limit-dialog-effect')).toHaveText(text(protection, 'limits.effectNow'));
    await page.getByTestId('limit-dialog-save').click();
    await expect(page.getByTestId('limits-done')).toHaveText(text(protection, 'limits.appliedNow'));
    await expect(page.getByTestId('limit-loss-day-amount')).toContainText(rupees(smallest));
    await page.screenshot(shot('limits'));
  });

  await test.step('meet it in a slot: the game says so and the balance stays', async () => {
    frame = await openSlot(page, variant);
    await expect(page.getByTestId('play-session-time')).toHaveText(/^\d+:\d\d:\d\d$/);
    await expect(page.getByTestId('play-session-net')).toHaveText(/\d\.\d\d$/);
    const balance = frame.getByTestId('originals-balance');
    await expect(balance).toHaveText(/1,000\.00$/);
    await frame.getByTestId('slot-bet').selectOption(String(largest));
    await frame.getByTestId('spin').click();
    const refusal = frame.getByTestId('originals-error');
    await expect(refusal).toHaveAttribute('data-code', 'limit_reached');
    await expect(refusal).toContainText(text(errors, 'limit_reached'));
    await expect(balance).toHaveText(/1,000\.00$/);
    await expect(frame.getByTestId('round-history').getByTestId('history-row')).toHaveCount(0);
    await page.screenshot(shot('limit-reached'));
  });

  await test.step('the reality check pauses the next bet; keep playing', async () => {
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const due = await page.request.post('/dev/protection/reality-check-due', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(due.status()).toBe(200);
    await frame.getByTestId('slot-bet').selectOption(String(smallest));
    await frame.getByTestId('spin').click();
    // The studio refuses the bet and tells the page, which reads the session and shows the check.
    const check = page.getByTestId('reality-check');
    await expect(check).toBeVisible();
    await expect(page.getByTestId('reality-check-summary')).toBeVisible();
    await expect(check.getByTestId('reality-check-keep')).toBeFocused();
    // Over the game until the player chooses: once its fade-in has ended, nothing of the game shows through.
    await expect(check).toHaveCSS('opacity', '1');
    await page.screenshot(shot('reality-check'));
    await check.getByTestId('reality-check-keep').click();
    await expect(check).toHaveCount(0);
    await expect(page.getByTestId('play-session-net')).toBeVisible();
  });

  await test.step('self-exclude: signed out with the end date', async () => {
    await openLayout(page, '/member/securityCenter?tab=break');
    await page.getByTestId('break-self_exclusion-start').click();
    const confirm = page.getByTestId('break-confirm');
    await expect(confirm.getByTestId('break-confirm-end')).toContainText(endYear());
    await expect(confirm).toContainText(text(protection, 'break.cannotUndo'));
    await confirm.getByTestId('break-confirm-submit').click();
    const signedOut = page.getByTestId('signed-out-dialog');
    await expect(signedOut.getByTestId('signed-out-message')).toContainText(endYear());
    await expect(signedOut).toHaveCSS('opacity', '1');
    await page.screenshot(shot('signed-out'));
    await signedOut.getByTestId('signed-out-ok').click();
    await expect(page.getByTestId('player-strip')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  await test.step('refused at login, with the end date', async () => {
    await logInOnPage(page, player.username, player.password);
    const refusal = page.getByTestId('login-excluded');
    await expect(refusal).toHaveAttribute('data-kind', 'self_exclusion');
    await expect(refusal.getByTestId('login-excluded-message')).toContainText(endYear());
    await expect(page.getByTestId('login-reopen')).toHaveCount(0);
    await page.screenshot(shot('login-refused'));
  });
}

// Every variant on both screens: EN light and HI dark, each on a desktop and on a 375 px phone (the pop-up
// on a desktop, the /game page on a phone).
for (const { variant, phone } of JOURNEY_MATRIX) {
  test(`limits, the reality check and self-exclusion (${suffix(variant)}, ${phone ? '375 px' : 'desktop'})`, async ({
    page,
  }) => {
    await journey(page, variant, phone);
  });
}
