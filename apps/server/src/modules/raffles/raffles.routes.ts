import {
  createRaffleBodySchema,
  grantRaffleTicketsBodySchema,
  grantRaffleTicketsResponse,
  myRafflesResponse,
  operatorRaffleDrawsResponse,
  operatorRaffleResponse,
  operatorRafflesResponse,
  RAFFLE_CLAIM_PATH,
  raffleClaimBodySchema,
  raffleClaimResponse,
  raffleCodeParams,
  raffleDrawsQuerySchema,
  raffleDrawsResponse,
} from '@lotus/shared/raffles.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { actorOf } from '../../plugins/auth.ts';
import { operatorActorOf, operatorOf } from '../../plugins/operator-auth.ts';
import type { RaffleCampaignsService } from './raffle-campaigns.service.ts';
import type { RafflesService } from './raffles.service.ts';

const TAGS = ['raffles'];
const MEMBER_ERRORS = 'Errors: not_logged_in 401, in_need_true_account 403 (trial / type-4 accounts).';
const languageQuery = z.object({
  language: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/**
 * Raffles (issue 19; docs/raffles.md; schemas: packages/shared raffles.schema). The player's campaigns and
 * draws, the claim of SPEC §7, and the back office's campaigns under `/wps/ops/raffles`.
 */
export function rafflesRoutes(deps: {
  raffles: RafflesService;
  campaigns: RaffleCampaignsService;
}): FastifyPluginAsyncZod {
  const { raffles, campaigns } = deps;
  return async (app) => {
    app.get(
      '/wps/member/raffles',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: 'My raffle campaigns: running ones and those ended in the last 30 days, with my tickets',
          description: MEMBER_ERRORS,
          querystring: languageQuery,
          response: { 200: myRafflesResponse },
        },
      },
      async (request) => ok(await raffles.mine(actorOf(request), request.query.language)),
    );

    app.get(
      '/wps/member/raffles/draws',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: 'My opened tickets, newest first, each with its proof (seed hash; the seed once revealed)',
          description: MEMBER_ERRORS,
          querystring: raffleDrawsQuerySchema,
          response: { 200: raffleDrawsResponse },
        },
      },
      async (request) => ok(await raffles.draws(actorOf(request), request.query)),
    );

    app.post(
      RAFFLE_CLAIM_PATH,
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary:
            'Opens a raffle ticket (red envelope, golden egg, prize wheel): the named one or the next unused (Idempotency-Key)',
          description:
            'One `raffle_prize` entry campaign → member main. Errors: idempotency_key_required 400, ' +
            'idempotency_key_reused 409, raffle_not_found 404, raffle_ticket_not_found 404, ' +
            'raffle_ticket_claimed 409, raffle_not_open 409, raffle_no_tickets 409, ' +
            `raffle_budget_exhausted 409 (the ticket stays unused). ${MEMBER_ERRORS}`,
          body: raffleClaimBodySchema,
          response: { 200: raffleClaimResponse },
        },
      },
      async (request) =>
        ok(await raffles.claim(actorOf(request), request.body, idempotencyKeyOf(request), request.ip)),
    );

    app.get(
      '/wps/ops/raffles',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: "The brand's raffle campaigns, newest first, with budget, balance and ticket counts",
          response: { 200: operatorRafflesResponse },
        },
      },
      async (request) => ok({ list: await campaigns.list(operatorOf(request).brandId) }),
    );

    app.post(
      '/wps/ops/raffles',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Creates a draft raffle campaign; the server makes its seed and shows only its SHA-256',
          description:
            'Errors: raffle_code_taken 409, raffle_window_invalid 400, raffle_prizes_invalid 400, amount_invalid 400, operator_forbidden 403.',
          body: createRaffleBodySchema,
          response: { 200: operatorRaffleResponse },
        },
      },
      async (request) => ok(await campaigns.create(operatorActorOf(request), request.body)),
    );

    app.get(
      '/wps/ops/raffles/:code',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: 'One raffle campaign',
          description: 'Errors: raffle_not_found 404.',
          params: raffleCodeParams,
          response: { 200: operatorRaffleResponse },
        },
      },
      async (request) => ok(await campaigns.detail(operatorOf(request).brandId, request.params.code)),
    );

    app.post(
      '/wps/ops/raffles/:code/start',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: "Starts a draft: funds its account from the brand's bonus and publishes the seed's hash",
          description:
            'Errors: raffle_not_found 404, raffle_state_invalid 409. A running campaign answers as is.',
          params: raffleCodeParams,
          response: { 200: operatorRaffleResponse },
        },
      },
      async (request) => ok(await campaigns.start(operatorActorOf(request), request.params.code)),
    );

    app.post(
      '/wps/ops/raffles/:code/end',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Ends a running campaign: reveals its seed and returns the unspent budget to bonus',
          description:
            'Errors: raffle_not_found 404, raffle_state_invalid 409. An ended campaign answers as is.',
          params: raffleCodeParams,
          response: { 200: operatorRaffleResponse },
        },
      },
      async (request) => ok(await campaigns.end(operatorActorOf(request), request.params.code)),
    );

    app.post(
      '/wps/ops/raffles/:code/tickets',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Grants a member tickets of a campaign (an event the rules do not cover; Idempotency-Key)',
          description:
            'Errors: raffle_not_found 404, raffle_state_invalid 409, not_found 404, in_need_true_account 403, idempotency_key_required 400, idempotency_key_reused 409.',
          params: raffleCodeParams,
          body: grantRaffleTicketsBodySchema,
          response: { 200: grantRaffleTicketsResponse },
        },
      },
      async (request) =>
        ok(
          await campaigns.grant(
            operatorActorOf(request),
            request.params.code,
            request.body,
            idempotencyKeyOf(request),
          ),
        ),
    );

    app.get(
      '/wps/ops/raffles/:code/draws',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: "A campaign's opened tickets, newest first, with member and proof",
          description: 'Errors: raffle_not_found 404.',
          params: raffleCodeParams,
          querystring: pageQuery,
          response: { 200: operatorRaffleDrawsResponse },
        },
      },
      async (request) =>
        ok(await campaigns.draws(operatorOf(request).brandId, request.params.code, request.query.page)),
    );
  };
}
