import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Any Devanagari letter: present in Hindi text, absent from the English interface. */
export const DEVANAGARI = /[\u0900-\u097F]/;

/** Opens a path and waits until the shell has rendered its layout root. */
export async function openLayout(page: Page, pathWithQuery: string): Promise<Locator> {
  await page.goto(pathWithQuery);
  const layout = page.getByTestId('layout');
  await expect(layout).toBeVisible();
  return layout;
}

export function htmlElement(page: Page): Locator {
  return page.locator('html');
}

/** Chooses a language through the header's selector, the way a visitor does. */
export async function chooseLanguage(page: Page, code: 'EN' | 'HI'): Promise<void> {
  await page.getByTestId('language-selector').click();
  const item = page.locator(`[role="menuitem"][data-lang="${code}"]`);
  await expect(item).toBeVisible();
  await item.click();
  await expect(htmlElement(page)).toHaveAttribute('lang', code.toLowerCase());
}

/**
 * Records `data-mantine-color-scheme` of `<html>` when parsing ends (readyState "interactive", before any
 * deferred or module script runs) and at DOMContentLoaded. A value at "interactive" proves an inline
 * script in the document set it, i.e. before the first paint, with no flash of the other theme.
 */
export async function recordEarlyColorScheme(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as {
      __schemeAtInteractive?: string | null;
      __schemeAtDcl?: string | null;
    };
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        record.__schemeAtInteractive = document.documentElement.getAttribute('data-mantine-color-scheme');
      }
    });
    document.addEventListener('DOMContentLoaded', () => {
      record.__schemeAtDcl = document.documentElement.getAttribute('data-mantine-color-scheme');
    });
  });
}

export async function earlyColorScheme(
  page: Page,
): Promise<{ atInteractive: string | null | undefined; atDcl: string | null | undefined }> {
  return page.evaluate(() => {
    const record = window as unknown as {
      __schemeAtInteractive?: string | null;
      __schemeAtDcl?: string | null;
    };
    return { atInteractive: record.__schemeAtInteractive, atDcl: record.__schemeAtDcl };
  });
}

/** Where the kept screenshots go (gitignored): apps/web/e2e/artifacts/. */
export function artifactPath(testInfo: TestInfo, fileName: string): string {
  return path.join(testInfo.project.testDir, 'artifacts', fileName);
}

/** The text a visitor sees (rendered text: hidden elements excluded), unlike `textContent`. */
export async function visibleText(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText is the rendered text on purpose.
  return locator.innerText();
}

/**
 * The bound on a step that waits for the server to hash passwords at production cost (scrypt N = 2^17,
 * 128 MiB each; setting a payment password runs three): well under a second each on a quiet core, but many
 * seconds each on a loaded two-core machine, where the default 15 s expect bound failed (issue 20's run with
 * four processes testing beside the journeys). A bound on a hang, not a wait.
 */
export const PASSWORD_HASHING_BOUND_MS = 45_000;
