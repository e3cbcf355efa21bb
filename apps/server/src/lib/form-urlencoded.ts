import type { FastifyInstance } from 'fastify';

/**
 * Accepts `application/x-www-form-urlencoded` bodies (what a plain HTML form posts) as a record of strings,
 * in the caller's plugin scope only; the route's zod schema then validates the fields like a JSON body.
 */
export function acceptUrlEncodedForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
