import {
  createPayoutAccountBodySchema,
  createWithdrawalPayloadSchema,
  opsInvestigationBodySchema,
  opsRejectWithdrawalBodySchema,
  opsWithdrawalListResponse,
  opsWithdrawalResponse,
  opsWithdrawalsQuerySchema,
  pageQuerySchema,
  payoutAccountParamsSchema,
  payoutAccountsResponse,
  RECEIPT_PROOF_MAX_BYTES,
  receiptFieldsSchema,
  setWithdrawPasswordPayloadSchema,
  setWithdrawPasswordResponse,
  withdrawalListResponse,
  withdrawalParamsSchema,
  withdrawalResponse,
  withdrawPasswordStatusResponse,
} from '@lotus/shared/withdrawals.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireReal } from '../../lib/actor.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import {
  invalidFormField,
  optionalFile,
  readMultipartForm,
  registerMultipartForm,
  sendPrivateImage,
} from '../../lib/multipart-form.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { originOf } from '../../lib/request-origin.ts';
import { sealedBody } from '../../lib/sealed-body.ts';
import { actorOf, requireIdempotencyKey, requireRealActor } from '../../plugins/auth.ts';
import { operatorActorOf, operatorOf } from '../../plugins/operator-auth.ts';
import type { ReceiptForm, WithdrawalsService } from './withdrawals.service.ts';

/** The receipt form's file field. */
export const RECEIPT_PROOF_FIELD = 'proof';

/**
 * Reads the receipt form: its text fields, parsed with `receiptFieldsSchema`, and at most one proof image
 * (buffered, ≤ 5 MB). A trial account is refused after the form is read and before its fields are judged,
 * the order members have always seen; the service asks again.
 */
async function readReceiptForm(request: FastifyRequest): Promise<ReceiptForm> {
  const { fields, files } = await readMultipartForm(request, {
    fileField: RECEIPT_PROOF_FIELD,
    label: 'receipt',
    onTruncated: (fieldname) => invalidFormField(fieldname, 'invalid_type'),
  });
  requireReal(actorOf(request));
  return { fields: parseInput(receiptFieldsSchema, fields, 'receipt form'), proof: optionalFile(files) };
}

/**
 * Payment password, payout accounts, withdrawals and receipt confirmation for members; the withdrawal
 * desk of the back office (docs/wallet-contract.md "Withdrawals", "Back office"). The auto-receipt sweep
 * is a job of the module (withdrawals-module.ts), not something a route or a timer here runs.
 */
const setPasswordBody = sealedBody(
  setWithdrawPasswordPayloadSchema,
  '{ loginPassword, newPassword } the first time, { oldPassword, newPassword } to change it',
);
const createBody = sealedBody(createWithdrawalPayloadSchema, '{ payoutAccountId, amount, withdrawPassword }');

