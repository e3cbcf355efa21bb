import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { artifactPath, DEVANAGARI } from './support/page-helpers.ts';

/**
 * Issue 3's content pages against the seeded demo brand: help centre, app download, join, blog,
 * promotions, winners, feedback, the home jackpot counter, and a database change showing on the page.
 */

type Variant = { lang: 'EN' | 'HI'; theme: 'light' | 'dark'; name: string };
const VARIANTS: readonly Variant[] = [
  { lang: 'EN', theme: 'light', name: 'en-light' },
  { lang: 'HI', theme: 'dark', name: 'hi-dark' },
];

/**
 * Language and theme as a returning visitor has them stored, and the home page's greeting pop-ups marked
 * as seen (they are the chrome's, tested elsewhere, and would cover the page here).
 */
async function prepare(page: Page, request: APIRequestContext, variant: Variant, origin = ''): Promise<void> {
  const relay = await request.get(
    `${origin}/wps/relay/MCSFE_getListAnnouncements?types=PU&platform=W&execution=B&language=EN`,
  );
  const body = (await relay.json()) as { value: { popup: { id: number }[] } };
  const seenPopups = body.value.popup.map((announcement) => announcement.id).join(',');
  await page.addInitScript(
    ({ lang, theme, seen }) => {
      localStorage.setItem('lang', lang);
      localStorage.setItem('theme', theme);
      localStorage.setItem('giftSeen:visitor', '1');
      sessionStorage.setItem('popupAnnouncementsSeen', seen);
    },
    { lang: variant.lang, theme: variant.theme, seen: seenPopups },
  );
}

async function expectVariant(page: Page, variant: Variant): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', variant.lang.toLowerCase());
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', variant.theme);
}

// A real 1×1 PNG: it passes the browser's and the server's content checks and draws as a preview.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** That PNG padded with zeros after its end to `size` bytes (decoders ignore trailing bytes). */
function pngBuffer(size: number): Buffer {
  const buffer = Buffer.alloc(size);
  TINY_PNG.copy(buffer);
  return buffer;
}

// The smallest valid GIF (1×1, transparent).
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

