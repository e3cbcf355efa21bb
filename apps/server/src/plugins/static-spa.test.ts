import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.ts';

// Every SPEC §2 route the browser router owns: each must answer index.html on a hard load.
const SPA_PATHS = [
  '/',
  '/index',
  '/index.html',
  '/home',
  '/register',
  '/register.html',
  '/noticePage',
  '/pointMall',
  '/sports',
  '/esports',
  '/lott',
  '/elott',
  '/lottery',
  '/lottery?gameCode=TCG_SEA',
  '/rng',
  '/rng?page=PG',
  '/fish',
  '/pvp',
  '/live',
  '/promotions',
  '/promoDetail',
  '/help',
  '/down',
  '/join',
  '/seamless',
  '/fbsports',
  '/game',
  '/helpmc',
  '/hot',
  '/new',
  '/cockfight',
  '/jp',
  '/roulette',
  '/favorite',
  '/recent',
  '/vnLottery',
  '/seaLottery',
  '/login',
  '/download',
  '/some/unknown/page',
];

const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Lotus test shell</title></head><body><div id="root"></div><!-- ${'padding '.repeat(200)} --><script type="module" src="/assets/index-4f3c2a1b.js"></script></body></html>`;
const SCRIPT = `export const shell = ${JSON.stringify('x'.repeat(4000))};\n`;
const STYLE = `body { color: #222; }\n${'.c { margin: 0 }\n'.repeat(200)}`;

describe('static SPA', () => {
  let webDir: string;
  let test: TestApp;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'lotus-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webDir, 'assets', 'index-4f3c2a1b.js'), SCRIPT);
    writeFileSync(path.join(webDir, 'assets', 'index-9d8e7f6a.css'), STYLE);
    writeFileSync(path.join(webDir, 'assets', 'index-9d8e7f6a.css.br'), brotliCompressSync(STYLE));
    writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\n');
    test = await buildTestApp({ backend: 'offline', config: { webDistDir: webDir } });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...headers },
    });

  it.each(SPA_PATHS)('answers %s with index.html, revalidated on every load', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await get('/assets/index-4f3c2a1b.js', { accept: '*/*' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SCRIPT);
  });

  it('gives other public files a short cache life', async () => {
    const response = await get('/robots.txt', { accept: '*/*' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('negotiates brotli and gzip on the fly', async () => {
    const brotli = await get('/assets/index-4f3c2a1b.js', { accept: '*/*', 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await get('/assets/index-4f3c2a1b.js', { accept: '*/*', 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const page = await get('/', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toBe(INDEX_HTML);
    const plain = await get('/assets/index-4f3c2a1b.js', { accept: '*/*', 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('serves a precompressed file when the build produced one', async () => {
    const response = await get('/assets/index-9d8e7f6a.css', { accept: 'text/css', 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(STYLE);
  });

  it('answers a missing asset with 404, never with the page', async () => {
    for (const url of ['/assets/index-00000000.js', '/missing.js', '/favicon-missing.png']) {
      const response = await get(url, { accept: '*/*' });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<html');
    }
  });

  it('answers a non-page request (JSON accept) for an unknown path with 404', async () => {
    const response = await get('/home', { accept: 'application/json' });
    expect(response.statusCode).toBe(404);
  });

  it('sends the content security policy and the other security headers', async () => {
    const response = await get('/home');
    const csp = response.headers['content-security-policy'] as string;
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "connect-src 'self' ws: wss:",
      "frame-src 'self' https:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('keeps API paths on the JSON envelope', async () => {
    const response = await get('/wps/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'not_found', value: null });
  });
});

describe('static SPA without a build', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({ backend: 'offline', config: { webDistDir: '/nonexistent/lotus-web-dist' } });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers pages with a plain 503 telling how to build, while the API keeps working', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/home', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.body).toContain('npm run build');
    const root = await test.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(503);
    const api = await test.app.inject({ method: 'GET', url: '/wps/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('not_found');
  });
});

describe('static SPA: the first screen from the server (issue 15)', () => {
  const SHELL =
    '<div id="root"><div class="fs-shell"><div class="fs-top"></div><div class="fs-nav"></div></div></div>';
  const PAGE = `<!doctype html><html lang="en"><head><title>Lotus</title></head><body>${SHELL}</body></html>`;
  const FIRST_SCREEN = {
    routes: [
      { path: '/', banner: 'home', files: ['assets/home-route-1.js', 'assets/lanes-2.js'] },
      { path: '/join', banner: null, files: ['assets/join-page-3.js'] },
    ],
  };
  let webDir: string;
  let test: TestApp;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'lotus-web-'));
    mkdirSync(path.join(webDir, '.vite'));
    writeFileSync(path.join(webDir, 'index.html'), PAGE);
    writeFileSync(path.join(webDir, '.vite', 'first-screen.json'), JSON.stringify(FIRST_SCREEN));
    test = await buildTestApp({ config: { webDistDir: webDir } });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const page = (url: string) => test.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const startDataOf = (html: string) => {
    const match = /<script type="application\/json" id="lotus-start-data">(.*?)<\/script>/.exec(html);
    if (!match?.[1]) throw new Error('no lotus-start-data in the page');
    expect(match[1]).not.toContain('<');
    return JSON.parse(match[1]);
  };

  it('inlines its own answers to the start-up calls and the page banners, and puts the first banner in the HTML', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const data = startDataOf(response.body);
    const status = (await test.app.inject({ method: 'GET', url: '/wps/system/status' })).json().value;
    expect(data.status).toEqual(status);
    expect(data.whitelabel.site.brandName).toBeTruthy();
    expect(data.banners.group).toBe('home');
    expect(data.banners.language).toBe(data.whitelabel.site.defaultLanguage);
    const first = data.banners.value.banners[0];
    expect(first.url).toBeTruthy();
    expect(response.body).toContain(
      `<div class="fs-nav"></div><div class="w1200 fs-banner"><img class="fs-frame" src="${first.url}"`,
    );
    expect(response.body).toContain(
      `<link rel="preload" as="image" href="${first.url}" fetchpriority="high">`,
    );
  });

  it("names the page's code as modulepreload links, matching paths as the router does", async () => {
    for (const url of ['/', '/?ref=mail']) {
      const response = await page(url);
      expect(response.body).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/home-route-1.js">',
      );
      expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/lanes-2.js">');
    }
    const join = await page('/JOIN/');
    expect(join.body).toContain('<link rel="modulepreload" crossorigin href="/assets/join-page-3.js">');
    expect(join.body).not.toContain('home-route-1.js');
  });

  it('adds no banner on a page without a strip, and nothing but the start data on an unlisted page', async () => {
    const join = await page('/join');
    expect(startDataOf(join.body).banners).toBeUndefined();
    expect(join.body).not.toContain('fs-banner');
    const other = await page('/winners');
    expect(other.body).not.toContain('modulepreload');
    expect(other.body).toContain('id="lotus-start-data"');
  });

  it('serves index.html itself only as a page answer', async () => {
    const response = await page('/index.html');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="lotus-start-data"');
  });
});
