import { expect as baseExpect, type Page, test } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './support/accounts.ts';
import { artifactPath, openLayout } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';
import { JOURNEY_MATRIX, localeTexts, suffix, text, useVariant, type Variant } from './support/variants.ts';

/**
 * Free rounds as a promotion award (issue 19, docs/promotion-engine.md "Free rounds"), in EN light and HI
 * dark, each on a desktop and on a 375 px phone, each with a fresh player who has no money: join the seeded
 * `lotus-free-spins` (10 rounds of Lotus Fortune at 10.00), see the grant in Bonus details, press Play, spin
 * a free round without choosing a stake ("Free round 1 of 10"), and see 9 rounds left. On the `wallet`
 * server (PostgreSQL), where the studio has its wallet secret.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ baseURL: serverUrl('wallet') });
test.setTimeout(120_000);

async function freeSpinsId(page: Page): Promise<number> {
  const answer = await page.request.get('/wps/content/promotions?language=EN');
  const list = ((await answer.json()) as { value: { list: { id: number; title: string }[] } }).value.list;
  const found = list.find((promotion) => promotion.title.startsWith('10 free spins'));
  if (!found) throw new Error('no free spins promotion');
  return found.id;
}

async function journey(page: Page, variant: Variant, phone: boolean): Promise<void> {
  const bonuses = localeTexts(variant.lang, 'bonuses');
  const originals = localeTexts(variant.lang, 'originals');
  const shot = (name: string) => ({
    path: artifactPath(
      test.info(),
      `free-rounds-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`,
    ),
  });
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  await registerByUsername(page, variant.lang);
  if (phone) await page.setViewportSize({ width: 375, height: 760 });
  const promotionId = await freeSpinsId(page);

  await test.step('join the free spins promotion: the rounds are issued at once', async () => {
    await openLayout(page, `/promoDetail?id=${promotionId}`);
    await expect(page.getByTestId('promo-rule-award')).toBeVisible();
    await page.getByTestId('promo-apply').click();
    const dialog = page.getByTestId('promo-confirm');
    await dialog.getByTestId('promo-confirm-confirm').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('promo-apply-done')).toHaveText(text(bonuses, 'done.freeRounds'));
    await expect(page.getByTestId('promo-status')).toHaveAttribute('data-status', 'issued');
  });

  await test.step('Bonus details: 10 rounds left and a Play link', async () => {
    await openLayout(page, '/member/bonusDetails');
    const grant = page.locator('[data-testid^="free-round-"][data-status="active"]').first();
    await expect(grant).toBeVisible();
    await expect(grant.locator('[data-left]')).toHaveAttribute('data-left', '10');
    await page.screenshot(shot('granted'));
    await grant.locator('[data-testid$="-play"]').click();
  });

  await test.step('the studio plays a free round without a stake choice', async () => {
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('originals-screen')).toBeVisible();
    await expect(frame.getByTestId('free-round-counter')).toHaveText(text(originals, 'slot.freeRoundsReady'));
    await expect(frame.getByTestId('slot-bet')).toHaveCount(0);
    await frame.getByTestId('spin').click();
    await expect(frame.getByTestId('free-round-counter')).toHaveText(
      text(originals, 'slot.freeRound').replace('{{n}}', '1').replace('{{total}}', '10'),
    );
    await expect(frame.getByTestId('round-history').getByTestId('history-row')).toHaveCount(1);
    await page.screenshot(shot('played'));
  });

  await test.step('Bonus details: 9 rounds left', async () => {
    await openLayout(page, '/member/bonusDetails');
    const grant = page.locator('[data-testid^="free-round-"][data-status="active"]').first();
    await expect(grant.locator('[data-left]')).toHaveAttribute('data-left', '9');
  });
}

for (const { variant, phone } of JOURNEY_MATRIX) {
  test(`join, see the grant, play a free round (${suffix(variant)}, ${phone ? '375 px' : 'desktop'})`, async ({
    page,
  }) => {
    await journey(page, variant, phone);
  });
}
