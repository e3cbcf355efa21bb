import { expect as baseExpect, type Page, test } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './support/accounts.ts';
import { artifactPath, openLayout } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';
import { JOURNEY_MATRIX, localeTexts, suffix, text, useVariant, type Variant } from './support/variants.ts';
import { walletOps as ops } from './support/wallet-ops.ts';

/**
 * Lotteries (issue 20): a fresh player places a Vietnamese lô bet on the one-minute fast VN draw and a LOTT
 * fast bet (5-digit sum big) on the one-minute 5D draw, watches the countdown run out and the draw arrive,
 * sees both slips settled in My bets and in the betting record, and verifies the draw from its revealed
 * seed on the verify page — per variant and screen (EN light, HI dark; desktop, 375 px). On the `wallet`
 * server (PostgreSQL), whose job queue draws and settles the demo's fast games on their own schedule; both
 * games draw on the same minute, so one wait covers both slips.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ baseURL: serverUrl('wallet') });
// Registration, two bets and up to a minute until the draw, then its settlement: room for a slow machine.
test.setTimeout(300_000);

type Draw = { drawId: string; closesAt: string; status: string };

/** The game's draw open for bets with at least `seconds` left (waits for the next window when too short). */
async function openWindow(page: Page, gameCode: string, seconds: number): Promise<Draw> {
  let found: Draw | null = null;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/lotto/api/games/${gameCode}?language=EN`);
        const draw = ((await answer.json()) as { value?: { nextDraw?: Draw | null } }).value?.nextDraw;
        const left = draw ? Date.parse(draw.closesAt) - Date.now() : 0;
        found = draw && draw.status === 'open' && left > seconds * 1000 ? draw : null;
        return found !== null;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(true);
  return found as unknown as Draw;
}

/** Picks a selection and places the slip through the confirm dialog; the slip id from the notice. */
async function placeBet(page: Page, phone: boolean, betType: string, selection: string): Promise<string> {
  await page.getByTestId(`lottery-bet-type-${betType}`).click();
  await page.getByTestId(`lottery-pick-${selection}`).click();
  const slip = page.getByTestId('lottery-slip');
  await expect(slip).toHaveAttribute('data-lines', '1');
  // On a phone the slip is a bar at the bottom until it is opened.
  if (phone) await slip.getByRole('button').first().click();
  await page.getByTestId('lottery-stake-input').fill('10');
  await page.getByTestId('lottery-place').click();
  const dialog = page.getByTestId('lottery-confirm');
  await expect(dialog).toBeVisible();
  await page.getByTestId('lottery-confirm-confirm').click();
  const placed = page.getByTestId('lottery-placed');
  await expect(placed).toBeVisible();
  const slipId = /LTO-\d+/.exec((await placed.textContent()) ?? '')?.[0];
  expect(slipId, 'the notice names the slip').toBeTruthy();
  return slipId as string;
}

async function journey(page: Page, variant: Variant, phone: boolean): Promise<void> {
  const originals = localeTexts(variant.lang, 'originals');
  const live = localeTexts(variant.lang, 'lotteryLive');
  const lottery = localeTexts(variant.lang, 'lottery');
  const shot = (name: string) => ({
    path: artifactPath(test.info(), `lottery-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`),
  });
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  if (phone) await page.setViewportSize({ width: 375, height: 760 });

  await test.step('a visitor sees the lobby: every game with its countdown and last result', async () => {
    await openLayout(page, '/lottery');
    const card = page.getByTestId('lottery-card-vn-fast-1');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('lottery-countdown')).toHaveAttribute('data-phase', /open|drawing/);
    await expect(page.getByTestId('lottery-card-lott-5d')).toBeVisible();
    await page.screenshot(shot('lobby'));
  });

  const player = await registerByUsername(page, variant.lang);
  await ops('wallet:adjust', player.username, '1000', 'e2e', 'lottery journey stake money');

  let vnDraw: Draw | null = null;
  let vnSlip = '';
  await test.step('a lô bet on the fast Vietnamese draw', async () => {
    await openLayout(page, '/vnLottery?gameCode=vn-fast-1');
    await expect(page.getByTestId('lottery-game')).toHaveAttribute('data-game-code', 'vn-fast-1');
    vnDraw = await openWindow(page, 'vn-fast-1', 20);
    vnSlip = await placeBet(page, phone, 'lo2', '27');
    await page.screenshot(shot('vn-placed'));
  });

  let lottSlip = '';
  await test.step('a LOTT fast bet: the 5-digit sum is big', async () => {
    await openLayout(page, '/lott?game=lott-5d');
    await expect(page.getByTestId('lottery-game')).toHaveAttribute('data-game-code', 'lott-5d');
    await openWindow(page, 'lott-5d', 12);
    lottSlip = await placeBet(page, phone, 'sumbs', 'big');
  });

  await test.step('the countdown runs out, the draw arrives and both slips settle', async () => {
    await page.getByTestId('lottery-tab-my-bets').click();
    const mine = page.getByTestId(`lottery-slip-${lottSlip}`);
    await expect(mine).toHaveAttribute('data-status', 'placed');
    await expect(page.getByTestId('lottery-countdown').first()).toHaveAttribute('data-phase', 'drawing', {
      timeout: 90_000,
    });
    // Settled, the slip leaves the open list (the draw's push refreshes it) for the settled one.
    await expect(mine).toHaveCount(0, { timeout: 90_000 });
    const settledTab = () => page.getByTestId('lottery-my-bets').getByText(text(lottery, 'myBets.settled'));
    await settledTab().click();
    await expect(mine).toHaveAttribute('data-status', 'settled');
    await expect(mine.getByTestId('lottery-slip-payout')).toBeVisible();
    await page.screenshot(shot('lott-settled'));
    await openLayout(page, '/vnLottery?gameCode=vn-fast-1');
    await page.getByTestId('lottery-tab-my-bets').click();
    await settledTab().click();
    await expect(page.getByTestId(`lottery-slip-${vnSlip}`)).toHaveAttribute('data-status', 'settled');
  });

  await test.step('the betting record shows both slips settled', async () => {
    await openLayout(page, '/member/personalHistoryCopy');
    for (const slipId of [vnSlip, lottSlip]) {
      const row = page.getByTestId('bet-row').filter({ hasText: slipId });
      await expect(row).toHaveAttribute('data-status', 'settled');
    }
    await page.screenshot(shot('bet-record'));
  });

  await test.step('the draw verifies from its revealed seed', async () => {
    const drawId = (vnDraw as unknown as Draw).drawId;
    await openLayout(page, '/vnLottery?gameCode=vn-fast-1');
    await page.getByTestId('lottery-tab-results').click();
    await page.getByTestId(`lottery-history-${drawId}-verify`).click();
    await expect(page.getByTestId('lottery-verify')).toBeVisible();
    await expect(page.getByTestId('lottery-verify-draw-id')).toHaveValue(drawId);
    await expect(page.getByTestId('lottery-hash-check')).toHaveText(text(originals, 'verify.hashOk'));
    await expect(page.getByTestId('lottery-result-check')).toHaveText(text(live, 'verify.resultOk'));
    await page.screenshot(shot('verified'));
  });
}

for (const { variant, phone } of JOURNEY_MATRIX) {
  test(`bet on a VN lô and a LOTT fast draw, see them settle and verify the draw (${suffix(variant)}, ${phone ? '375 px' : 'desktop'})`, async ({
    page,
  }) => {
    await journey(page, variant, phone);
  });
}
