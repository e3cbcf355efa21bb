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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import {
  optionalFile,
  readMultipartForm,
  registerMultipartForm,
  sendPrivateImage,
} from '../../lib/multipart-form.ts';
import { actorOf } from '../../plugins/auth.ts';
import { operatorActorOf, operatorOf } from '../../plugins/operator-auth.ts';
import type { DepositsService } from './deposits.service.ts';
import { SIGNATURE_HEADER, type SimulatorGateway } from './payment-gateway.ts';
import { simulatorRoutes } from './simulator.routes.ts';

/** Form field of the proof picture; the only file field of the deposit form. */
export const DEPOSIT_PROOF_FIELD = 'proof';

/**
 * Reads the deposit form: text fields as given (the service validates them) and at most one `proof`
 * file, buffered (the parser stops at 5 MB); its type is judged later from its bytes.
 */
async function readDepositForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; proof: Uint8Array | null }> {
  const { fields, files } = await readMultipartForm(request, {
    fileField: DEPOSIT_PROOF_FIELD,
    label: 'deposit',
  });
  return { fields, proof: optionalFile(files) };
}

const idParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });

/** `https://host[:port]` of the request (X-Forwarded-* count only from a trusted proxy). */
export function baseUrlOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const MEMBER_ERRORS = 'Errors: not_logged_in 401, in_need_true_account 403 (trial / type-4 accounts).';

/** Member deposit calls and the back office's deposit calls; multipart is parsed in this scope only. */
function depositCalls(service: DepositsService): FastifyPluginAsyncZod {
  return async (app) => {
    await registerMultipartForm(app, {
      fieldSize: 1024,
      fields: 6,
      files: 1,
      fileSize: DEPOSIT_PROOF_MAX_BYTES,
    });

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
      async (request) => ok(await service.methods(actorOf(request), request.query.language)),
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
        const actor = actorOf(request);
        const idempotencyKey = idempotencyKeyOf(request);
        const form = await readDepositForm(request);
        return ok(
          await service.create(actor, {
            ...form,
            idempotencyKey,
            baseUrl: baseUrlOf(request),
            language: undefined,
            ip: request.ip,
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
      async (request) => ok(await service.list(actorOf(request), request.query)),
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
        const { brandId, memberId } = actorOf(request);
        return sendPrivateImage(reply, await service.proof(BigInt(request.params.id), { brandId, memberId }));
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
        sendPrivateImage(
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
        const key = idempotencyKeyOf(request);
        return ok(await service.approve(operatorActorOf(request), BigInt(request.params.id), key));
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
        const key = idempotencyKeyOf(request);
        return ok(
          await service.reject(operatorActorOf(request), BigInt(request.params.id), request.body.reason, key),
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
            request.ip,
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
