import {
  accountRecordQuerySchema,
  accountRecordResponse,
  agentTransferResponse,
  consolidatedFundsResponse,
  merchantWalletResponse,
  transferDownlinePayloadSchema,
  transferUplinePayloadSchema,
  walletBalanceResponse,
  walletRecallBodySchema,
  walletRecallResponse,
  walletTransferBodySchema,
  walletTransferResponse,
} from '@lotus/shared/wallet.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { sealedBody } from '../../lib/sealed-body.ts';
import { actorOf, requireIdempotencyKey, requireRealActor } from '../../plugins/auth.ts';
import type { TransfersService } from './transfers.service.ts';
import type { WalletService } from './wallet.service.ts';

const uplineBody = sealedBody(transferUplinePayloadSchema, '{ amount, withdrawPassword }');
const downlineBody = sealedBody(transferDownlinePayloadSchema, '{ username, amount, withdrawPassword }');

/** Only agents send to downlines (`transfer_not_allowed`); the service asks again. */
async function requireAgentType(request: FastifyRequest): Promise<void> {
  if (actorOf(request).agentType === null) throw new AppError('transfer_not_allowed');
}

const languageQuerySchema = z.object({
  language: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});

/**
 * Wallet calls (docs/wallet-contract.md "Balance, wallets, transfers", "Account record"). Every call needs
 * a session; the ones that move money also need an `Idempotency-Key` header (read before the body is
 * opened, so a missing key costs nothing) and refuse trial / type-4 accounts.
 */
export function walletRoutes(service: WalletService, transfers: TransfersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/v2/wallets/balance',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['wallet'],
          summary: "The member's main wallet balance (SPEC §7, value.sumBalance)",
          response: { 200: walletBalanceResponse },
        },
      },
      async (request) => ok(await service.balance(actorOf(request).memberId)),
    );

    app.get(
      '/wps/relay/GCS_merchantWallet',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['wallet'],
          summary: 'Whether the brand keeps a single wallet (no vendor transfers), its currency and symbol',
          response: { 200: merchantWalletResponse },
        },
      },
      async (request) => ok(await service.merchantWallet(actorOf(request).brandId)),
    );

    app.get(
      '/wps/member/info/funds/consolidated',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['wallet'],
          summary: 'Main wallet, each vendor wallet (names in `language`) and their total',
          querystring: languageQuerySchema,
          response: { 200: consolidatedFundsResponse },
        },
      },
      async (request) => ok(await service.consolidated(actorOf(request), request.query.language)),
    );

    app.post(
      '/wps/relay/GCS_walletTransfer',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['wallet'],
          summary: 'Moves money main → vendor wallet (`in`) or back (`out`); needs Idempotency-Key',
          body: walletTransferBodySchema,
          response: { 200: walletTransferResponse },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        return ok(await transfers.walletTransfer(actorOf(request), request.body, key, request.ip));
      },
    );

    app.post(
      '/wps/relay/GCS_walletRecall',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['wallet'],
          summary: 'Returns every vendor wallet (or `vendor`) to the main wallet; needs Idempotency-Key',
          body: walletRecallBodySchema.nullish(),
          response: { 200: walletRecallResponse },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        return ok(await transfers.recall(actorOf(request), request.body ?? {}, key, request.ip));
      },
    );

    app.post(
      '/wps/member/transfer/upline',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['wallet'],
          summary: "To the member's own upline; sealed { amount, withdrawPassword }; needs Idempotency-Key",
          body: uplineBody.schema,
          response: { 200: agentTransferResponse },
        },
        // The Idempotency-Key, then the real-account check, answer before the body is opened.
        preHandler: [requireIdempotencyKey, requireRealActor, uplineBody.open],
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        return ok(await transfers.toUpline(actorOf(request), uplineBody.of(request), key, request.ip));
      },
    );

    app.post(
      '/wps/agent/transfer/downline',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['wallet'],
          summary:
            'An agent to a direct downline member; sealed { username, amount, withdrawPassword }; needs Idempotency-Key',
          body: downlineBody.schema,
          response: { 200: agentTransferResponse },
        },
        // The Idempotency-Key, the real-account check and the agent check answer before the body is opened.
        preHandler: [requireIdempotencyKey, requireRealActor, requireAgentType, downlineBody.open],
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        return ok(await transfers.toDownline(actorOf(request), downlineBody.of(request), key, request.ip));
      },
    );

    app.get(
      '/wps/member/transactions',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['wallet'],
          summary: 'Account record: main-wallet postings newest first, by type and date range (≤ 92 days)',
          querystring: accountRecordQuerySchema,
          response: { 200: accountRecordResponse },
        },
      },
      async (request) => ok(await service.records(actorOf(request).memberId, request.query)),
    );

    app.post(
      '/wps/relay/ODSFE2_MemTransDet',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['wallet'],
          summary: 'Account record (relay form of GET /wps/member/transactions)',
          body: accountRecordQuerySchema,
          response: { 200: accountRecordResponse },
        },
      },
      async (request) => ok(await service.records(actorOf(request).memberId, request.body)),
    );
  };
}
