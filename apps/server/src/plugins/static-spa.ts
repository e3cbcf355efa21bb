import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../lib/api-paths.ts';
import { type PageFallback, sendFailure } from './error-handler.ts';

/**
 * Serves the built single-page app. Vite content-hashes everything under /assets/, so those files are
 * cached for a year as immutable; index.html must always be revalidated or a deploy would leave browsers on
 * the old asset names. The router uses history mode (SPEC §2), so a page path with no file behind it
 * (/home, /register.html, /promoDetail, ...) answers index.html and the browser router takes over.
 *
 * Every page answer is index.html (which the build prerendered the first screen into, apps/web/scripts/
 * prerender.mjs) with two additions for this request (issue 15, first screen sooner):
 * - the answers of the calls the app would make first — /wps/system/status, /wps/system/whitelabel for this
 *   host and, on a page with a banner strip, that group's banners in the brand's default language — asked
 *   of the server's own routes (`inject`, with the visitor's address and forwarding headers, so each answer
 *   is the one the browser would get) and inlined as JSON that apps/web/src/app/main.tsx puts in its query
 *   cache: the site renders without waiting for a round trip;
 * - the page's first banner as an image in the first screen (firstScreenBannerHtml), fetched at once;
 * - `modulepreload` links for the code of the page at this path (dist/.vite/first-screen.json, written by
 *   the build), so it downloads beside the entry instead of after it has run.
 * Either is left out when it cannot be had (an error answer, no such file): the app then fetches as before.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT_LIVED = 'public, max-age=3600';

const BUILD_MISSING = [
  'Lotus: the web app has not been built yet.',
  '',
  'Run `npm run build` (or `npm start`, which builds what is missing) and restart the server.',
  'The API is available meanwhile; its documentation is at /docs.',
  '',
].join('\n');

/** Headers passed on to the start-up calls: what decides the visitor's address, brand host and language. */
const FORWARDED_HEADERS = [
  'host',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
] as const;

/** dist/.vite/first-screen.json: per visitor page path, its banner group and its code's files (web build). */
type FirstScreenRoute = { path: string; banner: string | null; files: string[] };

/** The first-screen data, as apps/web/src/app/start-data.ts reads it (`lotus-start-data`). */
type StartData = {
  host: string;
  status: unknown;
  whitelabel: unknown;
  banners?: { group: string; language: string; value: { banners: { url: string; alt: string }[] } };
};

async function askOwnApi(request: FastifyRequest, url: string): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const response = await request.server.inject({
    method: 'GET',
    url,
    headers,
    remoteAddress: request.socket.remoteAddress ?? '127.0.0.1',
  });
  if (response.statusCode !== 200) return undefined;
  const envelope = response.json() as { success?: boolean; value?: unknown };
  return envelope.success === true ? envelope.value : undefined;
}

/** The brand's default language from a whitelabel answer (the language a first visit shows). */
function defaultLanguageOf(whitelabel: unknown): string | null {
  const site = (whitelabel as { site?: { defaultLanguage?: unknown } } | null)?.site;
  return typeof site?.defaultLanguage === 'string' ? site.defaultLanguage : null;
}

