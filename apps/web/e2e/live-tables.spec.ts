import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './support/accounts.ts';
import { artifactPath, openLayout } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';
import { JOURNEY_MATRIX, suffix, useVariant, type Variant } from './support/variants.ts';
import { walletOps as ops } from './support/wallet-ops.ts';

/**
 * The live tables (issue 22): two players in two browsers open the same baccarat table, both bet in one
 * betting window (one confirm each), the round deals, and both see the same result and their own
 * settlement — per variant and screen (EN light desktop, HI dark 375 px), with the lobby and the table
 * checked for sideways scroll at 375 px. On the `wallet` server (PostgreSQL, DEV_INBOX), whose
 * `/dev/live/advance` moves the table to its next phase at once, so nothing waits on the table's clock.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const TABLE = 'baccarat-1';
const PHASES = ['betting', 'closed', 'dealing', 'result'] as const;

test.use({ baseURL: serverUrl('wallet') });
// Both journeys drive the same table's rounds: one after the other.
test.describe.configure({ mode: 'serial' });
// Two registrations and their funding (the operator CLI) take most of it on a busy two-core machine.
test.setTimeout(480_000);

/** The table's phase and round as the public read answers them. */
type TableNow = { phase: (typeof PHASES)[number]; roundId: string; roundNo: number };

