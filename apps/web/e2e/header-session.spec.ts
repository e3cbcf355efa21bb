import { expect, type Locator, type Page, test } from '@playwright/test';
import { artifactPath, DEVANAGARI, htmlElement } from './support/page-helpers.ts';
import { localeTexts, suffix, text, useVariant, type Variant } from './support/variants.ts';

/**
 * The header's two faces (SPEC §2 header, logged-in strip; §6 roles) on the seeded demo brand of the `normal`
 * server: a visitor logs in from the inline form in the top bar, the strip shows the player with an avatar,
 * the player picks another avatar and signs out through the confirm dialog; a visitor's vendor click opens
 * the login pop-up instead of launching. In English and Hindi, light and dark.
 */

const VARIANTS: Variant[] = [
  { lang: 'EN', scheme: 'light' },
  { lang: 'EN', scheme: 'dark' },
  { lang: 'HI', scheme: 'light' },
  { lang: 'HI', scheme: 'dark' },
];

const DEMO_PLAYER = { username: 'demo_player', password: 'Lotus-Player-2026!', nickname: 'Demo Player' };

async function openHome(page: Page, variant: Variant): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('page-home')).toBeVisible();
  await expect(htmlElement(page)).toHaveAttribute('lang', variant.lang.toLowerCase());
  await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', variant.scheme);
}

/** The answer to the captcha the page holds (GET /dev/captcha reads the page's own captcha cookie). */
async function captchaAnswer(page: Page): Promise<string> {
  const response = await page.request.get('/dev/captcha');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { value: { answer: string } }).value.answer;
}

/**
 * Logs in from the top bar. Other journeys' failed logins from this machine can make the server want a
 * captcha; then the inline form hands over to the login dialog, which is finished the way a visitor would.
 */
async function logInFromHeader(page: Page): Promise<void> {
  const form = page.getByTestId('header-login-form');
  await form.getByTestId('header-login-username').fill(DEMO_PLAYER.username);
  await form.getByTestId('header-login-password').fill(DEMO_PLAYER.password);
  await form.getByTestId('header-login-submit').click();
  const strip = page.getByTestId('player-strip');
  const modal = page.getByTestId('login-modal');
  await expect(strip.or(modal).first()).toBeVisible({ timeout: 20_000 });
  if (await strip.isVisible()) return;
  await expect(modal.getByTestId('login-username')).toHaveValue(DEMO_PLAYER.username);
  await modal.getByTestId('login-password').fill(DEMO_PLAYER.password);
  if (await modal.getByTestId('captcha-input').isVisible()) {
    await expect(modal.getByTestId('captcha-image')).toBeVisible();
    await modal.getByTestId('captcha-input').fill(await captchaAnswer(page));
  }
  await modal.getByTestId('login-submit').click();
  await expect(strip).toBeVisible({ timeout: 20_000 });
}

/** The strip's avatar: the chosen picture once one is, loaded for real (not a broken image). */
async function expectAvatarLoaded(avatar: Locator, src: string): Promise<void> {
  const image = avatar.getByTestId('player-avatar-image');
  await expect(image).toHaveAttribute('src', src);
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
}

// One account for every variant: choosing avatars one variant after another keeps each check on its own choice.
test.describe.configure({ mode: 'serial' });

