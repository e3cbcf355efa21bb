import { expect, test } from '@playwright/test';
import { openLayout } from './support/page-helpers.ts';
import { ROUTES } from './support/routes.ts';

// Every row of the contract's route table (SPEC §2): the layout root's switches and the page shown. The rows
// run in a few tests of one page each (a step per row) rather than a fresh browser context per row, which
// cost more than the checks themselves.
const GROUP_SIZE = 8;
const groups = Array.from({ length: Math.ceil(ROUTES.length / GROUP_SIZE) }, (_, index) =>
  ROUTES.slice(index * GROUP_SIZE, (index + 1) * GROUP_SIZE),
);

test.describe('layout variant of every route', () => {
  for (const group of groups) {
    test(`${group.map((route) => route.path).join(' ')}`, async ({ page }) => {
      // Each row is a whole page load: the test's budget is one journey's per row, not 30 s for all eight
      // (the home rows load the most; on a busy two-core machine the group ran past 30 s at 29a3a05 too).
      test.setTimeout(group.length * 30_000);
      for (const route of group) {
        await test.step(`${route.path} → ${route.testId} (header ${route.header}, banner ${route.banner}, footer ${route.footer}, side menu ${route.sideMenu})`, async () => {
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
  }
});
