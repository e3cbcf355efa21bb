import { expect, type Page, type Route, test } from '@playwright/test';
import { sanitiseHtml } from '../../server/src/modules/content/sanitise-html.ts';
import { type XssPayload, xssCorpus, xssSample } from '../../server/test/reliability/xss-payloads.ts';

/**
 * Reliability item 5, browser side: the XSS corpus (apps/server/test/reliability/xss-payloads.ts) rendered
 * in Chromium, with a trap: every payload that runs calls `__xss(<id>)`, and alert / confirm / prompt and
 * dialogs count too. Nothing may fire. Two layers, each on its own:
 *
 * 1. The app's own rendering (SafeHtml = DOMPurify) of the RAW payloads, as if a row reached the browser
 *    around the server's sanitiser: the help centre (articles) and the notice page (announcements), their
 *    API answers replaced in flight with the corpus (titles too: they must show as text).
 * 2. The server sanitiser's output (sanitise-html.ts, what the API serves) put straight into a page with
 *    innerHTML, WITHOUT DOMPurify: the server layer alone must be inert in a real browser parser.
 *
 * Feedback is never rendered to players (operators read it as JSON through `npm run ops -- feedback:list`):
 * its check is server-side only (apps/server/test/reliability/xss-corpus.test.ts).
 *
 * Default: a spread sample of 100 payloads (one page load per layer). RELIABILITY_FULL=1: the whole corpus
 * (> 4,000) in pages of 500.
 */
const full = process.env.RELIABILITY_FULL === '1';
const PAYLOADS: readonly XssPayload[] = full ? xssCorpus() : xssSample(100);
const PER_PAGE = 500;
const chunks: XssPayload[][] = [];
for (let start = 0; start < PAYLOADS.length; start += PER_PAGE)
  chunks.push(PAYLOADS.slice(start, start + PER_PAGE));

const titleOf = (payload: XssPayload) => `#${payload.id} ${payload.html}`;

/** Defined before any page script: the trap every payload calls, and the dialogs it could open. */
function installTrap() {
  const hits: string[] = [];
  const record = (what: string) => () => {
    hits.push(what);
  };
  Object.assign(window, {
    __xssHits: hits,
    __xss: (id: unknown) => hits.push(`__xss(${String(id)})`),
    alert: record('alert'),
    confirm: record('confirm'),
    prompt: record('prompt'),
    print: record('print'),
  });
}

type Trap = { dialogs: string[]; hits: () => Promise<string[]> };

async function armTrap(page: Page): Promise<Trap> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // A payload that navigates (meta refresh, base href, form action) would show up as a trap hit or a
  // request to a javascript:/data: address; log every frame navigation away from the app.
  page.on('framenavigated', (frame) => {
    if (/^(javascript|data|vbscript):/i.test(frame.url())) dialogs.push(`navigated to ${frame.url()}`);
  });
  await page.addInitScript(installTrap);
  return {
    dialogs,
    hits: () => page.evaluate(() => (window as unknown as { __xssHits?: string[] }).__xssHits ?? []),
  };
}

/**
 * What a browser would run inside the rendered rich texts (`selector`: the SafeHtml containers, not the
 * page's own chrome): script-capable elements, handlers, script addresses.
 */
async function liveMarkup(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) => {
    const found: string[] = [];
    const scriptUrl = /^(javascript|data|vbscript):/i;
    for (const root of roots) {
      for (const element of root.querySelectorAll('*')) {
        const tag = element.tagName.toLowerCase();
        if (
          [
            'script',
            'iframe',
            'object',
            'embed',
            'svg',
            'math',
            'style',
            'link',
            'meta',
            'base',
            'form',
            'frame',
            'template',
          ].includes(tag)
        ) {
          found.push(`<${tag}>`);
        }
        for (const attribute of element.attributes) {
          // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these controls from a URL.
          const value = attribute.value.replace(/[\u0000-\u0020]/g, '');
          if (
            attribute.name.startsWith('on') ||
            ['style', 'srcdoc', 'formaction', 'action'].includes(attribute.name)
          ) {
            found.push(`${tag}[${attribute.name}]`);
          }
          if (
            ['href', 'src', 'xlink:href', 'data', 'background', 'poster', 'srcset'].includes(
              attribute.name,
            ) &&
            scriptUrl.test(value)
          ) {
            found.push(`${tag}[${attribute.name}=${attribute.value.slice(0, 40)}]`);
          }
        }
      }
    }
    return found;
  });
}

