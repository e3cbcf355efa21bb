import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseLanguage, DEVANAGARI, htmlElement, openLayout } from './support/page-helpers.ts';

/**
 * Third-party sign-in from the login dialog, end to end against the local identity stub the global setup
 * starts (support/identity-stub.ts): the real redirects, PKCE, ID token checks and Telegram signature.
 */

const PERSON = 'Asha Test';

const TEXT = {
  EN: { group: 'Or sign in with', telegram: 'Telegram' },
  HI: { group: 'या इससे साइन इन करें', telegram: 'टेलीग्राम' },
} as const;

type Language = keyof typeof TEXT;

/** Opens the login dialog from the header, the way a visitor does at this width. */
async function openLoginDialog(page: Page): Promise<Locator> {
  const compactEntry = page.getByTestId('login-entry');
  if (await compactEntry.isVisible()) await compactEntry.click();
  else await page.getByTestId('header-login-submit').click();
  const dialog = page.getByTestId('login-modal');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function startOn(page: Page, path: string, language: Language): Promise<Locator> {
  await openLayout(page, path);
  if (language === 'HI') await chooseLanguage(page, 'HI');
  const dialog = await openLoginDialog(page);
  const providers = dialog.getByRole('group', { name: TEXT[language].group });
  await expect(providers).toBeVisible();
  if (language === 'HI') await expect(dialog).toContainText(DEVANAGARI);
  return providers;
}

/** Logged in: the header shows the member, and the stored token opens member info on the server. */
async function expectSignedIn(page: Page, language: Language): Promise<void> {
  await expect(page.getByTestId('player-nickname')).toHaveText(PERSON);
  await expect(page.getByTestId('login-entry')).toHaveCount(0);
  await expect(htmlElement(page)).toHaveAttribute('lang', language.toLowerCase());
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const info = await page.request.get('/wps/member/info', { headers: { authorization: `Bearer ${token}` } });
  expect(info.status()).toBe(200);
  expect((await info.json()).value.nickname).toBe(PERSON);
  // Nothing secret left in the address bar or history entry.
  expect(new URL(page.url()).hash).toBe('');
}

// Each journey runs in one language (the texts it checks are that language's), and the two languages share
// the journeys out so both are covered without walking every flow twice on two cores.
// (A function, not `language === 'HI'`, so the journey's own language branches stay as written.)
const journeyLanguage = (language: string, runsIn: 'EN' | 'HI'): boolean => language === runsIn;

for (const language of ['EN', 'HI'] as const) {
  test.describe(`third-party sign-in (${language})`, () => {
    // Three sites and two full page loads of the app in one journey.
    test.describe.configure({ timeout: 90_000 });

    if (journeyLanguage(language, 'EN'))
      test('Google: the dialog → the provider → back, logged in on the page it started from', async ({
        page,
      }) => {
        const providers = await startOn(page, '/promotions', language);
        await providers.getByRole('link', { name: 'Google' }).click();

        await expect(page.getByRole('heading', { name: `Sign in as ${PERSON}` })).toBeVisible();
        expect(new URL(page.url()).pathname).toBe('/google/authorize');
        await page.getByRole('button', { name: `Continue as ${PERSON}` }).click();

        await expect(page).toHaveURL(/\/promotions$/, { timeout: 30_000 });
        await expectSignedIn(page, language);
      });

    if (journeyLanguage(language, 'HI'))
      test('Telegram: the dialog → the Telegram page → back, logged in at home', async ({ page }) => {
        const providers = await startOn(page, '/', language);
        await providers.getByRole('link', { name: TEXT[language].telegram }).click();

        await expect(page.getByRole('heading', { name: `Log in as ${PERSON}` })).toBeVisible();
        expect(new URL(page.url()).pathname).toBe('/telegram/auth');
        await page.getByRole('button', { name: `Log in as ${PERSON}` }).click();

        await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
        await expectSignedIn(page, language);
      });
  });
}

test('a sign-in cancelled at the provider ends on a page that says so, with a way home', async ({ page }) => {
  await openLayout(page, '/oauth/complete?error=oauth_failed');
  await expect(page.getByRole('alert')).toHaveText('Sign-in was cancelled or failed. Please try again.');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByTestId('page-home')).toBeVisible();
});
