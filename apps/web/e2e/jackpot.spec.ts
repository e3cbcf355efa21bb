import { randomUUID } from 'node:crypto';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { registerByUsername, useOwnAddress } from './support/accounts.ts';
import { artifactPath, openLayout } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';
import { JOURNEY_MATRIX, suffix, useVariant, type Variant } from './support/variants.ts';
import { walletOps as ops } from './support/wallet-ops.ts';

/**
 * The progressive jackpot (issue 19, docs/jackpot.md): the home counter shows the demo brand's real pot
 * (the seeded Lotus Mega Jackpot over the studio slots), a spin in a covered slot makes it grow — read again
 * on the next visit, and pushed over the realtime socket to the open home page without a reload — in EN light
 * and HI dark, each on a desktop and on a 375 px phone. On the `wallet` server (PostgreSQL), so the operator
 * CLI can fund the player; other journeys play there too, so the pot is only ever checked to grow.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ baseURL: serverUrl('wallet') });
test.setTimeout(120_000);

const JACKPOT_NAME: Record<Variant['lang'], string> = { EN: 'Lotus Mega Jackpot', HI: 'लोटस मेगा जैकपॉट' };
// A jackpot slot (issue 22: lotus-fortune, golden-diya and lakshmi-coins feed the demo jackpot).
const SLOT_NAME: Record<Variant['lang'], string> = { EN: 'Lotus Fortune', HI: 'लोटस फ़ॉर्च्यून' };
/** The seeded pot: ₹1,00,000.00. */
const SEED_MINOR = 10_000_000;

const potOf = async (value: Locator) => Number(await value.getAttribute('data-value-minor'));

/** The home counter, showing the real pot: answers its value element and the figure. */
async function homePot(page: Page, variant: Variant): Promise<{ value: Locator; minor: number }> {
  await openLayout(page, '/');
  const counter = page.getByTestId('jackpot-counter');
  await expect(counter.getByRole('heading', { name: JACKPOT_NAME[variant.lang] })).toBeVisible();
  const value = counter.getByTestId('jackpot-value');
  await expect(value).toHaveAttribute('data-code', 'LOTUS-MEGA');
  await expect.poll(() => potOf(value)).toBeGreaterThanOrEqual(SEED_MINOR / 2);
  return { value, minor: await potOf(value) };
}

/** One real round of Lotus Fortune at its largest stake, played through the site's own calls. */
async function spinThroughApi(page: Page): Promise<void> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const list = await page.request.post('/wps/relay/GCSGAME_gameList', {
    data: { vassalage: 'LOTUS', pageNo: 1, pageSize: 20, language: 'EN' },
  });
  const games = (await list.json()).value.list as { nodeId: string | number; gameCode: string }[];
  const game = games.find((entry) => entry.gameCode === 'lotus-fortune');
  if (!game) throw new Error('no lotus-fortune in the LOTUS list');
  const launch = await page.request.get(`/wps/game/launchGame?nodeId=${game.nodeId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(launch.status()).toBe(200);
  const launchToken = new URL((await launch.json()).value.content, 'http://x').searchParams.get('token');
  const session = await page.request.post('/originals/api/sessions', { data: { launchToken } });
  expect(session.status()).toBe(200);
  const sessionToken = (await session.json()).value.sessionToken as string;
  const round = await page.request.post('/originals/api/rounds', {
    headers: { 'x-originals-session': sessionToken },
    data: { requestId: randomUUID(), bet: { game: 'slot', betMinor: '10000' } },
  });
  expect(round.status(), await round.text()).toBe(200);
}

async function journey(page: Page, variant: Variant, phone: boolean): Promise<void> {
  const shot = (name: string) => ({
    path: artifactPath(test.info(), `jackpot-${name}-${suffix(variant)}-${phone ? 'phone' : 'desktop'}.png`),
  });
  // biome-ignore lint/correctness/useHookAtTopLevel: Playwright helpers named like hooks, not React hooks.
  await useVariant(page, variant);
  // biome-ignore lint/correctness/useHookAtTopLevel: as above.
  await useOwnAddress(page);
  if (phone) await page.setViewportSize({ width: 375, height: 760 });

  let before = 0;
  await test.step('a visitor sees the real pot, named in the language', async () => {
    const { minor } = await homePot(page, variant);
    before = minor;
    await expect(page.getByTestId('jackpot-illustrative')).toHaveCount(0);
    await page.screenshot(shot('visitor'));
  });

  const player = await registerByUsername(page, variant.lang);
  await ops('wallet:adjust', player.username, '1000', 'e2e', 'funding');

  await test.step('a spin in a covered slot makes it grow', async () => {
    await openLayout(page, '/rng');
    await page
      .getByTestId('game-tile')
      .filter({ has: page.getByText(SLOT_NAME[variant.lang], { exact: true }) })
      .getByTestId('game-tile-play')
      .click();
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('originals-screen')).toBeVisible();
    await frame.getByTestId('slot-bet').selectOption('10000');
    await frame.getByTestId('spin').click();
    await expect(frame.getByTestId('round-history').getByTestId('history-row')).toHaveCount(1);
    const { value } = await homePot(page, variant);
    // 1 % of the ₹100.00 stake at least (others may play on this server too).
    await expect.poll(() => potOf(value)).toBeGreaterThanOrEqual(before + 100);
    before = await potOf(value);
  });

  await test.step('the open home page follows the pot over the socket', async () => {
    const { value } = await homePot(page, variant);
    const shown = await potOf(value);
    await spinThroughApi(page);
    await expect.poll(() => potOf(value), { timeout: 10_000 }).toBeGreaterThanOrEqual(shown + 100);
    await page.screenshot(shot('pushed'));
  });
}

for (const { variant, phone } of JOURNEY_MATRIX) {
  test(`the home jackpot shows the real pot and grows after play (${suffix(variant)}, ${phone ? '375 px' : 'desktop'})`, async ({
    page,
  }) => {
    await journey(page, variant, phone);
  });
}
