import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AuthenticateResult, WalletResult } from './protocol-types.ts';
import { PROTOCOL_CALLS, PROTOCOL_PREFIX } from './protocol-wire.ts';
import { SIGNATURE_HEADER, VENDOR_CODE_HEADER } from './signature.ts';
import type { VendorProtocolService } from './vendor-protocol.service.ts';

/**
 * `POST /vendor-api/v1/{authenticate,balance,debit,credit,rollback}` (docs/vendor-protocol.md). The
 * signature covers the exact body bytes, so this plugin (and only it: Fastify encapsulation) replaces the
 * JSON parser with one that keeps the raw bytes; the service verifies them before it parses anything.
 * The protocol answers are plain JSON (not the envelope); HTTP errors use the envelope.
 */

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** bigint → decimal string, Date → ISO, for the wire. */
function toWire(result: WalletResult | AuthenticateResult): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === 'bigint') wire[key] = value.toString();
    else if (value instanceof Date) wire[key] = value.toISOString();
    else wire[key] = value;
  }
  return wire;
}

export function vendorProtocolRoutes(service: VendorProtocolService): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    for (const call of PROTOCOL_CALLS) {
      app.post(
        `${PROTOCOL_PREFIX}/${call}`,
        {
          // Vendors are authenticated by signature on every call, not by IP; the in-house studio calls
          // from 127.0.0.1 at game speed. (Not an API path, so the global per-IP limit skips it anyway.)
          config: { rateLimit: false },
          schema: { hide: true },
        },
        async (request, reply) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const result = await service.handle(call, {
            vendorCode: header(request.headers[VENDOR_CODE_HEADER]),
            signature: header(request.headers[SIGNATURE_HEADER]),
            rawBody,
          });
          return reply
            .code(200)
            .type('application/json; charset=utf-8')
            .send(JSON.stringify(toWire(result)));
        },
      );
    }
  };
}
