import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { logInOnPage } from './support/accounts.ts';
import { artifactPath, chooseLanguage, openLayout } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';

/**
 * The games lobby (SPEC §2 games pages, game tile, search modal, game pop-up; §4 launching, favourites) on
 * the seeded demo brand, whose in-house studio LOTUS lists Lotus Fortune, Tiger Temple and Monsoon Gems
 * under RNG (apps/server/src/db/seed/demo-games.ts). The game screen inside the frame belongs to the
 * studio (/originals/play); here it is enough that the frame loads that address.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
// The studio's nine slots (packages/games play.ts INHOUSE_GAMES, issue 22): lines, ways, cascades, hold-and-win.
const RNG_GAMES = [
  'Lotus Fortune',
  'Tiger Temple',
  'Monsoon Gems',
  "Rajah's Ways",
  'Maharani 1024',
  'Mumbai Cascade',
  'Holi Cascade',
  'Golden Diya',
  'Lakshmi Coins',
];

function tile(page: Page, name: string): Locator {
  return page.getByTestId('game-tile').filter({ has: page.getByText(name, { exact: true }) });
}

async function searchFor(page: Page, term: string): Promise<Locator> {
  await page.getByTestId('game-search-button').click();
  const modal = page.getByTestId('search-modal');
  await expect(modal).toBeVisible();
  const input = modal.getByTestId('search-input');
  await input.fill(term);
  await input.press('Enter');
  return modal;
}

test.describe('visitor', () => {
  test('browses /rng and finds a game by name in English and Hindi', async ({ page }, testInfo) => {
    await openLayout(page, '/rng');
    await expect(page.getByTestId('page-games')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Lotus Originals' })).toHaveAttribute('aria-selected', 'true');
    const tiles = page.getByTestId('game-tile');
    await expect(tiles).toHaveCount(RNG_GAMES.length);
    for (const name of RNG_GAMES) await expect(tile(page, name)).toBeVisible();
    await expect(tiles.first().getByTestId('game-tile-image')).toHaveAttribute('loading', 'lazy');
    await expect(tiles.first()).toHaveAttribute('data-colour', /^color[1-8]$/);
    await page.screenshot({ path: artifactPath(testInfo, 'games-rng-en.png') });

    let modal = await searchFor(page, 'temple');
    await expect(modal.getByTestId('search-count')).toHaveText('1 game found');
    await expect(modal.getByTestId('search-results').getByTestId('game-tile')).toHaveCount(1);
    await expect(modal.getByTestId('search-results')).toContainText('Tiger Temple');
    await modal.getByTestId('modal-close').click();
    await expect(modal).toBeHidden();

    await chooseLanguage(page, 'HI');
    await expect(tile(page, 'टाइगर टेम्पल')).toBeVisible();
    modal = await searchFor(page, 'टेम्पल');
    await expect(modal.getByTestId('search-count')).toHaveText('1 गेम मिला');
    await expect(modal.getByTestId('search-results')).toContainText('टाइगर टेम्पल');
    // Both searches are in the history, newest first.
    await expect(modal.getByTestId('search-history').getByRole('listitem')).toHaveText(['टेम्पल', 'temple']);
    await page.screenshot({ path: artifactPath(testInfo, 'games-search-hi.png') });
  });

  test('needs to log in to play, and opens a free trial in the game frame', async ({ page }, testInfo) => {
    await openLayout(page, '/rng');
    const fortune = tile(page, 'Lotus Fortune');
    await fortune.getByTestId('game-tile-play').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await expect(page.getByTestId('game-popup')).toHaveCount(0);
    await page.getByTestId('login-modal').getByTestId('modal-close').click();

    await fortune.getByTestId('game-tile-trial').click();
    const popup = page.getByTestId('game-popup');
    await expect(popup).toBeVisible();
    const frame = popup.getByTestId('game-frame');
    await expect(frame).toHaveAttribute('src', /^\/originals\/play\?trial=1&game=lotus-fortune/);
    await expect(frame).toHaveAttribute('title', 'Lotus Fortune (game)');
    await page.screenshot({ path: artifactPath(testInfo, 'games-popup-trial.png') });
    await expect
      .poll(() => page.frames().some((child) => child.url().includes('/originals/play?trial=1')))
      .toBe(true);
    await popup.getByTestId('modal-close').click();
    await expect(popup).toHaveCount(0);
  });

  test('on a phone, a free trial opens on the /game page', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openLayout(page, '/rng');
    await expect(page.getByTestId('game-tile')).toHaveCount(RNG_GAMES.length);
    await page.screenshot({ path: artifactPath(testInfo, 'games-rng-phone.png'), fullPage: true });
    await tile(page, 'Tiger Temple').getByTestId('game-tile-trial').click();
    await expect(page).toHaveURL(/\/game\?nodeId=\d+&trial=1/);
    const frame = page.getByTestId('page-game').getByTestId('game-frame');
    await expect(frame).toHaveAttribute('src', /^\/originals\/play\?trial=1&game=tiger-temple/);
    await expect(frame).toHaveAttribute('title', 'Tiger Temple (game)');
    await page.screenshot({ path: artifactPath(testInfo, 'games-game-page-phone.png') });
  });
});

test.describe('player', () => {
  // PostgreSQL brand, like the wallet journeys: demo_player logs in there without extra checks.
  test.use({ baseURL: serverUrl('wallet') });

  test('marks a favourite and finds it on /favorite after a reload', async ({ page }) => {
    await logInOnPage(page, 'demo_player', 'Lotus-Player-2026!');
    await expect(page.getByTestId('player-strip')).toBeVisible();
    await openLayout(page, '/rng');
    const heart = tile(page, 'Monsoon Gems').getByTestId('game-tile-favourite');
    await expect(heart).toBeVisible();
    if ((await heart.getAttribute('aria-pressed')) !== 'true') {
      const saved = page.waitForResponse((response) => response.url().endsWith('/MCSFE_getFavoriteGames'));
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      expect((await saved).ok()).toBe(true);
    }

    await page.goto('/favorite');
    await page.reload();
    const favourites = page.getByTestId('page-favorite');
    await expect(favourites.getByTestId('game-tile')).toHaveCount(1);
    const kept = tile(page, 'Monsoon Gems');
    await expect(kept.getByTestId('game-tile-favourite')).toHaveAttribute('aria-pressed', 'true');

    // Removed again from the favourites page: the list empties.
    await kept.getByTestId('game-tile-favourite').click();
    await expect(favourites.getByTestId('game-grid-empty')).toBeVisible();
  });
});