export function withdrawalsRoutes(service: WithdrawalsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart parsing only in this plugin's scope (the receipt form), like the feedback form's.
    await registerMultipartForm(app, {
      fieldSize: 2 * 1024,
      fields: 4,
      files: 1,
      fileSize: RECEIPT_PROOF_MAX_BYTES,
    });

    // --- payment password ---------------------------------------------------------------------------

    app.get(
      '/wps/member/withdraw-password',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['withdrawals'],
          summary: 'Whether the member has a payment password',
          response: { 200: withdrawPasswordStatusResponse },
        },
      },
      async (request) => ok(await service.passwordStatus(actorOf(request))),
    );

    app.put(
      '/wps/member/withdraw-password',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['withdrawals'],
          summary:
            'Sets the payment password; sealed { loginPassword, newPassword } the first time, { oldPassword, newPassword } to change it',
          body: setPasswordBody.schema,
          response: { 200: setWithdrawPasswordResponse },
        },
        // Trial and type-4 accounts are refused before the body is opened.
        preHandler: [requireRealActor, setPasswordBody.open],
      },
      async (request) =>
        ok(await service.setPassword(actorOf(request), setPasswordBody.of(request), originOf(request))),
    );

    // --- payout accounts ----------------------------------------------------------------------------

    app.get(
      '/wps/member/payout-accounts',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['withdrawals'],
          summary: "The member's payout accounts (masked) and payee name",
          response: { 200: payoutAccountsResponse },
        },
      },
      async (request) => ok(await service.payoutAccounts(actorOf(request))),
    );

    app.post(
      '/wps/member/payout-accounts',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['withdrawals'],
          summary: 'Adds a payout account (at most 5); answers the list',
          body: createPayoutAccountBodySchema,
          response: { 200: payoutAccountsResponse },
        },
      },
      async (request) => ok(await service.addPayoutAccount(actorOf(request), request.body)),
    );

    app.delete(
      '/wps/member/payout-accounts/:id',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['withdrawals'],
          summary: 'Removes a payout account; answers the list',
          params: payoutAccountParamsSchema,
          response: { 200: payoutAccountsResponse },
        },
      },
      async (request) => ok(await service.removePayoutAccount(actorOf(request), BigInt(request.params.id))),
    );

    // --- withdrawals (member) -----------------------------------------------------------------------

    app.post(
      '/wps/member/withdrawals',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['withdrawals'],
          summary:
            'Requests a withdrawal; sealed { payoutAccountId, amount, withdrawPassword }, Idempotency-Key header',
          body: createBody.schema,
          response: { 200: withdrawalResponse },
        },
        // The Idempotency-Key, then the real-account check, answer before the body is opened.
        preHandler: [requireIdempotencyKey, requireRealActor, createBody.open],
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        return ok(await service.create(actorOf(request), key, createBody.of(request), request.ip));
      },
    );

    app.get(
      '/wps/member/withdrawals',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['withdrawals'],
          summary: "The member's withdrawals, newest first",
          querystring: pageQuerySchema,
          response: { 200: withdrawalListResponse },
        },
      },
      async (request) => ok(await service.list(actorOf(request), request.query)),
    );

    app.post(
      '/wps/member/withdrawals/:id/receipt',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['withdrawals'],
          summary: 'Confirms what arrived after payout (multipart/form-data), Idempotency-Key header',
          description:
            'Fields: `status` received | not_received | partly_received, `receivedAmount` (partly_received: ' +
            'decimal, 0 < x < amount), `note` (≤ 500), file `proof` (PNG or JPEG by content, ≤ 5 MB; required ' +
            'for not_received). Errors: proof_required 400, received_amount_invalid 400, ' +
            'withdrawal_not_awaiting_receipt 409, upload_too_large 413, upload_type 415.',
          consumes: ['multipart/form-data'],
          params: withdrawalParamsSchema,
          response: { 200: withdrawalResponse },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        const actor = actorOf(request);
        const form = await readReceiptForm(request);
        return ok(await service.confirmReceipt(actor, BigInt(request.params.id), key, form, request.ip));
      },
    );

    app.get(
      '/wps/member/withdrawals/:id/proof',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['withdrawals'],
          summary: "The member's own receipt proof image",
          params: withdrawalParamsSchema,
        },
      },
      async (request, reply) =>
        sendPrivateImage(
          reply,
          await service.proof({ memberId: actorOf(request).memberId }, BigInt(request.params.id)),
        ),
    );

    // --- back office --------------------------------------------------------------------------------

    app.get(
      '/wps/ops/withdrawals',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary:
            "The brand's withdrawals, newest first (status: pending, paid, rejected, awaiting, investigation)",
          querystring: opsWithdrawalsQuerySchema,
          response: { 200: opsWithdrawalListResponse },
        },
      },
      async (request) => ok(await service.opsList(operatorOf(request).brandId, request.query)),
    );

    app.get(
      '/wps/ops/withdrawals/:id/proof',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: "A withdrawal's receipt proof image",
          params: withdrawalParamsSchema,
        },
      },
      async (request, reply) =>
        sendPrivateImage(
          reply,
          await service.proof({ brandId: operatorOf(request).brandId }, BigInt(request.params.id)),
        ),
    );

    app.post(
      '/wps/ops/withdrawals/:id/pay',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Marks a pending withdrawal paid out (posts the hold); Idempotency-Key header',
          params: withdrawalParamsSchema,
          response: { 200: opsWithdrawalResponse },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        return ok(await service.pay(operatorActorOf(request), BigInt(request.params.id), key));
      },
    );

    app.post(
      '/wps/ops/withdrawals/:id/reject',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Rejects a pending withdrawal { reason } (voids the hold); Idempotency-Key header',
          params: withdrawalParamsSchema,
          body: opsRejectWithdrawalBodySchema,
          response: { 200: opsWithdrawalResponse },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        return ok(
          await service.reject(operatorActorOf(request), BigInt(request.params.id), key, request.body.reason),
        );
      },
    );

    app.post(
      '/wps/ops/withdrawals/:id/investigation',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary:
            'Closes an open receipt investigation { outcome: refund | paid, reason }; refund credits the unreceived part back. Idempotency-Key header',
          params: withdrawalParamsSchema,
          body: opsInvestigationBodySchema,
          response: { 200: opsWithdrawalResponse },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        const { outcome, reason } = request.body;
        return ok(
          await service.closeInvestigation(
            operatorActorOf(request),
            BigInt(request.params.id),
            key,
            outcome,
            reason,
          ),
        );
      },
    );
  };
}