for (const variant of VARIANTS) {
  test.describe(`header session (${suffix(variant)})`, () => {
    const chrome = localeTexts(variant.lang, 'chrome');
    const common = localeTexts(variant.lang, 'common');

    test('log in from the top bar, choose an avatar, sign out through the confirm dialog', async ({
      page,
    }, testInfo) => {
      // A whole session (login, picker, reload, logout) on a shared, busy machine.
      test.setTimeout(90_000);
      await useVariant(page, variant);
      await openHome(page, variant);
      const header = page.getByTestId('site-header');
      const form = header.getByTestId('header-login-form');
      await expect(form).toBeVisible();
      await expect(form.getByTestId('header-login-submit')).toHaveText(text(common, 'actions.login'));
      await expect(form.getByTestId('header-register')).toHaveText(text(chrome, 'header.login.register'));
      if (variant.lang === 'HI') await expect(form).toContainText(DEVANAGARI);
      await header.screenshot({ path: artifactPath(testInfo, `header-visitor-${suffix(variant)}.png`) });

      await logInFromHeader(page);
      await expect(header.getByTestId('header-login-form')).toHaveCount(0);
      await expect(header.getByTestId('player-nickname')).toHaveText(DEMO_PLAYER.nickname);
      // The seeded player's club label, as the badge that leads to account security.
      await expect(header.getByTestId('player-rank')).toHaveText('Silver');
      const avatar = header.getByTestId('player-avatar');
      await expect(avatar).toHaveAccessibleName(text(chrome, 'header.strip.chooseAvatar'));
      await expect(
        avatar.getByTestId('player-avatar-image').or(avatar.getByTestId('player-avatar-default')),
      ).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();

      // Choose an avatar other than the current one: the strip shows it once member info is refetched.
      await avatar.click();
      const picker = page.getByTestId('avatar-picker');
      await expect(picker).toBeVisible();
      await expect(picker).toContainText(text(chrome, 'header.avatar.title'));
      const options = picker.getByTestId('avatar-option');
      await expect(options).toHaveCount(12);
      for (const image of await options.locator('img').all()) {
        await expect
          .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
          .toBeGreaterThan(0);
      }
      const choice = picker.locator('[data-testid="avatar-option"][aria-pressed="false"]').first();
      const avatarId = await choice.getAttribute('data-avatar-id');
      const saved = page.waitForResponse(
        (response) =>
          response.url().endsWith('/wps/member/info/icon') && response.request().method() === 'PUT',
      );
      await choice.click();
      expect((await saved).ok()).toBe(true);
      await expect(picker).toBeHidden();
      await expectAvatarLoaded(avatar, `/avatars/avatar-${avatarId}.svg`);

      // The choice is the account's: a reload (same tab, same session) shows it again.
      await page.reload();
      await expectAvatarLoaded(page.getByTestId('player-avatar'), `/avatars/avatar-${avatarId}.svg`);
      await expect(page.getByTestId('player-nickname')).toHaveText(DEMO_PLAYER.nickname);
      await page.mouse.move(0, 0);
      await header.screenshot({ path: artifactPath(testInfo, `header-session-${suffix(variant)}.png`) });

      // Sign out: the confirm dialog, then the visitor's form again and no token.
      await header.getByTestId('sign-out').click();
      const dialog = page.getByTestId('logout-dialog');
      await expect(dialog).toBeVisible();
      if (variant.lang === 'HI') await expect(dialog).toContainText(DEVANAGARI);
      const logout = page.waitForResponse(
        (response) =>
          response.url().endsWith('/wps/session/logout') && response.request().method() === 'DELETE',
      );
      await dialog.getByTestId('logout-confirm').click();
      expect((await logout).ok()).toBe(true);
      await expect(header.getByTestId('header-login-form')).toBeVisible();
      await expect(header.getByTestId('player-strip')).toHaveCount(0);
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    });

    test("a visitor's vendor click opens the login pop-up and launches nothing", async ({ page }) => {
      await useVariant(page, variant);
      await openHome(page, variant);
      await page.getByTestId('nav-toggle-RNG').click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await menu.getByRole('menuitem').first().click();
      const modal = page.getByTestId('login-modal');
      await expect(modal).toBeVisible();
      if (variant.lang === 'HI') await expect(modal).toContainText(DEVANAGARI);
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
      await expect(page.getByTestId('player-strip')).toHaveCount(0);
    });
  });
}

test.describe('header session on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the top bar offers log in and register buttons; the strip keeps the balance and a menu with the avatar and sign-out', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const variant: Variant = { lang: 'EN', scheme: 'light' };
    await useVariant(page, variant);
    await openHome(page, variant);
    const header = page.getByTestId('site-header');
    await expect(header.getByTestId('header-login-form')).toBeHidden();
    await expect(header.getByTestId('register-entry')).toBeVisible();
    await header.getByTestId('login-entry').click();
    const modal = page.getByTestId('login-modal');
    await expect(modal).toBeVisible();
    // Opened without a username, the dialog starts on the mobile tab (SMS login on for the demo brand).
    await modal.getByTestId('login-tab-username').click();
    await modal.getByTestId('login-username').fill(DEMO_PLAYER.username);
    await modal.getByTestId('login-password').fill(DEMO_PLAYER.password);
    if (await modal.getByTestId('captcha-input').isVisible()) {
      await modal.getByTestId('captcha-input').fill(await captchaAnswer(page));
    }
    await modal.getByTestId('login-submit').click();

    const strip = header.getByTestId('player-strip');
    await expect(strip).toBeVisible({ timeout: 20_000 });
    await expect(strip.getByTestId('header-balance')).toBeVisible();
    // No room for the avatar, the name and the sign-out button next to the balance: they live in the menu.
    await expect(strip.getByTestId('player-avatar')).toBeHidden();
    await expect(strip.getByTestId('player-nickname')).toBeHidden();
    await expect(strip.getByTestId('sign-out')).toBeHidden();
    const box = await header.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await strip.getByTestId('player-menu').click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(DEMO_PLAYER.nickname);
    await expect(menu.getByTestId('menu-choose-avatar')).toBeVisible();
    await menu.getByTestId('menu-sign-out').click();
    const dialog = page.getByTestId('logout-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('logout-confirm').click();
    await expect(header.getByTestId('login-entry')).toBeVisible();
    await expect(header.getByTestId('player-strip')).toHaveCount(0);
  });
});
