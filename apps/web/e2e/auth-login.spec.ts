import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseLanguage, DEVANAGARI, openLayout } from './support/page-helpers.ts';

/**
 * Logging in and out in the browser (SPEC §4 Login, Free play, SMS code, Logout; docs/accounts-contract.md
 * "Login"), on the seeded demo brand (MOBILEVERCODELOGIN3 and FREEPLAY3 on) of the `normal` server, which
 * runs with DEV_INBOX so the journey can read the SMS code and a captcha answer like a tester's phone would.
 * Every journey runs in English and in Hindi.
 */

type Language = 'EN' | 'HI';
type Texts = Record<string, string>;

function localeTexts(language: Language, namespace: string): Texts {
  const file = path.join(
    import.meta.dirname,
    '..',
    'src',
    'locales',
    language.toLowerCase(),
    `${namespace}.json`,
  );
  return JSON.parse(readFileSync(file, 'utf8')) as Texts;
}

// A login does real work on both sides (the browser's proof of work, the server's password hash), and the
// journeys share two cores with the servers: generous waits for the answers of the server.
const SERVER_ANSWER = { timeout: 30_000 };
test.describe.configure({ timeout: 120_000 });

const DEMO_PLAYER = { username: 'demo_player', password: 'Lotus-Player-2026!', nickname: 'Demo Player' };
const DEMO_AGENT = { username: 'demo_agent', password: 'Lotus-Agent-2026!' };
const DEMO_PLAYER2 = { username: 'demo_player2', password: 'Lotus-Player2-2026!' };
// One SMS destination per language: a new code to the same number retires the other journey's code, and a
// number has a 60-second resend cooldown, while the two languages run side by side.
const SMS_ACCOUNT: Record<Language, { mobileNum: string; destination: string }> = {
  EN: { mobileNum: '9000000001', destination: '+919000000001' },
  HI: { mobileNum: '9000000004', destination: '+919000000004' },
};

async function openHome(page: Page, language: Language) {
  await openLayout(page, '/');
  await expect(page.getByTestId('page-home')).toBeVisible();
  if (language === 'HI') await chooseLanguage(page, 'HI');
}

/** The header's inline form hands its username to the login dialog (an empty one opens it as it is). */
async function openLoginModal(page: Page, username = ''): Promise<Locator> {
  if (username) await page.getByTestId('header-login-username').fill(username);
  await page.getByTestId('header-login-submit').click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  return modal;
}

/** The answer to the captcha the page holds (GET /dev/captcha reads the page's own captcha cookie). */
async function captchaAnswer(page: Page): Promise<string> {
  const response = await page.request.get('/dev/captcha');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { value: { answer: string } };
  return body.value.answer;
}

/** The captcha image's source now, or null when none is shown. */
async function captchaSource(form: Locator): Promise<string | null> {
  const image = form.getByTestId('captcha-image');
  return (await image.isVisible()) ? await image.getAttribute('src') : null;
}

/**
 * Types the answer of the captcha shown after a failed attempt. A failed attempt spends the captcha and the
 * form loads a new one, so this waits for an image other than `spent` before asking for the answer.
 */
async function answerCaptcha(page: Page, form: Locator, spent: string | null): Promise<void> {
  const image = form.getByTestId('captcha-image');
  await expect(image).toBeVisible(SERVER_ANSWER);
  if (spent !== null) await expect(image).not.toHaveAttribute('src', spent, SERVER_ANSWER);
  await form.getByTestId('captcha-input').fill(await captchaAnswer(page));
}

/**
 * Submits the username form. Failed logins from this machine (the wrong-password journeys) make the server
 * ask for a captcha after two, so when the form shows one it is answered (`spent`: the image of the last
 * failed attempt, already used up) and, when the server asks for one only now, the login is sent again.
 */
async function submitUsernameLogin(page: Page, form: Locator, spent: string | null = null): Promise<void> {
  const wantsCaptcha = form.getByTestId('captcha-input');
  if (await wantsCaptcha.isVisible()) {
    await answerCaptcha(page, form, spent);
    await form.getByTestId('login-submit').click();
    return;
  }
  await form.getByTestId('login-submit').click();
  const finished = page.getByTestId('player-strip');
  await expect(finished.or(wantsCaptcha).first()).toBeVisible(SERVER_ANSWER);
  if (await finished.isVisible()) return;
  await answerCaptcha(page, form, null);
  await form.getByTestId('login-submit').click();
}

