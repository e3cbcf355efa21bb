import { envelopeOf } from '@lotus/shared/envelope';
import {
  LOTTERY_API,
  LOTTERY_SESSION_HEADER,
  lotteryBalanceResponseSchema,
  lotteryPlaceResponseSchema,
  lotterySessionRequestSchema,
  lotterySessionResponseSchema,
  lotterySlipRequestSchema,
  lotterySlipSchema,
  lotterySlipsQuerySchema,
  lotterySlipsResponseSchema,
} from '@lotus/shared/lottery.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { routeOptionsIn } from '../../lib/route-options.ts';
import type { LotterySession } from './lottery-engine.repository.ts';
import type { LotterySessionsService } from './lottery-sessions.service.ts';
import type { LotterySlipsService } from './lottery-slips.service.ts';

const SESSION_ERRORS =
  `Needs \`${LOTTERY_SESSION_HEADER}\`. Errors: not_logged_in 401 (missing or unknown), session_expired 401, ` +
  'service_unavailable 503 (the platform wallet did not answer).';

/** Opening sessions writes rows, so it has its own budget on top of the global per-IP one (as the studio's). */
const OPEN_SESSION_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

const route = routeOptionsIn(['lottery']);
const slipResponse = envelopeOf(z.object({ slip: lotterySlipSchema }));

/** The player's lottery calls (docs/lottery.md "Bet slips through the protocol"). */
export function lotterySlipsRoutes(deps: {
  sessions: LotterySessionsService;
  slips: LotterySlipsService;
}): FastifyPluginAsyncZod {
  const { sessions, slips } = deps;
  return async (app) => {
    const sessionOf = (request: FastifyRequest): Promise<LotterySession> => {
      const header = request.headers[LOTTERY_SESSION_HEADER];
      return sessions.sessionOf(typeof header === 'string' ? header : undefined);
    };

    app.post(
      `${LOTTERY_API}/session`,
      route(
        'Opens a lottery session from a platform launch token',
        {
          description:
            `The answer carries \`sessionToken\` once (send it as \`${LOTTERY_SESSION_HEADER}\`). Errors: ` +
            'session_expired 401 (launch token expired), not_logged_in 401 (unknown token), service_unavailable 503.',
          body: lotterySessionRequestSchema,
          response: { 200: lotterySessionResponseSchema },
        },
        { rateLimit: OPEN_SESSION_RATE_LIMIT },
      ),
      async (request) => ok(await sessions.open(request.body.launchToken)),
    );

    app.get(
      `${LOTTERY_API}/balance`,
      route("The player's wallet balance", {
        description: SESSION_ERRORS,
        response: { 200: lotteryBalanceResponseSchema },
      }),
      async (request) => ok(await sessions.balance(await sessionOf(request))),
    );

    app.post(
      `${LOTTERY_API}/slips`,
      route('Places a bet slip on a draw (one protocol round; a repeated requestId replays it)', {
        description:
          'Errors: lottery_draw_not_found 404, lottery_draw_closed 409 (at or after closesAt), ' +
          'lottery_bet_invalid 400 (value.lineNo), lottery_stake_out_of_range 400, lottery_too_many_lines 400, ' +
          'lottery_liability_reached 409 (value.lineNo, value.leftMinor), insufficient_funds 409, ' +
          `limit_reached 409, reality_check_due 409. ${SESSION_ERRORS}`,
        body: lotterySlipRequestSchema,
        response: { 200: lotteryPlaceResponseSchema },
      }),
      async (request) => ok(await slips.place(await sessionOf(request), request.body)),
    );

    app.get(
      `${LOTTERY_API}/slips`,
      route("The player's slips, newest first (open = pending or placed)", {
        description: SESSION_ERRORS,
        querystring: lotterySlipsQuerySchema,
        response: { 200: lotterySlipsResponseSchema },
      }),
      async (request) => ok(await slips.list(await sessionOf(request), request.query)),
    );

    app.get(
      `${LOTTERY_API}/slips/:slipId`,
      route("One of the player's slips with its lines", {
        description: `Errors: lottery_slip_not_found 404. ${SESSION_ERRORS}`,
        params: z.object({ slipId: z.string().max(64) }),
        response: { 200: slipResponse },
      }),
      async (request) => ok(await slips.one(await sessionOf(request), request.params.slipId)),
    );
  };
}