async function tableNow(page: Page): Promise<TableNow> {
  const answer = await page.request.get(`/api/live/tables/${TABLE}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { value: TableNow }).value;
}

/** Moves the table `steps` phases on now (the dev route also settles what that decided). */
async function advance(page: Page, steps: number): Promise<void> {
  const answer = await page.request.post('/dev/live/advance', { data: { code: TABLE, steps } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** A fresh betting window: from any phase to the next round's betting (its whole window ahead). */
async function freshRound(page: Page): Promise<TableNow> {
  const { phase } = await tableNow(page);
  const at = PHASES.indexOf(phase);
  await advance(page, at === 0 ? 4 : 4 - at);
  const now = await tableNow(page);
  expect(now.phase).toBe('betting');
  return now;
}

/** The page scrolls sideways neither on the lobby nor on the table (the phone check). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(widths.scroll, `scrollWidth ${widths.scroll} > clientWidth ${widths.client}`).toBeLessThanOrEqual(
    widths.client,
  );
}

/** A funded player (₹1,000) in their own browser context, in the variant and screen. */
async function player(browser: Browser, variant: Variant, phone: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: serverUrl('wallet'),
    viewport: phone ? { width: 375, height: 760 } : { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  const account = await registerByUsername(page, variant.lang);
  await ops('wallet:adjust', account.username, '1000', 'e2e', 'live tables journey stake money');
  return page;
}

for (const { variant, phone } of JOURNEY_MATRIX) {
  const screen = phone ? 'phone' : 'desktop';
  test(`two players at one baccarat table (${suffix(variant)}, ${screen})`, async ({ browser }) => {
    const shot = (name: string) => ({
      path: artifactPath(test.info(), `live-tables-${name}-${suffix(variant)}-${screen}.png`),
    });
    const [alice, bob] = await Promise.all([
      player(browser, variant, phone),
      player(browser, variant, phone),
    ]);

    await test.step('the lobby lists the table with its phase, countdown and road', async () => {
      await openLayout(alice, '/live');
      const card = alice.getByTestId(`live-table-${TABLE}`);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('live-countdown')).toBeVisible();
      await expect(card.getByTestId('road-bead')).toBeVisible();
      await alice.screenshot(shot('lobby'));
      if (phone) await expectNoSidewaysScroll(alice);
      await card.getByTestId(`live-play-${TABLE}`).click();
      await expect(alice.getByTestId('live-table')).toHaveAttribute('data-code', TABLE);
      await openLayout(bob, `/live/${TABLE}`);
      // The rack shows once each player's live session is open.
      for (const page of [alice, bob]) await expect(page.getByTestId('bet-rack')).toBeVisible();
    });

    const spots = [
      { page: alice, spot: 'player' },
      { page: bob, spot: 'banker' },
    ];
    let roundId = '';
    await test.step('both bet in one betting window, one confirm each', async () => {
      // The window is the table's 15 s: both players bet at once, and a round missed (a slow machine) is
      // left with its refusal dismissed for the next fresh round.
      await expect(async () => {
        for (const { page } of spots) {
          const dialog = page.getByTestId('live-confirm');
          if (await dialog.isVisible()) {
            await page.keyboard.press('Escape');
            await expect(dialog).toBeHidden();
          }
        }
        const round = await freshRound(alice);
        roundId = round.roundId;
        await Promise.all(
          spots.map(async ({ page, spot }) => {
            const banner = page.getByTestId('live-phase-banner');
            await expect(banner).toHaveAttribute('data-round-no', String(round.roundNo));
            await expect(banner).toHaveAttribute('data-phase', 'betting');
            await page.getByTestId(`spot-${spot}`).click();
            await expect(page.getByTestId(`chip-${spot}`)).toBeVisible();
            await page.getByTestId('live-place').click();
            await expect(page.getByTestId('live-confirm')).toBeVisible();
            if (page === alice) await page.screenshot(shot('confirm'));
            await page.getByTestId('live-confirm-confirm').click();
            await expect(page.getByTestId('live-confirm')).toBeHidden();
            await expect(page.getByTestId('live-my-stake')).toHaveAttribute(
              'data-round-no',
              String(round.roundNo),
            );
          }),
        );
      }).toPass({ timeout: 150_000 });
      await alice.screenshot(shot('bets-placed'));
    });

    await test.step('the round deals; both see the same result and their own settlement', async () => {
      // To the deal: the cards come out face down and flip one by one (screenshot), then the result.
      await advance(alice, 2);
      await expect(alice.getByTestId('live-outcome')).toBeVisible();
      await alice.screenshot(shot('deal'));
      const now = await tableNow(alice);
      if (now.roundId === roundId && now.phase === 'dealing') await advance(alice, 1);
      const verify = await alice.request.get(`/api/live/rounds/${roundId}/verify`);
      expect(verify.ok(), await verify.text()).toBe(true);
      const round = ((await verify.json()) as { value: { roundNo: number; outcome: { winner: string } } })
        .value;
      // The table's clock moves on from the result within seconds: the screens keep the round's own result
      // (the player's, and the results strip) through the next betting window, named by its number.
      const marks: string[] = [];
      for (const { page } of spots) {
        const mine = page.getByTestId('live-my-result');
        await expect(mine).toHaveAttribute('data-round-no', String(round.roundNo), { timeout: 30_000 });
        const mark = page.getByTestId('live-last-results').locator(`[data-round-no="${round.roundNo}"]`);
        await expect(mark).toBeVisible();
        marks.push((await mark.textContent()) ?? '');
      }
      expect(marks[0]).not.toBe('');
      expect(marks[1]).toBe(marks[0]);
      // Player (alice) against banker (bob): each settled by the round's one outcome; a tie returns both.
      const nets = await Promise.all(
        spots.map(async ({ page }) =>
          BigInt((await page.getByTestId('live-my-result').getAttribute('data-net')) ?? 'x'),
        ),
      );
      const expected = { player: [1n, -1n], banker: [-1n, 1n], tie: [0n, 0n] }[round.outcome.winner];
      expect(nets.map((net) => (net > 0n ? 1n : net < 0n ? -1n : 0n))).toEqual(expected);
      await alice.screenshot(shot('result'));
      await bob.screenshot(shot('result-other'));
      if (phone) await expectNoSidewaysScroll(alice);
    });

    await test.step('a past round opens its verify data', async () => {
      await alice.getByTestId('live-verify-links').getByRole('button').first().click();
      await expect(alice.getByTestId('live-verify-commitment')).toBeVisible();
      await alice.screenshot(shot('verify'));
    });
    await alice.context().close();
    await bob.context().close();
  });
}

// The live roulette's whole layout (splits, streets, corners and lines on the grid's lines) fits a phone:
// a visitor's look, in both variants, without the journeys' registrations (seconds, not minutes).
for (const { variant, phone } of JOURNEY_MATRIX) {
  const screen = phone ? 'phone' : 'desktop';
  test(`the roulette table's full layout (${suffix(variant)}, ${screen})`, async ({ page }) => {
    await page.setViewportSize(phone ? { width: 375, height: 760 } : { width: 1366, height: 900 });
    await useVariant(page, variant);
    await openLayout(page, '/live/roulette-1');
    const table = page.getByTestId('roulette-table');
    await expect(table).toBeVisible();
    for (const id of [
      'roulette-0',
      'roulette-36',
      'roulette-column-1',
      'roulette-high',
      'roulette-split-8-11',
    ]) {
      await expect(page.getByTestId(id)).toBeAttached();
    }
    // A corner's hotspot sits where its four numbers meet, inside the table's box.
    const corner = await page.getByTestId('roulette-corner-1-2-4-5').boundingBox();
    const two = await page.getByTestId('roulette-2').boundingBox();
    const five = await page.getByTestId('roulette-5').boundingBox();
    expect(corner && two && five, 'boxes').toBeTruthy();
    if (corner && two && five) {
      const x = corner.x + corner.width / 2;
      const y = corner.y + corner.height / 2;
      expect(Math.abs(x - (two.x + two.width + five.x) / 2)).toBeLessThan(3);
      expect(Math.abs(y - (two.y + two.height))).toBeLessThan(3);
    }
    await page.screenshot({
      path: artifactPath(test.info(), `live-tables-roulette-${suffix(variant)}-${screen}.png`),
    });
    if (phone) await expectNoSidewaysScroll(page);
  });
}