/** Answers the API call with the real answer, `value` replaced. */
async function replaceValue(route: Route, edit: (value: Record<string, unknown>) => Record<string, unknown>) {
  const response = await route.fetch();
  const body = (await response.json()) as { value: Record<string, unknown> };
  await route.fulfill({ response, json: { ...body, value: edit(body.value) } });
}

test.describe('XSS corpus in Chromium', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(full ? 600_000 : 60_000);

  test(`the help centre renders ${PAYLOADS.length} raw payloads without running any`, async ({ page }) => {
    const trap = await armTrap(page);
    for (const chunk of chunks) {
      await page.unrouteAll();
      await page.route('**/wps/system/helpCenter?*', (route) =>
        replaceValue(route, () => ({
          categories: [
            {
              id: 990_001,
              key: 'xss-corpus',
              title: 'XSS corpus',
              articles: chunk.map((payload) => ({
                id: payload.id,
                key: `xss-${payload.id}`,
                title: titleOf(payload),
                content: payload.html,
              })),
            },
          ],
        })),
      );
      await page.goto('/help');
      const articles = page.getByTestId('help-article');
      await expect(articles).toHaveCount(chunk.length);
      // Titles are text: the markup of the first shows as written.
      await expect(articles.first()).toContainText(`#${chunk[0]?.id} `);
      // Every article's content is in the document (closed panels are kept mounted), so every payload
      // had its chance to run.
      await expect(page.locator('[data-testid="help-article"] .mantine-Typography-root')).toHaveCount(
        chunk.length,
      );
      await page.waitForTimeout(300);
      expect(await liveMarkup(page, '[data-testid="help-article"] .mantine-Typography-root')).toEqual([]);
      expect(await trap.hits()).toEqual([]);
    }
    expect(trap.dialogs).toEqual([]);
  });

  test(`the notice page renders ${PAYLOADS.length} raw payloads without running any`, async ({ page }) => {
    const trap = await armTrap(page);
    for (const chunk of chunks) {
      await page.unrouteAll();
      await page.route('**/wps/content/announcements?*', (route) =>
        replaceValue(route, (value) => ({
          ...value,
          list: chunk.map((payload) => ({
            id: payload.id,
            type: 'B',
            title: titleOf(payload),
            content: payload.html,
            timestamp: new Date(Date.UTC(2026, 0, 1)).toISOString(),
          })),
        })),
      );
      await page.goto('/noticePage');
      const entries = page.getByTestId('notice-entry');
      await expect(entries).toHaveCount(chunk.length);
      await expect(entries.first()).toContainText(`#${chunk[0]?.id} `);
      // Open a few (the first and last) the way a player would, then check the whole list.
      for (const entry of [entries.first(), entries.last()]) await entry.getByRole('button').first().click();
      await expect(page.getByTestId('notice-content').first()).toBeAttached();
      await page.waitForTimeout(300);
      expect(await liveMarkup(page, '[data-testid="notice-content"]')).toEqual([]);
      expect(await trap.hits()).toEqual([]);
    }
    expect(trap.dialogs).toEqual([]);
  });

  test(`the server sanitiser's output of ${PAYLOADS.length} payloads is inert in Chromium without DOMPurify`, async ({
    page,
  }) => {
    const trap = await armTrap(page);
    // An empty page of the app's origin (a route nobody else uses), so relative addresses resolve there.
    await page.route('**/__xss-render', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><body><main id="root"></main></body></html>',
      }),
    );
    await page.goto('/__xss-render');
    // The trap is not blind: a handler that does run is caught.
    await page.evaluate(() => {
      const root = document.getElementById('root');
      if (root) root.innerHTML = '<img src="data:," onerror="__xss(0)">';
    });
    await expect.poll(trap.hits).toEqual(['__xss(0)']);
    await page.evaluate(() => {
      (window as unknown as { __xssHits: string[] }).__xssHits.length = 0;
    });
    for (const chunk of chunks) {
      const html = chunk.map(
        (payload) => `<section data-id="${payload.id}">${sanitiseHtml(payload.html)}</section>`,
      );
      await page.evaluate((sections) => {
        const root = document.getElementById('root');
        if (root) root.innerHTML = sections.join('');
      }, html);
      await expect(page.locator('#root > section')).toHaveCount(chunk.length);
      await page.waitForTimeout(300);
      expect(await liveMarkup(page, '#root')).toEqual([]);
      expect(await trap.hits()).toEqual([]);
    }
    expect(trap.dialogs).toEqual([]);
  });
});
