import type { FastifyInstance } from 'fastify';
import { assertNoControlCharacters } from '../lib/control-characters.ts';

/**
 * Refuses control characters at the edge, for every route present and future (issue 14, finding 6): a
 * NUL in any string of the parsed path parameters, query or body (JSON or form-urlencoded) is answered
 * `400 invalid_request` naming the field, instead of reaching PostgreSQL, which refuses 0x00 in text with a
 * 500. The same rule covers the other C0 controls and DEL (tab and line breaks stay allowed: multi-line
 * fields need them; single-line fields refuse them in their shared schema, packages/shared/src/text.ts).
 *
 * Parts the hook cannot see apply the same check where they are parsed: multipart text fields
 * (lib/multipart-form.ts), sealed payloads once opened (auth/sealed-payload.service.ts), and the signed
 * gateway callback after its signature. The vendor protocol parses its own body into printable-ASCII fields.
 *
 * preValidation: after parsing, before the route's zod schema, so the answer is the same whether or not a
 * route's schema would have caught it, and before any route-level hook reads the input.
 */
export function registerInputText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertNoControlCharacters(request.params, 'params');
    assertNoControlCharacters(request.query, 'querystring');
    assertNoControlCharacters(request.body, 'body');
  });
}
