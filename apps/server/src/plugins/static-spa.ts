import { existsSync } from 'node:fs';
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

  const fallback: PageFallback = (request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsPage(request, pathOf(request.url))) {
      return sendFailure(reply, { code: 'not_found', status: 404, value: null });
    }
    if (!available || !existsSync(indexFile)) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(BUILD_MISSING);
    }
    return reply.header('cache-control', REVALIDATE).sendFile('index.html');
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
        index: ['index.html'],
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