async function expectLoggedIn(page: Page) {
  await expect(page.getByTestId('player-strip')).toBeVisible(SERVER_ANSWER);
  await expect(page.getByTestId('header-login-form')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
}

// Each journey runs in one language (the texts it checks are that language's), and the two languages share
// the journeys out so both are covered without walking every flow twice on two cores.
// (A function, not `language === 'HI'`, so the journey's own language branches stay as written.)
const journeyLanguage = (language: string, runsIn: 'EN' | 'HI'): boolean => language === runsIn;

for (const language of ['EN', 'HI'] as const) {
  test.describe(`login in ${language === 'EN' ? 'English' : 'Hindi'}`, () => {
    const auth = localeTexts(language, 'auth') as unknown as {
      login: Texts;
      logout: Texts;
      verification: Texts;
    };
    const errors = localeTexts(language, 'errors');

    test('username login through the modal, then log out through the confirm dialog', async ({ page }) => {
      await openHome(page, language);
      const modal = await openLoginModal(page, DEMO_PLAYER.username);
      await expect(modal).toContainText(auth.login.title as string);
      if (language === 'HI') await expect(modal).toContainText(DEVANAGARI);
      await expect(modal.getByTestId('login-username')).toHaveValue(DEMO_PLAYER.username);
      // SPEC §5: the password is trimmed.
      await modal.getByTestId('login-password').fill(`  ${DEMO_PLAYER.password} `);
      await submitUsernameLogin(page, modal);

      await expectLoggedIn(page);
      await expect(modal).toBeHidden();
      await expect(page.getByTestId('player-nickname')).toHaveText(DEMO_PLAYER.nickname);
      await expect(page).toHaveURL((url) => url.pathname === '/');

      // Logout: cancel keeps the session, confirm ends it.
      await page.getByTestId('sign-out').click();
      const dialog = page.getByTestId('logout-dialog');
      await expect(dialog).toContainText(auth.logout.question as string);
      await dialog.getByTestId('logout-cancel').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('player-strip')).toBeVisible();

      await page.getByTestId('sign-out').click();
      await expect(dialog).toBeVisible();
      const logout = page.waitForResponse(
        (response) =>
          response.url().endsWith('/wps/session/logout') && response.request().method() === 'DELETE',
      );
      await dialog.getByTestId('logout-confirm').click();
      expect((await logout).ok()).toBe(true);
      await expect(page.getByTestId('header-login-form')).toBeVisible();
      await expect(page.getByTestId('player-strip')).toHaveCount(0);
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      // The old token no longer opens anything.
      await page.reload();
      await expect(page.getByTestId('header-login-form')).toBeVisible();
    });

    if (journeyLanguage(language, 'HI'))
      test('a wrong password says so in the form and keeps the visitor logged out', async ({ page }) => {
        await openHome(page, language);
        const modal = await openLoginModal(page, DEMO_PLAYER2.username);
        await modal.getByTestId('login-password').fill('Not-The-Password-1');
        await modal.getByTestId('login-submit').click();
        const error = modal.getByTestId('login-error');
        await expect(error).toBeVisible(SERVER_ANSWER);
        // Once this machine has two failures counted (the journeys run side by side) the server wants a
        // captcha before it looks at the password; answered, the wrong password is refused all the same.
        // The image the last failed attempt used up, if it carried one.
        let spent: string | null = null;
        if ((await error.textContent()) === errors.captcha_required) {
          await answerCaptcha(page, modal, null);
          spent = await captchaSource(modal);
          await modal.getByTestId('login-submit').click();
          await expect(error).not.toHaveText(errors.captcha_required as string, SERVER_ANSWER);
        }
        await expect(error).toHaveText(errors.login_failed as string, SERVER_ANSWER);
        await expect(modal).toBeVisible();
        await expect(page.getByTestId('player-strip')).toHaveCount(0);

        // The right password (with a captcha if the server now wants one) still gets in.
        await modal.getByTestId('login-password').fill(DEMO_PLAYER2.password);
        await submitUsernameLogin(page, modal, spent);
        await expectLoggedIn(page);
      });

    if (journeyLanguage(language, 'EN'))
      test('SMS login on the /login page with the code from the inbox', async ({ page }) => {
        await openHome(page, language);
        await page.goto('/login');
        const form = page.getByTestId('login-form');
        await expect(form).toBeVisible();
        if (language === 'HI') await expect(form).toContainText(DEVANAGARI);
        // The brand has SMS login on: the mobile tab comes first.
        await expect(form.getByTestId('login-tab-mobile')).toHaveAttribute('aria-selected', 'true');
        const account = SMS_ACCOUNT[language];
        await form.getByTestId('login-mobile').fill(account.mobileNum);
        const sent = page.waitForResponse((response) =>
          response.url().endsWith('/wps/verification/sms/noLogin'),
        );
        await form.getByTestId('login-send-code').click();
        expect((await sent).ok()).toBe(true);
        await expect(form.getByTestId('login-send-code')).toBeDisabled();
        await expect(form.getByTestId('login-send-code')).toHaveAttribute('data-counting', 'true');

        // A reload forgets the countdown, not the server's 60-second resend limit: a second send is refused
        // with a warning dialog (SPEC §8 "Send-SMS failure"), and the first code stays good.
        await page.reload();
        await expect(form.getByTestId('login-tab-mobile')).toHaveAttribute('aria-selected', 'true');
        await form.getByTestId('login-mobile').fill(account.mobileNum);
        await form.getByTestId('login-send-code').click();
        const warning = page.getByTestId('sms-failure-dialog');
        await expect(warning.getByTestId('sms-failure-message')).toHaveText(
          errors.sms_too_many_requests as string,
          SERVER_ANSWER,
        );
        await warning.getByTestId('sms-failure-confirm').click();
        await expect(warning).toBeHidden();
        await expect(form.getByTestId('login-send-code')).toBeEnabled();

        const inbox = await page.request.get(`/dev/outbox?to=${encodeURIComponent(account.destination)}`);
        expect(inbox.ok()).toBe(true);
        const { value } = (await inbox.json()) as { value: { messages: { body: string }[] } };
        const code = /\b(\d{6})\b/.exec(value.messages[0]?.body ?? '')?.[1];
        expect(code, 'a 6-digit code in the newest SMS').toBeTruthy();
        await form.getByTestId('login-code').fill(code as string);
        await form.getByTestId('login-submit').click();

        await expectLoggedIn(page);
        await expect(page).toHaveURL((url) => url.pathname === '/');
      });

    if (journeyLanguage(language, 'HI'))
      test('free play signs a guest in from the login dialog', async ({ page }) => {
        await openHome(page, language);
        const modal = await openLoginModal(page);
        const freePlay = modal.getByTestId('login-free-play');
        await expect(freePlay).toHaveText(auth.login.freePlay as string);
        await freePlay.click();
        await expectLoggedIn(page);
        await expect(modal).toBeHidden();
        await expect(page.getByTestId('player-nickname')).toHaveText(/^guest/i);
      });

    if (journeyLanguage(language, 'EN'))
      test('remember me: a new tab continues as the player, logout and "not you?" forget them', async ({
        page,
      }) => {
        await openHome(page, language);
        let modal = await openLoginModal(page, DEMO_AGENT.username);
        await modal.getByTestId('login-password').fill(DEMO_AGENT.password);
        await modal.getByTestId('login-remember').check();
        await submitUsernameLogin(page, modal);
        await expectLoggedIn(page);
        // The browser keeps no password: only the server's HttpOnly token remembers the player.
        const cookies = await page.context().cookies();
        const rememberCookie = cookies.find((cookie) => cookie.name === 'lotus_remember');
        expect(rememberCookie?.httpOnly).toBe(true);
        expect(JSON.stringify(cookies)).not.toContain(DEMO_AGENT.password);

        // A new tab has no session (it lives in sessionStorage): the login form offers to continue.
        const tab = await page.context().newPage();
        await openHome(tab, language);
        modal = await openLoginModal(tab);
        const continueAs = modal.getByTestId('login-continue');
        await expect(continueAs).toHaveText(
          (auth.login.continueAs as string).replace('{{username}}', DEMO_AGENT.username),
          SERVER_ANSWER,
        );
        await expect(modal.getByTestId('login-username')).toHaveValue(DEMO_AGENT.username);
        await continueAs.click();
        await expectLoggedIn(tab);

        // Logging out ends this device's "remember me" too (issue 14): the form no longer offers it.
        await tab.getByTestId('sign-out').click();
        await tab.getByTestId('logout-dialog').getByTestId('logout-confirm').click();
        await expect(tab.getByTestId('header-login-form')).toBeVisible(SERVER_ANSWER);
        modal = await openLoginModal(tab);
        await expect(modal.getByTestId('login-tab-mobile')).toBeVisible();
        await expect(modal.getByTestId('login-remembered')).toHaveCount(0);

        // Remembered again, then "not you?" in another tab forgets them.
        await tab.reload();
        modal = await openLoginModal(tab, DEMO_AGENT.username);
        await modal.getByTestId('login-password').fill(DEMO_AGENT.password);
        await modal.getByTestId('login-remember').check();
        await submitUsernameLogin(tab, modal);
        await expectLoggedIn(tab);
        const other = await page.context().newPage();
        await openHome(other, language);
        modal = await openLoginModal(other);
        await expect(modal.getByTestId('login-remembered')).toBeVisible(SERVER_ANSWER);
        const forget = other.waitForResponse(
          (response) =>
            response.url().endsWith('/wps/session/remembered') && response.request().method() === 'DELETE',
        );
        await modal.getByTestId('login-not-you').click();
        expect((await forget).ok()).toBe(true);
        await expect(modal.getByTestId('login-remembered')).toHaveCount(0);
        await other.reload();
        modal = await openLoginModal(other);
        await expect(modal.getByTestId('login-tab-mobile')).toBeVisible();
        await expect(modal.getByTestId('login-remembered')).toHaveCount(0);
      });
  });
}
