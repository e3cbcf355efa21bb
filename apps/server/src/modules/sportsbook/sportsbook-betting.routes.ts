import { envelopeOf } from '@lotus/shared/envelope';
import {
  SPORTSBOOK_API,
  SPORTSBOOK_SESSION_HEADER,
  sportsBetParams,
  sportsBetRequestSchema,
  sportsBetResponseSchema,
  sportsBetSchema,
  sportsBetsQuerySchema,
  sportsBetsResponseSchema,
  sportsCashoutAcceptSchema,
  sportsCashoutQuoteResponseSchema,
  sportsCorrectionSchema,
  sportsEventParams,
  sportsLiabilityResponseSchema,
  sportsMarketParams,
  sportsSessionRequestSchema,
  sportsSessionResponseSchema,
  sportsVoidBetSchema,
} from '@lotus/shared/sportsbook.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { routeOptionsIn } from '../../lib/route-options.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { SportsSession } from './sportsbook-bets.repository.ts';
import type { SportsBetsService } from './sportsbook-bets.service.ts';
import type { SportsCashoutService } from './sportsbook-cashout.service.ts';
import type { SportsCorrectionsService, SportsOperator } from './sportsbook-corrections.service.ts';
import type { SportsSessionsService } from './sportsbook-sessions.service.ts';

const SESSION_ERRORS =
  `Needs \`${SPORTSBOOK_SESSION_HEADER}\`. Errors: not_logged_in 401 (missing or unknown), session_expired 401, ` +
  'service_unavailable 503 (the platform wallet did not answer).';

/** Opening sessions writes rows, so it has its own budget on top of the global per-IP one (as the lottery's). */
const OPEN_SESSION_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

const route = routeOptionsIn(['sportsbook']);
const OPS_TAGS = ['back office'];

function sportsOperatorOf(request: FastifyRequest): SportsOperator {
  const operator = operatorOf(request);
  return {
    brandId: operator.brandId,
    operatorId: operator.operatorId,
    name: operator.username,
    ip: request.ip,
  };
}

/** The player's book calls (docs/sportsbook.md "Bets through the protocol"). */
export function sportsbookBettingRoutes(deps: {
  sessions: SportsSessionsService;
  bets: SportsBetsService;
  cashout: SportsCashoutService;
}): FastifyPluginAsyncZod {
  const { sessions, bets, cashout } = deps;
  return async (app) => {
    const sessionOf = (request: FastifyRequest): Promise<SportsSession> => {
      const header = request.headers[SPORTSBOOK_SESSION_HEADER];
      return sessions.sessionOf(typeof header === 'string' ? header : undefined);
    };

    app.post(
      `${SPORTSBOOK_API}/session`,
      route(
        'Opens a sportsbook session from a platform launch token',
        {
          description:
            `The answer carries \`sessionToken\` once (send it as \`${SPORTSBOOK_SESSION_HEADER}\`). Errors: ` +
            'session_expired 401 (launch token expired), not_logged_in 401 (unknown token), service_unavailable 503.',
          body: sportsSessionRequestSchema,
          response: { 200: sportsSessionResponseSchema },
        },
        { rateLimit: OPEN_SESSION_RATE_LIMIT },
      ),
      async (request) => ok(await sessions.open(request.body.launchToken)),
    );

    app.post(
      `${SPORTSBOOK_API}/bets`,
      route('Places a single or an accumulator (one protocol round; a repeated requestId replays it)', {
        description:
          'Errors: sportsbook_selection_not_found 404, sportsbook_legs_invalid 400 (single = 1 leg, multi = ' +
          '2–12 legs on different events), sportsbook_market_suspended 409, sportsbook_odds_changed 409 ' +
          '(value.legs: the current odds), sportsbook_odds_too_low 400, sportsbook_stake_out_of_range 400, ' +
          'sportsbook_liability_reached 409, insufficient_funds 409, limit_reached 409, reality_check_due 409. ' +
          `A bet with an in-play leg answers after the event's bet delay. ${SESSION_ERRORS}`,
        body: sportsBetRequestSchema,
        response: { 200: sportsBetResponseSchema },
      }),
      async (request) => ok(await bets.place(await sessionOf(request), request.body)),
    );

    app.get(
      `${SPORTSBOOK_API}/bets`,
      route("The player's bets, newest first (open = pending or placed), 20 a page", {
        description:
          'settled = settled, cashed out, refunded or voided; all adds refused and void (no stake kept). ' +
          `Pass \`nextCursor\` as \`cursor\` for the next page. ${SESSION_ERRORS}`,
        querystring: sportsBetsQuerySchema,
        response: { 200: sportsBetsResponseSchema },
      }),
      async (request) => ok(await bets.list(await sessionOf(request), request.query)),
    );

    app.get(
      `${SPORTSBOOK_API}/bets/:betId`,
      route("One of the player's bets with its legs", {
        description: `Errors: sportsbook_bet_not_found 404. ${SESSION_ERRORS}`,
        params: z.object({ betId: z.string().max(64) }),
        response: { 200: sportsBetResponseSchema },
      }),
      async (request) => ok(await bets.one(await sessionOf(request), request.params.betId)),
    );

    app.post(
      `${SPORTSBOOK_API}/bets/:betId/cashout/quote`,
      route('Prices a cash-out of a placed bet now (valid 10 s while no leg price moves)', {
        description:
          'Errors: sportsbook_bet_not_found 404, sportsbook_cashout_unavailable 409 (not placed, a leg ' +
          `suspended, or every leg decided). ${SESSION_ERRORS}`,
        params: sportsBetParams,
        response: { 200: sportsCashoutQuoteResponseSchema },
      }),
      async (request) => ok(await cashout.quote(await sessionOf(request), request.params.betId)),
    );

    app.post(
      `${SPORTSBOOK_API}/bets/:betId/cashout`,
      route('Accepts a cash-out quote: one closing credit of its value', {
        description:
          'Errors: sportsbook_bet_not_found 404, sportsbook_cashout_unavailable 409 (unknown or used quote, bet ' +
          'not placed), sportsbook_cashout_price_moved 409 (a leg price or status moved, or the quote expired: ' +
          `re-quote). ${SESSION_ERRORS}`,
        params: sportsBetParams,
        body: sportsCashoutAcceptSchema,
        response: { 200: sportsBetResponseSchema },
      }),
      async (request) =>
        ok(await cashout.accept(await sessionOf(request), request.params.betId, request.body.quoteId)),
    );
  };
}

