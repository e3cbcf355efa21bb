import { expect, test } from '@playwright/test';
import {
  artifactPath,
  chooseLanguage,
  DEVANAGARI,
  htmlElement,
  openLayout,
  visibleText,
} from './support/page-helpers.ts';

test.describe('home page in English and Hindi', () => {
  test('a first visit shows the home page in English (the brand default)', async ({ page }) => {
    const layout = await openLayout(page, '/');
    await expect(page.getByTestId('page-home')).toBeVisible();
    await expect(htmlElement(page)).toHaveAttribute('lang', 'en');
    const text = await visibleText(layout);
    expect(text.trim().length).toBeGreaterThan(0);
    expect(text).not.toMatch(DEVANAGARI);
  });

  test('the language selector switches the interface to Hindi, and the choice survives a reload', async ({
    page,
  }) => {
    const layout = await openLayout(page, '/');
    await expect(page.getByTestId('page-home')).toBeVisible();
    const englishText = await visibleText(layout);

    await chooseLanguage(page, 'HI');
    await expect(layout).toContainText(DEVANAGARI);
    const hindiText = await visibleText(layout);
    expect(hindiText).not.toBe(englishText);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toMatch(/^hi$/i);

    await page.reload();
    await expect(page.getByTestId('page-home')).toBeVisible();
    await expect(htmlElement(page)).toHaveAttribute('lang', 'hi');
    await expect(page.getByTestId('layout')).toContainText(DEVANAGARI);

    // And back: English again, stored, and no Hindi left on screen.
    await chooseLanguage(page, 'EN');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toMatch(/^en$/i);
    await expect(page.getByTestId('layout')).not.toContainText(DEVANAGARI);
  });

  test('screenshots of home: English in light, Hindi in dark', async ({ page }, testInfo) => {
    await openLayout(page, '/');
    await expect(page.getByTestId('page-home')).toBeVisible();
    await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.screenshot({ path: artifactPath(testInfo, 'home-en-light.png'), fullPage: true });

    await chooseLanguage(page, 'HI');
    await page.getByTestId('theme-toggle').click();
    await expect(htmlElement(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByTestId('layout')).toContainText(DEVANAGARI);
    await page.mouse.move(0, 0); // no hover tooltip on the toggle in the picture
    await page.screenshot({ path: artifactPath(testInfo, 'home-hi-dark.png'), fullPage: true });
  });
});