for (const variant of VARIANTS) {
  test.describe(`content pages (${variant.name})`, () => {
    test.beforeEach(async ({ page, request }) => {
      await prepare(page, request, variant);
    });

    test('help centre: deep link to a category and an article, search, no results', async ({
      page,
    }, testInfo) => {
      await page.goto('/help#deposits-withdrawals');
      await expectVariant(page, variant);
      const section = page.locator('[id="deposits-withdrawals"]');
      await expect(section).toBeInViewport();
      await expect(page.getByTestId('help-category').first()).toBeVisible();
      if (variant.lang === 'HI') await expect(section).toContainText(DEVANAGARI);

      // A deep link to an article opens it.
      await page.goto('/help#forgot-password');
      const article = page.locator('[id="forgot-password"]');
      await expect(article).toBeInViewport();
      await expect(article.getByRole('button').first()).toHaveAttribute('aria-expanded', 'true');

      const total = await page.getByTestId('help-article').count();
      const search = page.getByTestId('help-search');
      // A word of one seeded title in each language ("password" / "पासवर्ड").
      await search.fill(variant.lang === 'EN' ? 'password' : 'पासवर्ड');
      await expect(page.getByTestId('help-search-status')).not.toBeEmpty();
      const found = await page.getByTestId('help-article').count();
      expect(found).toBeGreaterThan(0);
      expect(found).toBeLessThan(total);
      for (const title of await page.getByTestId('help-article').getByRole('button').allInnerTexts()) {
        expect(title.toLowerCase()).toContain(variant.lang === 'EN' ? 'password' : 'पासवर्ड');
      }
      await search.fill('zzqx');
      await expect(page.getByTestId('help-no-results')).toBeVisible();
      await search.fill('');
      await expect(page.getByTestId('help-article')).toHaveCount(total);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: artifactPath(testInfo, `content-help-${variant.name}.png`),
        fullPage: true,
      });

      // /helpmc: the same help centre without the site's chrome.
      await page.goto('/helpmc');
      await expect(page.getByTestId('help-article')).toHaveCount(total);
      await expect(page.getByTestId('site-header')).toHaveCount(0);
    });

    test('app download: anchors for each platform, QR codes, honest availability', async ({ page }) => {
      await page.goto('/down#android');
      await expectVariant(page, variant);
      const guides = page.getByTestId('download-guide');
      await expect(guides).toHaveCount(3);
      expect(await guides.evaluateAll((nodes) => nodes.map((node) => node.id))).toEqual([
        'ios',
        'android',
        'lite',
      ]);
      await expect(page.locator('[id="android"]')).toBeInViewport();
      for (const platform of ['ios', 'android', 'lite']) {
        const guide = page.locator(`[id="${platform}"]`);
        await expect(guide.getByTestId('download-steps').locator('li').first()).toBeVisible();
        await expect(guide.getByTestId('download-version')).not.toBeEmpty();
        const qr = guide.getByTestId('download-qr');
        await expect(qr).toBeVisible();
        // A real image was drawn, and it holds this site's absolute address.
        expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);
        expect(await qr.getAttribute('data-qr-url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/down#/);
      }
      // The seeded brand has no app builds yet: no download button pretends otherwise.
      await expect(page.getByTestId('download-link')).toHaveCount(0);
      await expect(page.getByTestId('download-unavailable')).toHaveCount(3);

      await page.goto('/download#lite');
      await expect(page.locator('[id="lite"]')).toBeInViewport();
    });

    test('join page and the static pages', async ({ page }) => {
      await page.goto('/join');
      await expectVariant(page, variant);
      const content = page.getByTestId('join-content');
      await expect(content).toBeVisible();
      expect(((await content.textContent()) ?? '').trim().length).toBeGreaterThan(100);
      if (variant.lang === 'HI') await expect(content).toContainText(DEVANAGARI);
      await page.getByTestId('join-register').click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole('dialog')).toBeVisible();

      await page.goto('/page/terms');
      await expect(page.getByTestId('content-page-body')).toBeVisible();
      await page.goto('/page/responsible-gaming');
      await expect(page.getByTestId('content-page-body')).toBeVisible();
      await page.goto('/page/no-such-page');
      await expect(page.getByTestId('not-found-state')).toBeVisible();
      await page.goto('/page/join');
      await expect(page).toHaveURL(/\/join$/);
    });

    test('blog: list, article, back, unknown post', async ({ page }) => {
      await page.goto('/blog');
      await expectVariant(page, variant);
      const cards = page.getByTestId('blog-card');
      await expect(cards.first()).toBeVisible();
      const firstTitle = ((await cards.first().locator('h2').textContent()) ?? '').trim();
      await expect(cards.first().locator('img')).toHaveAttribute('loading', 'lazy');
      await cards.first().locator('h2 a').click();
      await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
      await expect(page.getByTestId('blog-article-date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
      await expect(page.getByTestId('blog-article-body')).not.toBeEmpty();
      await page.getByTestId('blog-back').click();
      await expect(page).toHaveURL(/\/blog$/);
      await expect(page.getByTestId('blog-card').first()).toBeVisible();

      await page.goto('/blog/no-such-post');
      await expect(page.getByTestId('not-found-state')).toBeVisible();
    });

    test('promotions: a filter changes the list and survives a reload; detail page', async ({
      page,
    }, testInfo) => {
      await page.goto('/promotions');
      await expectVariant(page, variant);
      const cards = page.getByTestId('promotion-card');
      await expect(cards.first()).toBeVisible();
      const allCount = await cards.count();
      const filters = page.getByTestId('promotion-filter');
      await expect(filters.first()).toHaveAttribute('data-category', 'all');
      await expect(filters.first()).toHaveAttribute('aria-current', 'true');
      await expect(page.getByTestId('promotion-tag').first()).toBeVisible();
      await page.screenshot({
        path: artifactPath(testInfo, `content-promotions-${variant.name}.png`),
        fullPage: true,
      });

      const slots = page.locator('[data-testid="promotion-filter"][data-category="slots"]');
      await slots.click();
      await expect(page).toHaveURL(/\/promotions\?category=slots$/);
      await expect(slots).toHaveAttribute('aria-current', 'true');
      await expect(page.getByTestId('promotion-list')).not.toHaveAttribute('aria-busy', 'true');
      const slotCards = await cards.count();
      expect(slotCards).toBeGreaterThan(0);
      expect(slotCards).toBeLessThan(allCount);
      expect(
        new Set(await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-category')))),
      ).toEqual(new Set(['slots']));

      await page.reload();
      await expect(page.locator('[data-testid="promotion-filter"][data-category="slots"]')).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expect(cards).toHaveCount(slotCards);

      const title = ((await cards.first().locator('h2').textContent()) ?? '').trim();
      await cards.first().locator('h2 a').click();
      await expect(page).toHaveURL(/\/promoDetail\?id=\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByTestId('promo-terms')).not.toBeEmpty();
      await expect(page.getByTestId('promotion-period')).toBeVisible();
      await expect(page.getByTestId('promo-apply')).toBeDisabled();
      await expect(page.getByTestId('promo-apply-note')).not.toBeEmpty();

      await page.goto('/promoDetail?id=987654');
      await expect(page.getByTestId('not-found-state')).toBeVisible();
    });

    test('home: the jackpot counter shows the real pot, winner board and winners page say there are no wins yet', async ({
      page,
    }, testInfo) => {
      await page.goto('/');
      await expectVariant(page, variant);
      const value = page.getByTestId('jackpot-value');
      await expect(value).toBeVisible();
      // The demo brand's seeded jackpot (docs/jackpot.md): ₹1,00,000.00 before anyone plays here; its growth
      // after play is apps/web/e2e/jackpot.spec.ts.
      await expect(value).toHaveAttribute('data-code', 'LOTUS-MEGA');
      await expect
        .poll(async () => Number(await value.getAttribute('data-value-minor')))
        .toBeGreaterThanOrEqual(10_000_000);
      await expect(page.getByTestId('jackpot-illustrative')).toHaveCount(0);

      await expect(page.locator('#home-winners').getByTestId('winners-empty')).toBeVisible();
      // Reduced motion stops the digit columns mid-roll, so the kept screenshot shows a settled figure.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.screenshot({
        path: artifactPath(testInfo, `content-home-${variant.name}.png`),
        fullPage: true,
      });

      await page.goto('/winners');
      await expect(page.getByTestId('page-winners').getByTestId('winners-empty')).toBeVisible();
    });

    test('feedback: validation, upload rules, confirmation and a ticket number', async ({ page }) => {
      await page.goto('/help#feedback');
      await expectVariant(page, variant);
      await page.getByTestId('open-feedback').click();
      const modal = page.getByTestId('feedback-modal');
      await expect(modal.getByTestId('feedback-form')).toBeVisible();

      // Nothing filled in: both required fields say what they need.
      await modal.getByTestId('feedback-submit').click();
      await expect(modal.locator('[aria-invalid="true"]')).toHaveCount(2);
      await expect(modal.getByTestId('feedback-confirm')).toHaveCount(0);

      // The upload rules: a GIF, a PNG over 5 MB, then a fourth image.
      const input = modal.locator('input[type="file"]');
      await input.setInputFiles([
        { name: 'animation.gif', mimeType: 'image/gif', buffer: GIF },
        { name: 'too-big.png', mimeType: 'image/png', buffer: pngBuffer(5 * 1024 * 1024 + 1) },
      ]);
      const errors = modal.getByTestId('feedback-image-errors');
      await expect(errors.locator('[data-code="upload_type"]')).toContainText('animation.gif');
      await expect(errors.locator('[data-code="upload_too_large"]')).toContainText('too-big.png');
      await input.setInputFiles(
        ['1', '2', '3', '4'].map((n) => ({
          name: `shot-${n}.png`,
          mimeType: 'image/png',
          buffer: pngBuffer(2048),
        })),
      );
      await expect(modal.getByTestId('feedback-preview')).toHaveCount(3);
      await expect(errors.locator('[data-code="upload_too_many"]')).toContainText('shot-4.png');
      await modal.getByRole('button', { name: /shot-2\.png/ }).click();
      await expect(modal.getByTestId('feedback-preview')).toHaveCount(2);

      // A valid ticket, with a live counter.
      await modal.getByTestId('feedback-question-type').selectOption('deposit');
      const content =
        variant.lang === 'EN'
          ? 'My deposit has not arrived after an hour.'
          : 'मेरी जमा राशि एक घंटे बाद भी नहीं आई।';
      await modal.getByTestId('feedback-content').fill(content);
      await expect(modal.getByTestId('feedback-counter')).toContainText(`${[...content].length} / 500`);
      await modal.getByTestId('feedback-submit').click();
      await expect(modal.getByTestId('feedback-confirm')).toBeVisible();
      await modal.getByTestId('feedback-send').click();
      await expect(modal.getByTestId('feedback-ticket-id')).toHaveText(/^#\d+$/);
      await modal.getByTestId('feedback-done').click();
      await expect(modal).toHaveCount(0);
    });
  });
}

