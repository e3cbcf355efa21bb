import { expect as baseExpect, type FrameLocator, type Page, test } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './support/accounts.ts';
import { artifactPath, openLayout, PASSWORD_HASHING_BOUND_MS } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';
import { JOURNEY_MATRIX, localeTexts, suffix, text, useVariant, type Variant } from './support/variants.ts';
import { walletOps as ops } from './support/wallet-ops.ts';

/**
 * The promotion engine (issue 19), one journey per variant and screen — EN light and HI dark, each on a
 * desktop and on a 375 px phone — each with a fresh player: join the seeded welcome bonus (100 % of the first
 * deposit, 10× wagering, slots 100 %), deposit through the gateway simulator, claim it and see it issued;
 * play part of the wagering in an in-house slot and see the progress in Bonus details; a withdrawal of the
 * whole balance is refused with the wagering progress; forfeit ends it. On the `wallet` server (PostgreSQL,
 * gateway simulator).
 */

const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ baseURL: serverUrl('wallet') });
// Registration solves a proof of work; the journey deposits, plays and withdraws: room for half the CPU.
test.setTimeout(150_000);

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

/** The seeded welcome bonus's id (its English title), from the public promotions list. */
async function welcomeBonusId(page: Page): Promise<number> {
  const answer = await page.request.get('/wps/content/promotions?language=EN');
  const list = ((await answer.json()) as { value: { list: { id: number; title: string }[] } }).value.list;
  const found = list.find((promotion) => promotion.title.startsWith('Welcome bonus'));
  if (!found) throw new Error('no welcome bonus');
  return found.id;
}

/** The part of a text before its first placeholder: what the page shows whatever the figures. */
const fixedPart = (template: string) => template.split('{{')[0] ?? template;

async function confirm(page: Page, testId: string): Promise<void> {
  const dialog = page.getByTestId(testId);
  await dialog.getByTestId(`${testId}-confirm`).click();
  await expect(dialog).toHaveCount(0);
}

