import { expect, test } from '@playwright/test';
import { GUARD_CLOSED_PATHS, GUARD_OPEN_PATHS } from './support/routes.ts';
import { serverUrl } from './support/servers.ts';

// Brand switched by `npm run ops -- brand:set loggedInToHomePage true`: a visitor without a session
// reaches only /login, /register, /register.html, /helpmc and /download (SPEC §2 route guard).
test.describe("route guard ('logged-in to home page' on)", () => {
  test.use({ baseURL: serverUrl('guard') });

  for (const path of GUARD_CLOSED_PATHS) {
    test(`${path} redirects a visitor to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId('page-login')).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/login');
    });
  }

  for (const { path, testId } of GUARD_OPEN_PATHS) {
    test(`${path} stays open to a visitor`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId(testId)).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === path);
    });
  }
});
