import multipart from '@fastify/multipart';
import {
  createDepositResponse,
  DEPOSIT_PROOF_MAX_BYTES,
  depositListResponse,
  depositMethodsQuerySchema,
  depositMethodsResponse,
  depositPageQuerySchema,
  gatewayCallbackResponse,
  operatorDepositActionResponse,
  operatorDepositListQuerySchema,
  operatorDepositListResponse,
  rejectDepositBodySchema,
} from '@lotus/shared/deposits.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { DepositsService } from './deposits.service.ts';
import { SIGNATURE_HEADER, type SimulatorGateway } from './payment-gateway.ts';
import { simulatorRoutes } from './simulator.routes.ts';

/** Form field of the proof picture; the only file field of the deposit form. */
export const DEPOSIT_PROOF_FIELD = 'proof';

const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 6,
  files: 1,
  fileSize: DEPOSIT_PROOF_MAX_BYTES,
  parts: 7,
  headerPairs: 100,
};

/** The parser's limit errors, in the API's error codes (as the feedback form). */
const LIMIT_CODES = {
  FST_FILES_LIMIT: 'upload_too_many',
  FST_REQ_FILE_TOO_LARGE: 'upload_too_large',
  FST_PARTS_LIMIT: 'invalid_request',
  FST_FIELDS_LIMIT: 'invalid_request',
  FST_PROTO_VIOLATION: 'invalid_request',
  FST_INVALID_JSON_FIELD_ERROR: 'invalid_request',
  FST_MP_PREMATURE_CLOSE: 'invalid_request',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
} as const;

function isLimitError(error: unknown): error is { code: keyof typeof LIMIT_CODES } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && Object.hasOwn(LIMIT_CODES, code);
}

/**
 * Reads the deposit form: text fields as given (the service validates them) and at most one `proof`
 * file, buffered (the parser stops at 5 MB); its type is judged later from its bytes.
 */
async function readDepositForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; proof: Uint8Array | null }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  const fields: Record<string, string> = {};
  let proof: Uint8Array | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== DEPOSIT_PROOF_FIELD) {
          throw new AppError('invalid_request', {
            details: { issues: [{ path: `body.${part.fieldname}`, code: 'unrecognized_keys' }] },
          });
        }
        // A browser sends an empty part for a file input left empty: that is no proof.
        if (bytes.length > 0) proof = bytes;
        continue;
      }
      const path = `body.${part.fieldname}`;
      if (part.valueTruncated) {
        throw new AppError('invalid_request', { details: { issues: [{ path, code: 'too_big' }] } });
      }
      if (Object.hasOwn(fields, part.fieldname) || typeof part.value !== 'string') {
        throw new AppError('invalid_request', { details: { issues: [{ path, code: 'invalid_type' }] } });
      }
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (isLimitError(error)) {
      throw new AppError(LIMIT_CODES[error.code], { message: `deposit upload: ${error.code}` });
    }
    throw error;
  }
  return { fields, proof };
}

const idParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });

function sendImage(reply: FastifyReply, image: { bytes: Uint8Array; type: string }) {
  // Private: a proof shows a member's bank details; never cached by a shared cache or the browser.
  return reply
    .header('content-type', image.type)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .send(Buffer.from(image.bytes));
}

/** `https://host[:port]` of the request (X-Forwarded-* count only from a trusted proxy). */
export function baseUrlOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const MEMBER_ERRORS = 'Errors: not_logged_in 401, in_need_true_account 403 (trial / type-4 accounts).';