async function journey(page: Page, variant: Variant, phone: boolean): Promise<void> {
  const bonuses = localeTexts(variant.lang, 'bonuses');
  const errors = localeTexts(variant.lang, 'errors');
  const shot = (name: string) => ({
    path: artifactPath(
      test.info(),
      `promotions-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`,
    ),
  });
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  const player = await registerByUsername(page, variant.lang);
  if (phone) await page.setViewportSize({ width: 375, height: 760 });
  const promotionId = await welcomeBonusId(page);
  const status = page.getByTestId('promo-status');

  await test.step('join the welcome bonus: signed up until the first deposit', async () => {
    await openLayout(page, `/promoDetail?id=${promotionId}`);
    await expect(page.getByTestId('promo-rule-award')).toBeVisible();
    await expect(status).toHaveAttribute('data-status', 'join');
    await page.getByTestId('promo-apply').click();
    await confirm(page, 'promo-confirm');
    await expect(status).toHaveAttribute('data-status', 'joined');
    await expect(page.getByTestId('promo-apply-note')).toHaveText(text(bonuses, 'note.joined'));
  });

  await test.step('deposit 500.00 through the gateway simulator', async () => {
    await openLayout(page, '/member/depositv2');
    await page.getByTestId('deposit-prompt-skip').click();
    await page.getByTestId('deposit-method-sim-upi').click();
    await page.getByTestId('deposit-quick-500').click();
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('deposit-confirm').getByTestId('deposit-confirm-submit').click();
    await page.waitForURL(/\/sim\/gateway\/pay\?/);
    // The simulator's page is in the player's language: its pay button by its value.
    await page.locator('button[name="outcome"][value="pay"]').click();
    await page.waitForURL(/\/member\/depositv2\?deposit=\d+$/);
    await expect(page.getByTestId('deposit-return')).toHaveAttribute('data-status', 'approved');
  });

  await test.step('claim: the bonus is issued', async () => {
    await openLayout(page, `/promoDetail?id=${promotionId}`);
    await expect(status).toHaveAttribute('data-status', 'claim');
    await page.getByTestId('promo-apply').click();
    await confirm(page, 'promo-confirm');
    await expect(page.getByTestId('promo-apply-done')).toContainText('500.00');
    await expect(status).toHaveAttribute('data-status', 'claimed');
    await expect(page.getByTestId('header-balance')).toContainText('1,000.00');
    await page.screenshot(shot('issued'));
  });

  await test.step('play part of the wagering: the progress shows in Bonus details', async () => {
    const frame = await openSlot(page, variant);
    await frame.getByTestId('slot-bet').selectOption('10000');
    await frame.getByTestId('spin').click();
    await expect(frame.getByTestId('round-history').getByTestId('history-row')).toHaveCount(1);
    await openLayout(page, '/member/bonusDetails');
    const bonus = page.locator('[data-testid^="bonus-"][data-status="open"]').first();
    await expect(bonus).toBeVisible();
    // 100.00 on a slot of the 5,000.00 required: 2 %.
    await expect(bonus.locator('[data-percent]')).toHaveAttribute('data-percent', '2');
    await expect(page.getByTestId('bonuses-locked')).toContainText('500.00');
    await page.screenshot(shot('progress'));
  });

  await test.step('a withdrawal of the whole balance is refused with the progress', async () => {
    await openLayout(page, '/member/securityCenter');
    await page.getByTestId('payment-password-open').click();
    await page.getByTestId('payment-password-current').fill(player.password);
    await page.getByTestId('payment-password-new').fill('Pay123456');
    await page.getByTestId('payment-password-confirm').fill('Pay123456');
    await page.getByTestId('payment-password-submit').click();
    await expect(page.getByTestId('payment-password-done')).toBeVisible({
      timeout: PASSWORD_HASHING_BOUND_MS,
    });
    await page.getByTestId('payout-add-open').click();
    await page.getByTestId('payout-provider').fill('State Bank of India');
    await page.getByTestId('payout-number').fill('123456789012');
    await page.getByTestId('payout-ifsc').fill('sbin0001234');
    await page.getByTestId('payout-payee-name').fill('E2E Player');
    await page.getByTestId('payout-add-submit').click();
    await expect(page.getByTestId('payout-account')).toHaveCount(1);

    await openLayout(page, '/member/withdraw');
    await page.getByTestId('withdraw-all').click();
    await page.getByTestId('withdraw-password').fill('Pay123456');
    await page.getByTestId('withdraw-submit').click();
    const dialog = page.getByTestId('withdraw-confirm');
    await dialog.getByTestId('withdraw-confirm-submit').click();
    const refusal = dialog.getByTestId('withdraw-confirm-error');
    await expect(refusal).toContainText(fixedPart(text(errors, 'bonus_wagering_open')));
    await expect(refusal).toContainText('(2%)');
    await page.screenshot(shot('refused'));
    await dialog.getByTestId('withdraw-confirm-cancel').click();
  });

  await test.step('forfeit: the bonus ends and nothing is locked', async () => {
    await openLayout(page, '/member/bonusDetails');
    await page.locator('[data-testid$="-forfeit"]').first().click();
    await confirm(page, 'bonus-forfeit-confirm');
    await expect(page.getByTestId('bonuses-done')).toHaveText(text(bonuses, 'forfeit.done'));
    await expect(page.getByTestId('bonuses-locked')).toHaveText(text(bonuses, 'page.lockedNone'));
    const state = JSON.parse(await ops('promotion:wagering', player.username)) as { locked: string };
    expect(state.locked).toBe('0.00');
  });
}

for (const { variant, phone } of JOURNEY_MATRIX) {
  test(`join, deposit, claim, wager, refused withdrawal, forfeit (${suffix(variant)}, ${phone ? '375 px' : 'desktop'})`, async ({
    page,
  }) => {
    await journey(page, variant, phone);
  });
}
