import { expect, test } from '@playwright/test';
import { openLayout } from './support/page-helpers.ts';
import { ROUTES } from './support/routes.ts';

// Every row of the contract's route table (SPEC §2): the layout root's switches and the page shown.
test.describe('layout variant of every route', () => {
  for (const route of ROUTES) {
    test(`${route.path} → ${route.testId} (header ${route.header}, banner ${route.banner}, footer ${route.footer}, side menu ${route.sideMenu})`, async ({
      page,
    }) => {
      const layout = await openLayout(page, route.path);
      await expect(layout).toHaveAttribute('data-header', route.header);
      await expect(layout).toHaveAttribute('data-banner', route.banner);
      await expect(layout).toHaveAttribute('data-footer', route.footer);
      await expect(layout).toHaveAttribute('data-side-menu', route.sideMenu);
      await expect(layout.locator('.w1200').first()).toBeAttached();

      const pageRoot = page.getByTestId(route.testId);
      await expect(pageRoot).toBeVisible();
      if (route.pageAttribute) {
        const { name, value } = route.pageAttribute;
        await expect(pageRoot).toHaveAttribute(name, new RegExp(`^${value}$`, 'i'));
      }
      if (route.registerModal) {
        await expect(page.getByRole('dialog')).toBeVisible();
      }
      // The path stays what was asked for: no route here redirects a visitor on the normal brand.
      expect(new URL(page.url()).pathname).toBe(new URL(route.path, 'http://x').pathname);
    });
  }
});
