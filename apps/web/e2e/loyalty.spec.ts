import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect as baseExpect, type FrameLocator, type Page, test } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './support/accounts.ts';
import { artifactPath, openLayout } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';
import { JOURNEY_MATRIX, localeTexts, suffix, text, useVariant, type Variant } from './support/variants.ts';
import { walletOps as ops } from './support/wallet-ops.ts';

/**
 * Loyalty (issue 19), one journey per variant and screen — EN light and HI dark, each on a desktop and on a
 * 375 px phone — each with a fresh player: play real spins of a studio slot; the rank page shows the
 * 30-day turnover moving towards the next level; personal P/L shows the day's play (its stakes, rounds and
 * game type); the rebate job pays the day (the DEV_INBOX hook `POST /dev/loyalty/run-now`: a day is paid only
 * after it ends, at midnight UTC) and the rebate appears in the reward centre and the rank page's history.
 * On the `wallet` server (PostgreSQL), so the operator CLI can fund the player while the server runs.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const _run = promisify(execFile);
const SPINS = 2;

test.use({ baseURL: serverUrl('wallet') });
test.setTimeout(120_000);

/** The slot the journey plays, as the lobby names it in each language. */
const SLOT_NAME: Record<Variant['lang'], string> = { EN: 'Tiger Temple', HI: 'टाइगर टेम्पल' };

async function openSlot(page: Page, variant: Variant): Promise<FrameLocator> {
  await openLayout(page, '/rng');
  await page
    .getByTestId('game-tile')
    .filter({ has: page.getByText(SLOT_NAME[variant.lang], { exact: true }) })
    .getByTestId('game-tile-play')
    .click();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('originals-screen')).toBeVisible();
  return frame;
}

/** As the pages write an amount: thousands grouped by commas, two decimals. */
const rupees = (minor: bigint) =>
  `${String(minor / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(minor % 100n).padStart(2, '0')}`;

async function journey(page: Page, variant: Variant, phone: boolean): Promise<void> {
  const rank = localeTexts(variant.lang, 'playerRank');
  const loyalty = localeTexts(variant.lang, 'loyalty');
  const shot = (name: string) => ({
    path: artifactPath(test.info(), `loyalty-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`),
  });
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  const player = await registerByUsername(page, variant.lang);
  await ops('wallet:adjust', player.username, '1000', 'e2e', 'loyalty journey stake money');
  if (phone) await page.setViewportSize({ width: 375, height: 760 });
  const today = new Date().toISOString().slice(0, 10);
  let staked = 0n;

  await test.step('play real spins of a slot', async () => {
    const frame = await openSlot(page, variant);
    const bet = frame.getByTestId('slot-bet');
    const values = await bet
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const largest = values.map(BigInt).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))[0];
    if (largest === undefined) throw new Error('the slot offers no stakes');
    await bet.selectOption(String(largest));
    for (let spin = 1; spin <= SPINS; spin += 1) {
      await frame.getByTestId('spin').click();
      await expect(frame.getByTestId('round-history').getByTestId('history-row')).toHaveCount(spin);
      await expect(frame.getByTestId('spin')).toBeEnabled({ timeout: 20_000 });
      staked += largest;
    }
  });

  await test.step('the rank page shows progress to the next level', async () => {
    await openLayout(page, '/playerRank');
    const progress = page.getByTestId('page-player-rank-progress');
    await expect(progress.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(progress).toContainText(text(rank, 'progress.turnover'));
    await expect(page.getByTestId('page-player-rank-progress-turnover-figures')).toContainText(
      rupees(staked),
    );
    await expect(page.getByTestId('page-player-rank-progress-gives')).toBeVisible();
    await page.getByTestId('page-player-rank-progress').scrollIntoViewIfNeeded();
    await page.screenshot(shot('rank-progress'));
  });

  await test.step("personal P/L shows the day's play", async () => {
    await openLayout(page, '/member/personalProfit');
    const profit = page.getByTestId('personal-profit');
    await profit.getByTestId('profit-shortcut-today').click();
    await expect(profit.getByTestId('profit-total-rounds')).toHaveText(String(SPINS));
    await expect(profit.getByTestId('profit-total-stakeMinor')).toContainText(rupees(staked));
    await expect(profit.getByTestId('profit-day')).toHaveCount(1);
    await expect(profit.getByTestId('profit-game-type').first()).toContainText(
      text(loyalty, 'gameTypes.RNG'),
    );
    await expect(profit.getByTestId('profit-chart')).toBeVisible();
    await page.screenshot(shot('profit'));
  });

  await test.step('after the rebate job, the rebate is in the reward centre and the rank page', async () => {
    const paid = await page.request.post('/dev/loyalty/run-now');
    expect(paid.status()).toBe(200);
    await openLayout(page, '/member/rewardCenter');
    const list = page.getByTestId('rewards-list');
    await expect(list).toContainText(variant.lang === 'HI' ? `दैनिक रिबेट ${today}` : `Daily rebate ${today}`);
    await page.screenshot(shot('reward-centre'));
    await openLayout(page, '/playerRank');
    await expect(page.getByTestId('page-player-rank-rebates-row')).toHaveCount(1);
    await expect(page.getByTestId('page-player-rank-rebates-row')).toContainText(
      text(rank, 'rebates.status.unclaimed'),
    );
  });
}

for (const { variant, phone } of JOURNEY_MATRIX) {
  test(`play, rank progress, personal P/L and the day's rebate (${suffix(variant)}, ${phone ? '375 px' : 'desktop'})`, async ({
    page,
  }) => {
    await journey(page, variant, phone);
  });
}
