import { randomInt } from 'node:crypto';
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { chooseLanguage, DEVANAGARI, openLayout } from './page-helpers.ts';

// Registering and logging in hash passwords and solve a proof of work: slow on a busy CI machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Helpers of the account journeys (auth-register.spec.ts, auth-password.spec.ts): fresh players registered
 * through the real form, codes and links read from the developer inbox (`DEV_INBOX=1`), captcha answers
 * from `/dev/captcha` with the page's own cookie.
 */

export type Language = 'EN' | 'HI';

/** A fresh Indian address per journey (X-Forwarded-For: the servers trust 127.0.0.1 as a proxy), so the
 * per-IP limits (captchas a second, one-click accounts an hour, SMS per IP) never join two journeys, and
 * the account's first IP is the one it logs in from again (no new-IP step). */
export async function useOwnAddress(page: Page): Promise<string> {
  const ip = `49.207.${randomInt(1, 255)}.${randomInt(1, 255)}`;
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  return ip;
}

/** A username that passes the demo rule (a letter, then letters or digits, 4–16). */
export function freshUsername(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${randomInt(100, 999)}`;
}

/** A 10-digit Indian mobile number nobody else in the run has. */
export function freshMobile(): string {
  return `8${randomInt(100_000_000, 999_999_999)}`;
}

/** Opens home in the language, then `path`; the choice is kept in localStorage across navigations. */
export async function startIn(page: Page, language: Language, path = '/'): Promise<void> {
  await openLayout(page, '/');
  if (language === 'HI') await chooseLanguage(page, 'HI');
  if (path !== '/') await openLayout(page, path);
}

/** The answer of the captcha the page shows now. */
export async function captchaAnswer(page: Page): Promise<string> {
  const response = await page.request.get('/dev/captcha');
  expect(response.status()).toBe(200);
  const answer = (await response.json()).value.answer as string | null;
  if (!answer) throw new Error('no live captcha for this page');
  return answer;
}

/** Fills the captcha input of `scope` once its image has loaded. */
export async function solveCaptcha(page: Page, scope: Locator): Promise<void> {
  await expect(scope.getByTestId('captcha-image')).toBeVisible();
  await scope.getByTestId('captcha-input').fill(await captchaAnswer(page));
}

type OutboxMessage = { destination: string; subject: string | null; body: string; createdAt: string };

/** The newest message sent to `destination` (an e-mail address or `+91…`), waiting for it to arrive. */
export async function latestMessage(page: Page, destination: string, after?: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/dev/outbox?to=${encodeURIComponent(destination)}&limit=5`);
        const messages = (await response.json()).value.messages as OutboxMessage[];
        found = messages.find((message) => after === undefined || message.createdAt > after);
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as OutboxMessage;
}

/** The 6-digit code of an SMS. */
export function codeOf(message: OutboxMessage): string {
  const match = /\b(\d{6})\b/.exec(message.body);
  if (!match?.[1]) throw new Error(`no code in "${message.body}"`);
  return match[1];
}

/** The register dialog, opened by /register in the language. */
export async function openRegister(page: Page, language: Language): Promise<Locator> {
  await startIn(page, language, '/register');
  const dialog = page.getByTestId('register-modal');
  await expect(dialog.getByTestId('register-form')).toBeVisible();
  if (language === 'HI') await expect(dialog).toContainText(DEVANAGARI);
  return dialog;
}

export type NewPlayer = { username: string; password: string; email: string; mobile: string };

/**
 * Registers a fresh player through the username tab (captcha included, as the demo brand requires it),
 * with an e-mail and a mobile number so the password journeys can use them. Ends logged in at home.
 */
export async function registerByUsername(page: Page, language: Language): Promise<NewPlayer> {
  const dialog = await openRegister(page, language);
  const player: NewPlayer = {
    username: freshUsername(),
    password: `Pw${randomInt(100_000, 999_999)}x`,
    email: `${freshUsername('mail')}@example.test`,
    mobile: freshMobile(),
  };
  await dialog.getByTestId('register-tab-username').click();
  await expect(dialog.getByTestId('register-form')).toHaveAttribute('data-mode', 'username');
  await dialog.getByTestId('register-field-username').fill(player.username);
  await dialog.getByTestId('register-field-password').fill(player.password);
  await dialog.getByTestId('register-field-confirmPassword').fill(player.password);
  await dialog.getByTestId('register-field-email').fill(player.email);
  await dialog.getByTestId('register-field-mobileNum').fill(player.mobile);
  await solveCaptcha(page, dialog);
  await dialog.getByTestId('register-agree-terms').check();
  await dialog.getByTestId('register-confirm-age').check();
  await dialog.getByTestId('register-submit').click();
  await expectLoggedInAs(page, player.username);
  return player;
}

/** The session token in the page, and the member info it opens on the server. */
export async function expectLoggedInAs(page: Page, account: string): Promise<void> {
  await expect(page.getByTestId('register-modal')).toHaveCount(0);
  await expect(page.getByTestId('player-strip')).toBeVisible();
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token).toBeTruthy();
  const info = await page.request.get('/wps/member/info', { headers: { authorization: `Bearer ${token}` } });
  expect(info.status()).toBe(200);
  expect((await info.json()).value.account).toBe(account);
}

/** Forgets the session in this tab (as a new visit would) and reloads home. */
export async function becomeVisitor(page: Page): Promise<void> {
  await page.evaluate(() => sessionStorage.removeItem('token'));
  await openLayout(page, '/');
}

/** Logs in on /login with the username tab; the app then goes home (or opens the forced change). */
export async function logInOnPage(page: Page, username: string, password: string): Promise<void> {
  await openLayout(page, '/login');
  const form = page.getByTestId('login-form');
  await expect(form).toBeVisible();
  const usernameTab = form.getByTestId('login-tab-username');
  if (await usernameTab.isVisible()) await usernameTab.click();
  await form.getByTestId('login-username').fill(username);
  await form.getByTestId('login-password').fill(password);
  await form.getByTestId('login-submit').click();
}
