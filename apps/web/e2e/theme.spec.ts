import { expect, test } from '@playwright/test';
import { earlyColorScheme, htmlElement, openLayout, recordEarlyColorScheme } from './support/page-helpers.ts';

test.describe('colour scheme', () => {
  test('light by default, set by the document itself before any module script runs', async ({ page }) => {
    await recordEarlyColorScheme(page);
    await openLayout(page, '/');
    await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await earlyColorScheme(page)).toEqual({ atInteractive: 'light', atDcl: 'light' });
  });

  test('the toggle switches to dark, and dark is there from the first paint after a reload', async ({
    page,
  }) => {
    await recordEarlyColorScheme(page);
    await openLayout(page, '/');
    await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByTestId('theme-toggle').click();
    await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.reload();
    await expect(page.getByTestId('layout')).toBeVisible();
    await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // No flash of light: the stored scheme was applied while the document was still being parsed.
    expect(await earlyColorScheme(page)).toEqual({ atInteractive: 'dark', atDcl: 'dark' });

    // A second toggle goes back to light, and that too is kept.
    await page.getByTestId('theme-toggle').click();
    await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.reload();
    await expect(page.getByTestId('layout')).toBeVisible();
    expect(await earlyColorScheme(page)).toEqual({ atInteractive: 'light', atDcl: 'light' });
  });
});
