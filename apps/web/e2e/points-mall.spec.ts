import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect as baseExpect, type FrameLocator, type Page, test } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './support/accounts.ts';
import { artifactPath, openLayout, PASSWORD_HASHING_BOUND_MS } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';
import { JOURNEY_MATRIX, localeTexts, suffix, text, useVariant, type Variant } from './support/variants.ts';
import { walletOps as ops } from './support/wallet-ops.ts';

/**
 * Points and the points mall (issue 19), one journey per variant and screen — EN light and HI dark, each on
 * a desktop and on a 375 px phone — each with a fresh player: set the payment password, play a slot, let
 * the earn job run (the DEV_INBOX hook), see the points in the mall, redeem a reward (withdraw password,
 * address, own mobile, confirmed), see it in process in the history, and approved once the operator CLI
 * approves it. On the `wallet` server (PostgreSQL), so the operator CLI can fund, stock and approve.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const _run = promisify(execFile);
const PAY = 'Pay123456';

test.use({ baseURL: serverUrl('wallet') });
// Registration solves a proof of work and the CLI starts a process: room for a machine with half the CPU.
test.setTimeout(150_000);

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
  await expect(page.locator('[data-testid="game-frame"]')).toHaveAttribute(
    'src',
    /^\/originals\/play\?token=/,
  );
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('originals-screen')).toBeVisible();
  return frame;
}

async function journey(page: Page, variant: Variant, phone: boolean): Promise<void> {
  const points = localeTexts(variant.lang, 'points');
  const shot = (name: string) => ({
    path: artifactPath(test.info(), `points-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`),
  });
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  const player = await registerByUsername(page, variant.lang);
  await ops('wallet:adjust', player.username, '1000', 'e2e', 'funding');
  // A reward of this journey's own, one point, so a few spins pay for it.
  const rewardName = `E2E pin ${player.username}`;
  const reward = JSON.parse(
    await ops(
      'points:reward-add',
      JSON.stringify({ kind: 'goods', nameEn: rewardName, nameHi: rewardName, points: '1', stock: 3 }),
    ),
  ) as { id: string };
  if (phone) await page.setViewportSize({ width: 375, height: 760 });

  await test.step('set the payment password', async () => {
    await openLayout(page, '/member/securityCenter');
    await page.getByTestId('payment-password-open').click();
    await page.getByTestId('payment-password-current').fill(player.password);
    await page.getByTestId('payment-password-new').fill(PAY);
    await page.getByTestId('payment-password-confirm').fill(PAY);
    await page.getByTestId('payment-password-submit').click();
    await expect(page.getByTestId('payment-password-done')).toBeVisible({
      timeout: PASSWORD_HASHING_BOUND_MS,
    });
  });

  await test.step('play a slot and let the earn job run', async () => {
    const frame = await openSlot(page, variant);
    const values = await frame
      .getByTestId('slot-bet')
      .locator('option')
      .evaluateAll((options) => options.map((option) => Number((option as HTMLOptionElement).value)));
    const largest = Math.max(...values);
    await frame.getByTestId('slot-bet').selectOption(String(largest));
    // One point per ₹10.00 of slot turnover (the demo config): enough spins for at least one point.
    const spins = Math.min(10, Math.ceil(1000 / largest));
    const rows = frame.getByTestId('round-history').getByTestId('history-row');
    for (let spin = 1; spin <= spins; spin += 1) {
      await frame.getByTestId('spin').click();
      await expect(rows).toHaveCount(spin);
      await expect(frame.getByTestId('spin')).toBeEnabled({ timeout: 20_000 });
    }
    const earned = await page.request.post('/dev/points/earn-now', { data: {} });
    expect(earned.status()).toBe(200);
  });

  await test.step('see the points in the mall', async () => {
    await openLayout(page, '/pointMall');
    await expect(page.getByTestId('page-point-mall')).toBeVisible();
    const balance = page.getByTestId('points-balance');
    await expect(balance).toHaveAttribute('data-points', /^[1-9][0-9]*$/);
    await expect(page.getByTestId('points-history-empty')).toBeVisible();
    await expect(page.getByTestId('points-reward').first()).toBeVisible();
    await page.screenshot(shot('mall'));
  });

  await test.step('redeem a reward: password, address, own mobile, confirmed', async () => {
    const card = page.locator(`[data-testid="points-reward"][data-reward-id="${reward.id}"]`);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('points-reward-stock')).toHaveAttribute('data-stock', '3');
    await card.getByTestId('points-reward-redeem').click();
    const dialog = page.getByTestId('points-redeem');
    await dialog.getByTestId('points-redeem-address').fill('12 MG Road, Bengaluru 560001');
    await dialog.getByTestId('points-redeem-mobile').fill(player.mobile);
    await dialog.getByTestId('points-redeem-password').fill(PAY);
    await dialog.getByTestId('points-redeem-submit').click();
    const confirm = page.getByTestId('points-redeem-confirm');
    await expect(confirm.getByTestId('points-redeem-confirm-summary')).toContainText(rewardName);
    await page.screenshot(shot('confirm'));
    await confirm.getByTestId('points-redeem-confirm-confirm').click();
    await expect(page.getByTestId('points-done')).toContainText(rewardName);
    const row = page.getByTestId('points-history-row').first();
    await expect(row).toHaveAttribute('data-status', 'in_process');
    await expect(row.getByTestId('points-history-status')).toHaveText(
      text(points, 'history.status.in_process'),
    );
    await expect(card.getByTestId('points-reward-stock')).toHaveAttribute('data-stock', '2');
    await page.screenshot(shot('redeemed'));

    const id = (await row.getAttribute('data-id')) as string;
    await ops('points:approve', id);
    await page.reload();
    const approved = page.locator(`[data-testid="points-history-row"][data-id="${id}"]`);
    await expect(approved).toHaveAttribute('data-status', 'approved');
    await expect(approved.getByTestId('points-history-status')).toHaveText(
      text(points, 'history.status.approved'),
    );
  });
}

// Every variant on both screens: EN light and HI dark, each on a desktop and on a 375 px phone.
for (const { variant, phone } of JOURNEY_MATRIX) {
  test(`earn points and redeem them in the mall (${suffix(variant)}, ${phone ? '375 px' : 'desktop'})`, async ({
    page,
  }) => {
    await journey(page, variant, phone);
  });
}