/**
 * A row changed in the database changes the page: a separate server on its own PGlite folder, whose help
 * article is renamed (with SQL, while no server holds the folder) between seeding and starting.
 */
/** A port nobody listens on, chosen by the system (the shared servers own the E2E_PORT_BASE block). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

test.describe('content comes from the database', () => {
  let origin = '';
  const changedTitle = 'Forgot your password? Start here (changed in the database)';
  let workDir = '';
  let server: ChildProcess | null = null;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    workDir = await mkdtemp(path.join(tmpdir(), 'lotus-content-e2e-'));
    const dataDir = path.join(workDir, 'data');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    // The operator CLI migrates and seeds an empty folder before it answers.
    await new Promise<void>((resolve, reject) => {
      const cli = spawn('npm', ['run', '--silent', 'ops', '--', 'brand:get'], { env, stdio: 'ignore' });
      cli.on('error', reject);
      cli.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ops brand:get exited ${code}`))));
    });
    const db = new PGlite(path.join(dataDir, 'pgdata'));
    const result = await db.query(
      `update help_articles set title = jsonb_set(title, '{EN}', to_jsonb($1::text)) where key = 'forgot-password'`,
      [changedTitle],
    );
    await db.close();
    expect(result.affectedRows).toBe(1);

    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['apps/server/dist/main.js'], {
      env: { ...env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port) },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${origin}/wps/system/status`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the content server on ${origin} did not start`);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  test('a help article renamed in the database shows its new title', async ({ page, request }) => {
    await prepare(page, request, VARIANTS[0] as Variant, origin);
    await page.goto(`${origin}/help#forgot-password`);
    const article = page.locator('[id="forgot-password"]');
    // A bound on a hang: this spec's own server is the first request's cold start, and on a loaded CI machine
    // (load average 5, 2026-11-28) the help list was still loading after 15 s; it passed on the retry.
    await expect(article.getByRole('button').first()).toHaveText(changedTitle, { timeout: 45_000 });
    await expect(page.getByText('I forgot my password')).toHaveCount(0);
  });
});