/** Member deposit calls and the back office's deposit calls; multipart is parsed in this scope only. */
function depositCalls(service: DepositsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

    app.get(
      '/wps/payments/deposit/methods',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['deposits'],
          summary: "The brand's deposit methods with limits (names in `language`, else the member's)",
          description: MEMBER_ERRORS,
          querystring: depositMethodsQuerySchema,
          response: { 200: depositMethodsResponse },
        },
      },
      async (request) => ok(await service.methods(sessionOf(request).member, request.query.language)),
    );

    app.post(
      '/wps/payments/deposits',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['deposits'],
          summary: 'Asks for a deposit (multipart/form-data, Idempotency-Key)',
          description:
            'Fields: `method` (a code of the methods list), `amount` (decimal string), for a bank transfer ' +
            '`reference` (UTR, 6..64) and optional `proof` (PNG or JPEG by content, ≤ 5 MB). Gateway: answers ' +
            '`redirectUrl`, the pay page. Errors: idempotency_key_required 400, idempotency_key_reused 409, ' +
            'amount_invalid 400, amount_below_minimum / amount_above_maximum 422 (value.min / value.max), ' +
            'payment_method_unavailable 422, deposit_reference_required 400, invalid_request 400, ' +
            `upload_type 415, upload_too_large 413. ${MEMBER_ERRORS}`,
          consumes: ['multipart/form-data'],
          response: { 200: createDepositResponse },
        },
      },
      async (request) => {
        const { member } = sessionOf(request);
        const idempotencyKey = idempotencyKeyOf(request);
        const form = await readDepositForm(request);
        return ok(
          await service.create(member, {
            ...form,
            idempotencyKey,
            baseUrl: baseUrlOf(request),
            language: undefined,
          }),
        );
      },
    );

    app.get(
      '/wps/payments/deposits',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['deposits'],
          summary: "The member's deposits, newest first",
          description: MEMBER_ERRORS,
          querystring: depositPageQuerySchema,
          response: { 200: depositListResponse },
        },
      },
      async (request) => ok(await service.list(sessionOf(request).member, request.query)),
    );

    app.get(
      '/wps/payments/deposits/:id/proof',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['deposits'],
          summary: "The proof picture of one of the member's own deposits",
          params: idParams,
        },
      },
      async (request, reply) => {
        const { member } = sessionOf(request);
        return sendImage(
          reply,
          await service.proof(BigInt(request.params.id), { brandId: member.brand_id, memberId: member.id }),
        );
      },
    );

    app.get(
      '/wps/ops/deposits',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: "The brand's deposits, newest first (`status` filters)",
          querystring: operatorDepositListQuerySchema,
          response: { 200: operatorDepositListResponse },
        },
      },
      async (request) => ok(await service.operatorList(operatorOf(request).brandId, request.query)),
    );

    app.get(
      '/wps/ops/deposits/:id/proof',
      {
        config: { operator: ['support', 'finance'] },
        schema: { tags: ['back office'], summary: "A deposit's proof picture", params: idParams },
      },
      async (request, reply) =>
        sendImage(
          reply,
          await service.proof(BigInt(request.params.id), { brandId: operatorOf(request).brandId }),
        ),
    );

    app.post(
      '/wps/ops/deposits/:id/approve',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Approves a pending deposit: credits the member (Idempotency-Key)',
          description: 'Errors: deposit_not_pending 409, not_found 404, operator_forbidden 403.',
          params: idParams,
          response: { 200: operatorDepositActionResponse },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        const key = idempotencyKeyOf(request);
        return ok(
          await service.approve(
            { brandId: operator.brandId, operatorId: operator.operatorId, ip: request.ip },
            BigInt(request.params.id),
            key,
          ),
        );
      },
    );

    app.post(
      '/wps/ops/deposits/:id/reject',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Rejects a pending deposit with a reason (Idempotency-Key)',
          description:
            'Errors: reason_required 400, deposit_not_pending 409, not_found 404, operator_forbidden 403.',
          params: idParams,
          body: rejectDepositBodySchema,
          response: { 200: operatorDepositActionResponse },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        const key = idempotencyKeyOf(request);
        return ok(
          await service.reject(
            { brandId: operator.brandId, operatorId: operator.operatorId, ip: request.ip },
            BigInt(request.params.id),
            request.body.reason,
            key,
          ),
        );
      },
    );
  };
}

/**
 * The gateway's server-to-server callback. Its signature covers the exact bytes sent, so in this scope
 * JSON is not parsed by Fastify: the handler gets the raw body, checks the signature, then parses.
 */
function callbackCalls(
  service: DepositsService,
  brandIdOf: (host: string) => Promise<bigint>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/wps/payments/gateway/:method/callback',
      {
        schema: {
          tags: ['deposits'],
          summary: "A payment gateway's signed callback (server to server)",
          description:
            'Raw JSON `{ orderId, gatewayTxnId, amount, status: success|failed }` with `X-Lotus-Signature: ' +
            'sha256=<hex HMAC-SHA256 of the raw body>`. Idempotent by (method, gatewayTxnId). Errors: ' +
            'gateway_signature_invalid 401, idempotency_key_reused 409 (another body under a transaction id), ' +
            'deposit_not_pending 409, not_found 404, invalid_json / invalid_request 400.',
          params: z.object({ method: z.string().regex(/^[a-z0-9_-]{1,32}$/) }),
          response: { 200: gatewayCallbackResponse },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers[SIGNATURE_HEADER];
        return ok(
          await service.callback(
            await brandIdOf(request.hostname),
            request.params.method,
            raw,
            Array.isArray(header) ? header[0] : header,
            request.log,
          ),
        );
      },
    );
  };
}

export type DepositsRoutesOptions = {
  /** The brand a host serves (the callback's method codes are per brand). */
  brandIdOf: (host: string) => Promise<bigint>;
  /** Mounts `/sim/gateway/*` when the simulator is configured (`GATEWAY_SIMULATOR=1`). */
  simulator: SimulatorGateway | null;
};

/** Deposits (docs/wallet-contract.md "Deposits", "Back office"). */
export function depositsRoutes(
  service: DepositsService,
  options: DepositsRoutesOptions,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(depositCalls(service));
    await app.register(callbackCalls(service, options.brandIdOf));
    if (options.simulator) await app.register(simulatorRoutes(service, options.simulator));
  };
}
