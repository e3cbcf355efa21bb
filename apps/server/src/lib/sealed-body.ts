import { sealedPayloadSchema } from '@lotus/shared/auth.schema';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { parseInput } from './parse-input.ts';

/** Opens a sealed body (modules/auth SealedPayloadService): the JSON inside, or `sealed_payload_invalid`. */
export type SealedOpener = { openSealed(body: unknown): Promise<unknown> };

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's opener of sealed bodies (registerSealedBodies); read by the `sealedBody` pre-handlers. */
    sealedOpener: SealedOpener | null;
  }
}

/** Makes the app's opener available to every route's `sealedBody(...).open` (call once, on the root). */
export function registerSealedBodies(app: FastifyInstance, opener: SealedOpener): void {
  app.decorate('sealedOpener', opener);
}

/** The opened and parsed payloads, by request (set by `open`, read once by `of`). */
const opened = new WeakMap<FastifyRequest, unknown>();

export type SealedBody<T extends z.ZodType> = {
  /**
   * The route's `schema.body`: the sealed wrapper `{ key, iv, data }` as the wire carries it, with the
   * payload's own JSON Schema under `x-sealed-payload` so the OpenAPI document shows every field.
   */
  schema: typeof sealedPayloadSchema;
  /**
   * The route's pre-handler (last in its list: guards that must answer first, such as the Idempotency-Key
   * or the real-account check, come before it): opens the body and parses it with the route's schema.
   * `sealed_payload_invalid` (400) when it does not open, `invalid_request` (400) with the failing paths
   * when the payload does not fit.
   */
  open: preHandlerAsyncHookHandler;
  /** The typed payload `open` parsed for this request. */
  of(request: FastifyRequest): z.infer<T>;
};

/**
 * A route whose body is sealed (docs/api.md "Sealed payloads"): the body is opened and parsed at the edge
 * with the route's own zod schema, so the service takes typed input and never sees ciphertext. `summary`
 * names the payload in the document.
 */
export function sealedBody<T extends z.ZodType>(payload: T, summary: string): SealedBody<T> {
  const inner = z.toJSONSchema(payload, { io: 'input', unrepresentable: 'any' });
  const schema = sealedPayloadSchema.meta({
    description: `Sealed (RSA-OAEP + AES-GCM, GET /wps/session/publicKey) JSON payload: ${summary}. Its fields are under x-sealed-payload.`,
    'x-sealed-payload': inner,
  });
  return {
    schema,
    async open(request) {
      const opener = request.server.sealedOpener;
      if (!opener) throw new Error('sealedBody: registerSealedBodies was not called');
      opened.set(request, parseInput(payload, await opener.openSealed(request.body), 'sealed payload'));
    },
    of(request) {
      if (!opened.has(request)) throw new Error('sealedBody: the route has no `open` pre-handler');
      return opened.get(request) as z.infer<T>;
    },
  };
}
