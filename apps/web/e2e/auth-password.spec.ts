import { expect as baseExpect, type Page, test } from '@playwright/test';
import { NEWBIE_TWINS } from './support/account-data.ts';
import {
  becomeVisitor,
  codeOf,
  expectLoggedInAs,
  type Language,
  latestMessage,
  logInOnPage,
  registerByUsername,
  startIn,
  useOwnAddress,
} from './support/accounts.ts';
import { DEVANAGARI, openLayout } from './support/page-helpers.ts';
import { serverUrl } from './support/servers.ts';

// Registering and logging in hash passwords and solve a proof of work: slow on a busy CI machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Password flows end to end (SPEC §4 "Forgot password", "Change password"; docs/accounts-contract.md
 * "Passwords and profile"): the reset link and SMS code read from the developer inbox, the sealed calls,
 * and a login with the new password proving each change. Each journey changes the password of an account
 * of its own (registered here, or a newbie twin on the sms-register server), never a shared demo account.
 */

const NEWBIE_PASSWORD = 'Lotus-Welcome-2026!';

/** Opens the forgot-password dialog the way a visitor does: from the login form. */
async function openForgot(page: Page) {
  await openLayout(page, '/login');
  await page.getByTestId('login-forgot').click();
  const dialog = page.getByTestId('forgot-password-modal');
  await expect(dialog).toBeVisible();
  return dialog;
}

// Each journey registers or logs in first, then walks the flow and logs in again: more than the default.
test.describe.configure({ timeout: 120_000 });

// Each journey runs in one language (the texts it checks are that language's), and the two languages share
// the journeys out so both are covered without walking every flow twice on two cores.
// (A function, not `language === 'HI'`, so the journey's own language branches stay as written.)
const journeyLanguage = (language: string, runsIn: 'EN' | 'HI'): boolean => language === runsIn;

