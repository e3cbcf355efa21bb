import { randomUUID } from 'node:crypto';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './support/accounts.ts';
import { artifactPath, openLayout } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';
import { JOURNEY_MATRIX, localeTexts, suffix, text, useVariant, type Variant } from './support/variants.ts';
import { walletOps as ops } from './support/wallet-ops.ts';

/**
 * Raffles (issue 19): a fresh player opens a red envelope and verifies it, per variant and screen — EN light
 * and HI dark, each on a desktop and on a 375 px phone. The operator CLI makes a campaign of its own (its
 * seed's hash published at the start), grants the player a ticket, and ends it after the opening, which
 * reveals the seed; the verify page then recomputes the prize in the browser and matches the hash. On the
 * `wallet` server (PostgreSQL), so the CLI runs while the server does.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ baseURL: serverUrl('wallet') });
// Registration solves a proof of work and the CLI starts a process: room for a machine with half the CPU.
test.setTimeout(150_000);

/** A running red envelope of its own: every ticket draws ₹5, ₹10 or ₹50. */
async function campaignFor(variant: Variant, phone: boolean): Promise<{ code: string; seedHash: string }> {
  const code = `e2e-${suffix(variant)}-${phone ? 'p' : 'd'}-${randomUUID().slice(0, 8)}`;
  const now = Date.now();
  const created = JSON.parse(
    await ops(
      'raffle:create',
      JSON.stringify({
        code,
        kind: 'red_envelope',
        nameEn: 'E2E red envelope',
        nameHi: 'ई2ई लाल लिफ़ाफ़ा',
        startsAt: new Date(now - 60_000).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        budget: '500',
        prizes: [
          { amount: '5', weight: 6 },
          { amount: '10', weight: 3 },
          { amount: '50', weight: 1 },
        ],
        rules: {},
      }),
    ),
  ) as { seedHash: string };
  await ops('raffle:start', code);
  return { code, seedHash: created.seedHash };
}

async function journey(page: Page, variant: Variant, phone: boolean): Promise<void> {
  const raffles = localeTexts(variant.lang, 'raffles');
  const originals = localeTexts(variant.lang, 'originals');
  const shot = (name: string) => ({
    path: artifactPath(test.info(), `raffles-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`),
  });
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  const player = await registerByUsername(page, variant.lang);
  const campaign = await campaignFor(variant, phone);
  await ops('raffle:grant', campaign.code, player.username, '1', 'e2e');
  if (phone) await page.setViewportSize({ width: 375, height: 760 });
  const card = page.getByTestId(`raffle-${campaign.code}`);

  let ticketId = '';
  let prizeMinor = '';
  await test.step('open a red envelope: the prize, the ticket and the published hash', async () => {
    await openLayout(page, '/member/raffles');
    await expect(card).toBeVisible();
    await expect(card.getByTestId(`raffle-${campaign.code}-hash`)).toHaveText(campaign.seedHash);
    await expect(card.getByTestId(`raffle-${campaign.code}-tickets`)).toHaveText(
      text(raffles, 'ticketsLeft_one').replace('{{count}}', '1'),
    );
    await card.getByTestId(`raffle-${campaign.code}-open`).click();
    const dialog = page.getByRole('dialog', { name: text(raffles, 'open.title.red_envelope') });
    await expect(dialog).toBeVisible();
    await page.screenshot(shot('closed'));
    await dialog.getByTestId('raffle-open-confirm').click();
    const prize = dialog.getByTestId('raffle-prize');
    await expect(prize).toHaveText(/^₹(5|10|50)\.00$/);
    prizeMinor = (await prize.getAttribute('data-prize-minor')) ?? '';
    ticketId = ((await dialog.getByTestId('raffle-ticket').textContent()) ?? '').replace(/\D/g, '');
    expect(ticketId).not.toBe('');
    await page.screenshot(shot('opened'));
    await dialog.getByTestId('raffle-close').click();
    await expect(dialog).toHaveCount(0);
    // No ticket left (Hindi counts 0 with the singular form, so only the number is compared).
    await expect(card.getByTestId(`raffle-${campaign.code}-tickets`)).toHaveText(/^0\D/);
    await expect(card.getByTestId(`raffle-${campaign.code}-open`)).toBeDisabled();
  });

  await test.step('the campaign ends: the seed is revealed and the prize verifies', async () => {
    await ops('raffle:end', campaign.code);
    await openLayout(page, '/member/raffles');
    await page.getByTestId(`raffle-draw-${ticketId}-verify`).click();
    await expect(page.getByTestId('raffle-verify')).toBeVisible();
    await expect(page.getByTestId('raffle-verify-ticket')).toHaveValue(ticketId);
    await expect(page.getByTestId('raffle-hash-check')).toHaveText(text(originals, 'verify.hashOk'));
    await expect(page.getByTestId('raffle-prize-check')).toHaveText(text(raffles, 'verify.prizeOk'));
    await expect(page.getByTestId('raffle-computed-hash')).toHaveText(campaign.seedHash);
    await expect(page.getByTestId('raffle-verify-prize')).toContainText(`${BigInt(prizeMinor) / 100n}.00`);
    await page.screenshot(shot('verified'));
  });
}

for (const { variant, phone } of JOURNEY_MATRIX) {
  test(`open a red envelope and verify it (${suffix(variant)}, ${phone ? '375 px' : 'desktop'})`, async ({
    page,
  }) => {
    await journey(page, variant, phone);
  });
}