async function startDataFor(
  request: FastifyRequest,
  route: FirstScreenRoute | null,
): Promise<StartData | null> {
  const host = request.headers.host;
  if (!host) return null;
  try {
    const [status, whitelabel] = await Promise.all([
      askOwnApi(request, '/wps/system/status'),
      askOwnApi(request, `/wps/system/whitelabel?url=${encodeURIComponent(host)}`),
    ]);
    if (status === undefined || whitelabel === undefined) return null;
    const data: StartData = { host, status, whitelabel };
    const language = defaultLanguageOf(whitelabel);
    if (route?.banner && language) {
      const query = new URLSearchParams({ group: route.banner, language });
      const value = await askOwnApi(request, `/wps/content/banners?${query}`);
      if (value !== undefined) {
        data.banners = {
          group: route.banner,
          language,
          value: value as NonNullable<StartData['banners']>['value'],
        };
      }
    }
    return data;
  } catch (error) {
    request.log.warn({ err: error }, 'first-screen data not inlined: the app will fetch it');
    return null;
  }
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * The first banner in the first screen's HTML: the same element apps/web/src/app/first-screen-shell.tsx
 * renders from the same start data, so the browser hydrates it as is. It is the page's largest picture,
 * so the server names it in the HTML and the browser fetches it at once, before any script has run.
 */
export function firstScreenBannerHtml(banner: { url: string; alt: string }): string {
  return (
    '<div class="w1200 fs-banner">' +
    `<img class="fs-frame" src="${escapeAttribute(banner.url)}" alt="${escapeAttribute(banner.alt)}" fetchpriority="high">` +
    '</div>'
  );
}

/** Where the banner goes in the prerendered first screen: right after the category bar. */
const BANNER_MARK = '<div class="fs-nav"></div>';

/** JSON safe inside a <script> element (no `</script>` or `<!--` can close or bend it). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The first-screen entry for a page path, or null. Read with each page answer, like index.html, so a new
 * build is picked up without a restart; a missing or unreadable file gives null (nothing is added).
 */
async function firstScreenRoute(root: string, routePath: string): Promise<FirstScreenRoute | null> {
  try {
    const file = path.join(root, '.vite', 'first-screen.json');
    const { routes } = JSON.parse(await readFile(file, 'utf8')) as { routes: FirstScreenRoute[] };
    return routes.find((route) => route.path === routePath) ?? null;
  } catch {
    return null;
  }
}

/** Paths match as the browser router matches them: case-insensitive, a trailing slash ignored. */
function routeKey(urlPath: string): string {
  const trimmed = urlPath.length > 1 && urlPath.endsWith('/') ? urlPath.slice(0, -1) : urlPath;
  return trimmed.toLowerCase();
}

export type StaticSpa = {
  /** False when WEB_DIST_DIR has no index.html: page requests then get a 503 explaining how to build. */
  available: boolean;
  fallback: PageFallback;
  register(app: FastifyInstance): Promise<void>;
};

/** A request a browser makes for a page (not for a script, image or API call). */
function wantsPage(request: FastifyRequest, urlPath: string): boolean {
  if (urlPath === '/assets' || urlPath.startsWith('/assets/')) return false;
  const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  const extension = path.extname(lastSegment);
  if (extension !== '' && extension !== '.html') return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

function cacheControlFor(root: string, filePath: string): string {
  // A precompressed variant (index.html.br) is cached like the file it stands for.
  const logical = filePath.replace(/\.(?:br|gz|deflate)$/, '');
  if (path.relative(root, logical).split(path.sep)[0] === 'assets') return IMMUTABLE;
  if (logical.endsWith('.html')) return REVALIDATE;
  return SHORT_LIVED;
}

export function createStaticSpa(webDistDir: string): StaticSpa {
  const root = path.resolve(webDistDir);
  const indexFile = path.join(root, 'index.html');
  const available = existsSync(indexFile);

  const fallback: PageFallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = pathOf(request.url);
    if (!wantsPage(request, urlPath)) {
      return sendFailure(reply, { code: 'not_found', status: 404, value: null });
    }
    if (!available || !existsSync(indexFile)) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(BUILD_MISSING);
    }
    const route = await firstScreenRoute(root, routeKey(urlPath));
    const [html, startData] = await Promise.all([readFile(indexFile, 'utf8'), startDataFor(request, route)]);
    const additions = (route?.files ?? []).map(
      (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
    );
    let page = html;
    if (startData) {
      additions.push(
        `<script type="application/json" id="lotus-start-data">${scriptJson(startData)}</script>`,
      );
      const banner = startData.banners?.value.banners[0];
      if (banner && page.includes(BANNER_MARK)) {
        page = page.replace(BANNER_MARK, `${BANNER_MARK}${firstScreenBannerHtml(banner)}`);
        additions.push(
          `<link rel="preload" as="image" href="${escapeAttribute(banner.url)}" fetchpriority="high">`,
        );
      }
    }
    if (additions.length > 0) page = page.replace('</head>', `${additions.join('')}</head>`);
    return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(page);
  };

  return {
    available,
    fallback,
    async register(app) {
      if (!available) {
        app.log.warn({ webDistDir: root }, 'web app not built: pages answer 503 until `npm run build`');
        return;
      }
      await app.register(fastifyStatic, {
        root,
        // A file that does not exist falls through to the not-found handler, i.e. to `fallback` above.
        wildcard: true,
        // index.html is never sent as a file: every page answer goes through `fallback`, which adds this
        // request's first-screen data to it.
        index: false,
        allowedPath: (pathName) => pathName !== '/' && path.posix.basename(pathName) !== 'index.html',
        redirect: false,
        // Cache-Control is set per file below; `send`'s own header would say max-age=0 for everything.
        cacheControl: false,
        etag: true,
        lastModified: true,
        // Serves foo.js.br / foo.js.gz when the build produced them; otherwise @fastify/compress compresses.
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', cacheControlFor(root, filePath));
        },
      });
    },
  };
}
