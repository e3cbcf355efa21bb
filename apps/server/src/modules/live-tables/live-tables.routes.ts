import { envelopeOf } from '@lotus/shared/envelope';
import {
  LIVE_API,
  LIVE_SESSION_HEADER,
  liveBalanceResponseSchema,
  liveBetRequestSchema,
  liveBetResponseSchema,
  liveBetsQuerySchema,
  liveBetsResponseSchema,
  liveRoundParams,
  liveSessionRequestSchema,
  liveSessionResponseSchema,
  liveTableParams,
  liveTableResponseSchema,
  liveTablesResponseSchema,
  liveVerifyResponseSchema,
} from '@lotus/shared/live.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { routeOptionsIn } from '../../lib/route-options.ts';
import type { LiveBetsService } from './live-bets.service.ts';
import type { LiveCycleService } from './live-cycle.service.ts';
import type { LivePublicService } from './live-public.service.ts';
import type { LiveSessionsService } from './live-sessions.service.ts';
import type { LiveTablesRepository } from './live-tables.repository.ts';

const SESSION_ERRORS =
  `Needs \`${LIVE_SESSION_HEADER}\`. Errors: not_logged_in 401 (missing or unknown), session_expired 401, ` +
  'service_unavailable 503 (the platform wallet did not answer).';
/** Opening sessions writes rows: its own budget on top of the global per-IP one (as the other books'). */
const OPEN_SESSION_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

const route = routeOptionsIn(['live tables']);

/** The public reads and the player's calls (docs/live-tables.md "Server"). */
export function liveTablesRoutes(deps: {
  reads: LivePublicService;
  sessions: LiveSessionsService;
  bets: LiveBetsService;
}): FastifyPluginAsyncZod {
  const { reads, sessions, bets } = deps;
  return async (app) => {
    const sessionOf = (request: FastifyRequest) => {
      const header = request.headers[LIVE_SESSION_HEADER];
      return sessions.sessionOf(typeof header === 'string' ? header : undefined);
    };

    app.get(
      `${LIVE_API}/tables`,
      route(
        "The live lobby: every table of the host's brand with its phase, round, limits and last results",
        {
          description: 'No login. Baccarat tables carry the current shoe road (`road`).',
          response: { 200: liveTablesResponseSchema },
        },
      ),
      async (request) => ok({ list: await reads.lobby(request.hostname || null) }),
    );

    app.get(
      `${LIVE_API}/tables/:code`,
      route('One live table: the snapshot with the current round and the last 50 results', {
        description: 'No login. Errors: live_table_not_found 404.',
        params: liveTableParams,
        response: { 200: liveTableResponseSchema },
      }),
      async (request) => ok(await reads.table(request.hostname || null, request.params.code)),
    );

    app.get(
      `${LIVE_API}/rounds/:roundId/verify`,
      route("A round's verify data: its shoe's commitment, the seed once the shoe ended, the cards dealt", {
        description: 'No login. Errors: live_round_not_found 404.',
        params: liveRoundParams,
        response: { 200: liveVerifyResponseSchema },
      }),
      async (request) => ok(await reads.verify(request.params.roundId)),
    );

    app.post(
      `${LIVE_API}/session`,
      route(
        'Opens a live session from a platform launch token',
        {
          description:
            `The answer carries \`sessionToken\` once (send it as \`${LIVE_SESSION_HEADER}\`) and the launched ` +
            'table. Errors: session_expired 401, not_logged_in 401, service_unavailable 503.',
          body: liveSessionRequestSchema,
          response: { 200: liveSessionResponseSchema },
        },
        { rateLimit: OPEN_SESSION_RATE_LIMIT },
      ),
      async (request) => ok(await sessions.open(request.body.launchToken)),
    );

    app.get(
      `${LIVE_API}/balance`,
      route("The player's balance through the protocol", {
        description: SESSION_ERRORS,
        response: { 200: liveBalanceResponseSchema },
      }),
      async (request) => ok({ balanceMinor: String(await sessions.balanceMinor(await sessionOf(request))) }),
    );

    app.post(
      `${LIVE_API}/tables/:code/bets`,
      route('Bets on the round now betting (one protocol round; the same Idempotency-Key replays)', {
        description:
          'Errors: idempotency_key_required 400, idempotency_key_reused 409, live_table_not_found 404, ' +
          'live_bets_closed 409 (no more bets, or not the current round), live_bet_invalid 400, ' +
          'live_bet_below_min 400, live_bet_above_max 400 (value: the spot and the limit), insufficient_funds ' +
          `409, limit_reached 409, reality_check_due 409. ${SESSION_ERRORS}`,
        params: liveTableParams,
        body: liveBetRequestSchema,
        response: { 200: liveBetResponseSchema },
      }),
      async (request) => {
        const key = idempotencyKeyOf(request);
        const session = await sessionOf(request);
        return ok(await bets.place(session, request.params.code, key, request.body));
      },
    );

    app.get(
      `${LIVE_API}/bets`,
      route("The player's live bets, newest first (50)", {
        description: `Placed and settled bets, of one table or round if asked. ${SESSION_ERRORS}`,
        querystring: liveBetsQuerySchema,
        response: { 200: liveBetsResponseSchema },
      }),
      async (request) => ok({ list: await bets.list(await sessionOf(request), request.query) }),
    );
  };
}

/**
 * Browser journeys and tests only (DEV_INBOX, like /dev/sportsbook/*; without it these paths are unknown,
 * 404): move a table to its next phase now, whatever its clock says, and settle what that decided.
 */
export function liveTablesDevRoutes(deps: {
  cycle: LiveCycleService;
  tables: LiveTablesRepository;
  clock: Clock;
  brandOf: (host: string | null) => Promise<{ id: bigint }>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/live/advance',
      {
        schema: {
          tags: ['dev'],
          summary: 'DEV_INBOX only: moves a live table to its next phase now (steps moves, default 1)',
          body: z.strictObject({
            code: z.string().max(40),
            steps: z.number().int().min(1).max(40).optional(),
          }),
          response: { 200: envelopeOf(z.object({ code: z.string(), phase: z.string().nullable() })) },
        },
      },
      async (request) => {
        const brand = await deps.brandOf(request.hostname || null);
        const table = await deps.tables.tableByCode(brand.id, request.body.code);
        if (!table) throw new AppError('live_table_not_found');
        let phase: string | null = null;
        for (let step = 0; step < (request.body.steps ?? 1); step++) {
          const now = deps.clock.now();
          phase = await deps.cycle.advance(table.id, now, true);
          await deps.cycle.settle(now);
        }
        return ok({ code: table.code, phase });
      },
    );
  };
}
