import { expect, type Page, test } from '@playwright/test';
import { visibleText } from './support/page-helpers.ts';
import { ALLOWED_VISITOR_IP, RESTRICTED_VISITOR_IP, serverUrl } from './support/servers.ts';

async function expectCustomerServiceLink(page: Page, viewTestId: string): Promise<void> {
  const link = page.getByTestId(viewTestId).getByTestId('customer-service-link');
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /\S/);
  expect((await visibleText(link)).trim().length).toBeGreaterThan(0);
}

test.describe('maintenance (brand switched by `npm run ops -- brand:set maintenance true`)', () => {
  test.use({ baseURL: serverUrl('maintenance') });

  for (const path of ['/', '/rng', '/login']) {
    test(`${path} shows the maintenance view with a title, a message and a customer-service link`, async ({
      page,
    }) => {
      await page.goto(path);
      const view = page.getByTestId('maintenance-page');
      await expect(view).toBeVisible();
      const title = view.getByRole('heading').first();
      await expect(title).toBeVisible();
      const titleText = (await visibleText(title)).trim();
      expect(titleText.length).toBeGreaterThan(0);
      // The message is more than the title.
      const viewText = (await visibleText(view)).trim();
      expect(viewText.replace(titleText, '').trim().length).toBeGreaterThan(10);
      await expectCustomerServiceLink(page, 'maintenance-page');
      await expect(page.getByTestId('layout')).toHaveCount(0);
      await expect(page.getByTestId('region-blocked-page')).toHaveCount(0);
    });
  }
});

test.describe('region restriction on the demo brand', () => {
  test.describe('a visitor from a restricted country', () => {
    test.use({ extraHTTPHeaders: { 'X-Forwarded-For': RESTRICTED_VISITOR_IP } });

    for (const path of ['/', '/promotions']) {
      test(`${path} shows the region-blocked view with the visitor's IP`, async ({ page }) => {
        await page.goto(path);
        const view = page.getByTestId('region-blocked-page');
        await expect(view).toBeVisible();
        await expect(view.getByTestId('visitor-ip')).toHaveText(
          new RegExp(RESTRICTED_VISITOR_IP.replace(/\./g, '\\.')),
        );
        await expectCustomerServiceLink(page, 'region-blocked-page');
        await expect(page.getByTestId('layout')).toHaveCount(0);
        await expect(page.getByTestId('maintenance-page')).toHaveCount(0);
      });
    }
  });

  test.describe('a visitor from an allowed country', () => {
    test.use({ extraHTTPHeaders: { 'X-Forwarded-For': ALLOWED_VISITOR_IP } });

    test('sees the home page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByTestId('page-home')).toBeVisible();
      await expect(page.getByTestId('region-blocked-page')).toHaveCount(0);
    });
  });
});