for (const language of ['EN', 'HI'] as const satisfies readonly Language[]) {
  test.describe(`passwords (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useOwnAddress(page);
    });

    if (journeyLanguage(language, 'EN'))
      test('forgot by e-mail: the link from the inbox sets a new password', async ({ page }) => {
        const player = await registerByUsername(page, language);
        await becomeVisitor(page);

        const dialog = await openForgot(page);
        if (language === 'HI') await expect(dialog).toContainText(DEVANAGARI);
        // Both CHNGPASSMAIL3 and CHNGPASSVERIF3 are on in the demo brand: the switch is there.
        await expect(dialog.getByTestId('forgot-method')).toBeVisible();
        await dialog.getByTestId('forgot-username').fill(player.username);
        await dialog.getByTestId('forgot-email').fill(player.email);
        await dialog.getByTestId('forgot-email-submit').click();
        const sent = page.getByTestId('forgot-email-sent');
        await expect(sent).toContainText(player.email);
        await sent.getByTestId('forgot-email-sent-ok').click();
        await expect(dialog).toHaveCount(0);

        const mail = await latestMessage(page, player.email);
        const link = /https?:\/\/\S+\/resetPassword\?token=[A-Za-z0-9_-]+/.exec(mail.body)?.[0];
        expect(link).toBeTruthy();
        const { pathname, search } = new URL(link as string);
        await openLayout(page, `${pathname}${search}`);
        const newPassword = 'Reset2026abc';
        await page.getByTestId('reset-new-password').fill(newPassword);
        await page.getByTestId('reset-confirm-password').fill(newPassword);
        await page.getByTestId('reset-submit').click();
        await expect(page.getByTestId('reset-success')).toBeVisible();

        // The link is single-use.
        await openLayout(page, `${pathname}${search}`);
        await page.getByTestId('reset-new-password').fill('Another2026x');
        await page.getByTestId('reset-confirm-password').fill('Another2026x');
        await page.getByTestId('reset-submit').click();
        await expect(page.getByTestId('reset-error')).toContainText(
          language === 'EN' ? 'This reset link is invalid or has expired.' : 'यह रीसेट लिंक अमान्य है',
        );

        await logInOnPage(page, player.username, newPassword);
        await expectLoggedInAs(page, player.username);
      });

    if (journeyLanguage(language, 'HI'))
      test('forgot by mobile: the SMS code resets the password and logs in', async ({ page }) => {
        const player = await registerByUsername(page, language);
        await becomeVisitor(page);

        const dialog = await openForgot(page);
        await dialog
          .getByTestId('forgot-method')
          .getByText(language === 'EN' ? 'By mobile number' : 'मोबाइल नंबर से')
          .click();
        await dialog.getByTestId('forgot-mobile').fill(player.mobile);
        await dialog.getByTestId('forgot-sms-send').click();
        await expect(dialog.getByTestId('forgot-sms-send')).toHaveAttribute('data-counting', 'true');
        const sms = await latestMessage(page, `+91${player.mobile}`);
        await dialog.getByTestId('forgot-code').fill(codeOf(sms));
        const newPassword = 'Mobile2026abc';
        await dialog.getByTestId('forgot-new-password').fill(newPassword);
        await dialog.getByTestId('forgot-confirm-password').fill(newPassword);
        await dialog.getByTestId('forgot-mobile-submit').click();
        await expect(dialog).toHaveCount(0);
        await expectLoggedInAs(page, player.username);

        await becomeVisitor(page);
        await logInOnPage(page, player.username, newPassword);
        await expectLoggedInAs(page, player.username);
      });

    if (journeyLanguage(language, 'HI'))
      test('change password from the player menu, then log in with the new one', async ({ page }) => {
        const player = await registerByUsername(page, language);
        await page.getByTestId('player-menu').click();
        await page.getByTestId('menu-change-password').click();
        const dialog = page.getByTestId('change-password-modal');
        await expect(dialog).toBeVisible();
        if (language === 'HI') await expect(dialog).toContainText(DEVANAGARI);
        await dialog.getByTestId('change-old-password').fill('wrong-password1');
        const newPassword = 'Changed2026abc';
        await dialog.getByTestId('change-new-password').fill(newPassword);
        await dialog.getByTestId('change-confirm-password').fill(newPassword);
        await dialog.getByTestId('change-password-submit').click();
        await expect(
          dialog.getByText(
            language === 'EN' ? 'The current password is not correct.' : 'वर्तमान पासवर्ड सही नहीं है।',
          ),
        ).toBeVisible();

        await dialog.getByTestId('change-old-password').fill(player.password);
        await dialog.getByTestId('change-password-submit').click();
        await expect(dialog).toHaveCount(0);
        expect(new URL(page.url()).pathname).toBe('/');
        await expectLoggedInAs(page, player.username);

        await becomeVisitor(page);
        await logInOnPage(page, player.username, newPassword);
        await expectLoggedInAs(page, player.username);
      });
  });

  test.describe(`first login forced change (${language})`, () => {
    // The newbie twins (copies of demo_newbie) live on this server only: demo_newbie itself stays as seeded.
    test.use({ baseURL: serverUrl('sms-register') });

    if (journeyLanguage(language, 'EN'))
      test('an initial password must be changed before anything else', async ({ page }) => {
        await useOwnAddress(page);
        const username = NEWBIE_TWINS[language === 'EN' ? 0 : 1];
        await startIn(page, language);
        await logInOnPage(page, username, NEWBIE_PASSWORD);

        const dialog = page.getByTestId('change-password-modal');
        await expect(dialog.getByTestId('change-password-forced')).toBeVisible();
        if (language === 'HI') await expect(dialog).toContainText(DEVANAGARI);
        // No way out but changing it or signing out: no close icon, Escape does nothing.
        await expect(dialog.getByTestId('modal-close')).toHaveCount(0);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeVisible();
        // The password just typed at login is used as the old one.
        await expect(dialog.getByTestId('change-old-password')).toHaveCount(0);

        const newPassword = 'Newbie2026abc';
        await dialog.getByTestId('change-new-password').fill(newPassword);
        await dialog.getByTestId('change-confirm-password').fill(newPassword);
        await dialog.getByTestId('change-password-submit').click();
        await expect(dialog).toHaveCount(0);
        await expectLoggedInAs(page, username);

        await becomeVisitor(page);
        await logInOnPage(page, username, newPassword);
        await expectLoggedInAs(page, username);
        await expect(page.getByTestId('change-password-modal')).toHaveCount(0);
      });
  });
}