/** The operators' book calls (`/wps/ops/sportsbook`; support reads, finance decides). */
export function sportsbookBettingOpsRoutes(corrections: SportsCorrectionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/ops/sportsbook/events/:eventId/liability',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: OPS_TAGS,
          summary: "An event's liability: the event's and each market's selections (exposure, stakes, bets)",
          description: "Errors: sportsbook_event_not_found 404 (no such event in the operator's brand).",
          params: sportsEventParams,
          response: { 200: sportsLiabilityResponseSchema },
        },
      },
      async (request) => ok(await corrections.liability(operatorOf(request).brandId, request.params.eventId)),
    );

    app.post(
      '/wps/ops/sportsbook/bets/:betId/void',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: OPS_TAGS,
          summary: 'Voids a bet: an open one by rollback, a settled one back to its stake by an adjustment',
          description:
            'Errors: sportsbook_bet_not_found 404, sportsbook_state_conflict 409 (pending, or already finished ' +
            'otherwise), service_unavailable 503 (the rollback did not go through).',
          params: sportsBetParams,
          body: sportsVoidBetSchema,
          response: { 200: envelopeOf(z.object({ bet: sportsBetSchema })) },
        },
      },
      async (request) =>
        ok({
          bet: await corrections.voidBet(
            sportsOperatorOf(request),
            request.params.betId,
            request.body.reason,
          ),
        }),
    );

    app.post(
      '/wps/ops/sportsbook/markets/:marketId/correct',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: OPS_TAGS,
          summary: "Corrects a resulted market's result; every settled bet on it is resettled by adjustments",
          description:
            'outcomes must name every selection of the market once. Errors: sportsbook_event_not_found 404 ' +
            "(no such market in the operator's brand), sportsbook_state_conflict 409 (not resulted), " +
            'invalid_request 400 (outcomes).',
          params: sportsMarketParams,
          body: sportsCorrectionSchema,
          response: {
            200: envelopeOf(z.object({ correctionId: z.string(), resettled: z.number().int() })),
          },
        },
      },
      async (request) =>
        ok(await corrections.correct(sportsOperatorOf(request), request.params.marketId, request.body)),
    );
  };
}
