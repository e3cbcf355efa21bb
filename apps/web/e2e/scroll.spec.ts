import { expect, type Page, test } from '@playwright/test';
import { openLayout } from './support/page-helpers.ts';
import { SPEC_PATHS } from './support/routes.ts';

// SPEC §2: "on navigation the page scrolls to the hash, else to the top".

// A short window, so that every page is taller than it.
test.use({ viewport: { width: 1280, height: 400 } });

/**
 * The lowest element with an id the app authored (not a generated one such as React's useId or Mantine's),
 * provided it starts in the lower part of the first screen or below: reaching it needs a scroll.
 */
async function anchorBelowTheFold(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const generated = /^(mantine-|radix-|headlessui-)|[:«»]/;
    let lowest: { id: string; top: number } | undefined;
    for (const element of document.querySelectorAll('[id]')) {
      const id = element.id;
      if (!id || generated.test(id) || id === 'root') continue;
      const rect = element.getBoundingClientRect();
      const top = rect.top + window.scrollY;
      if (rect.height > 0 && (!lowest || top > lowest.top)) lowest = { id, top };
    }
    return lowest && lowest.top > window.innerHeight * 0.75 ? lowest.id : undefined;
  });
}

test('a deep link with a hash scrolls to its element', async ({ page }) => {
  await openLayout(page, '/');
  await expect(page.getByTestId('page-home')).toBeVisible();
  const anchor = await anchorBelowTheFold(page);
  expect(anchor, 'the home page must offer an element with an id below the first screen').toBeTruthy();

  await page.goto(`/#${anchor}`);
  await expect(page.getByTestId('page-home')).toBeVisible();
  // Without the scroll the page would stay at the top (scrollY 0).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const target = page.locator(`[id="${anchor}"]`);
  await expect(target).toBeInViewport();
  // Brought up to the top part of the window (a sticky header may sit above it), not merely peeking in.
  const top = await target.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeLessThan(400 / 2);
});

test('navigating to another page scrolls to the top', async ({ page }) => {
  await openLayout(page, '/');
  await expect(page.getByTestId('page-home')).toBeVisible();

  // An in-app link to another page of the route table.
  const href = await page.evaluate((paths) => {
    for (const anchor of document.querySelectorAll('a[href^="/"]')) {
      const target = anchor.getAttribute('href') ?? '';
      if (target !== '/' && !target.startsWith('//') && !target.includes('#') && paths.includes(target)) {
        return target;
      }
    }
    return undefined;
  }, SPEC_PATHS);
  expect(href, 'the home page must link to another page of the site').toBeTruthy();

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // Marks this document: a client-side navigation keeps it, a full reload would not.
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });

  // dispatchEvent, not click(): click() would first scroll the link into view and spoil the check.
  await page.locator(`a[href="${href}"]`).first().dispatchEvent('click');
  await expect(page).toHaveURL((url) => url.pathname === href);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});
