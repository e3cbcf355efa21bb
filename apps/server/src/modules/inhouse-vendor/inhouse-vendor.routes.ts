import {
  fishingBatchRequestSchema,
  fishingBatchResponse,
  fishingSceneResponse,
} from '@lotus/shared/fishing.schema';
import {
  clientSeedRequestSchema,
  ORIGINALS_SESSION_HEADER,
  openSessionRequestSchema,
  originalsBalanceResponse,
  originalsSessionResponse,
  playRoundRequestSchema,
  playRoundResponse,
  rotateSeedResponse,
  roundResponse,
  roundsQuerySchema,
  roundsResponse,
} from '@lotus/shared/originals.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency.ts';
import { routeOptionsIn } from '../../lib/route-options.ts';
import type { FishingService } from './fishing.service.ts';
import type { InhouseSession } from './inhouse-vendor.repository.ts';
import type { InhouseVendorService } from './inhouse-vendor.service.ts';

const SESSION_ERRORS =
  'Needs `X-Originals-Session`. Errors: not_logged_in 401 (missing or unknown), session_expired 401, ' +
  'service_unavailable 503 (the platform wallet did not answer).';

/**
 * Opening sessions creates rows (a trial needs no login), so it has its own budget on top of the global
 * per-IP one; game calls share the global budget (several tabs may play at once, autoplay is paced by
 * the screen at one round per 2.5 s).
 */
const OPEN_SESSION_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

const route = routeOptionsIn(['originals']);

const roundParams = z.object({ roundId: z.string().max(64) });

/** The in-house studio's API for its game screens (docs/games-contract.md "In-house vendor"). */
export function inhouseVendorRoutes(
  service: InhouseVendorService,
  fishing: FishingService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const sessionOf = (request: FastifyRequest): Promise<InhouseSession> => {
      const header = request.headers[ORIGINALS_SESSION_HEADER];
      return service.sessionOf(typeof header === 'string' ? header : undefined);
    };

    app.post(
      '/originals/api/sessions',
      route(
        'Opens a studio session from a launch token, or a free trial of one game',
        {
          description:
            'The answer carries `sessionToken` once (send it as `X-Originals-Session`). Errors: ' +
            'game_not_found 404, session_expired 401 (launch token expired), not_logged_in 401 (unknown token), ' +
            'service_unavailable 503.',
          body: openSessionRequestSchema,
          response: { 200: originalsSessionResponse },
        },
        { rateLimit: OPEN_SESSION_RATE_LIMIT },
      ),
      async (request) => ok(await service.openSession(request.body)),
    );

    app.get(
      '/originals/api/balance',
      route("The player's balance (a trial's play money)", {
        description: SESSION_ERRORS,
        response: { 200: originalsBalanceResponse },
      }),
      async (request) => ok(await service.balance(await sessionOf(request))),
    );

    app.post(
      '/originals/api/rounds',
      route("Plays one round of the session's game (a repeated requestId replays it)", {
        description:
          'Errors: bet_invalid 400, bet_limit 400, insufficient_funds 409 (value.balanceMinor), ' +
          `round_pending 409 (an earlier win could not be paid yet). ${SESSION_ERRORS}`,
        body: playRoundRequestSchema,
        response: { 200: playRoundResponse },
      }),
      async (request) => ok(await service.play(await sessionOf(request), request.body)),
    );

    app.get(
      '/originals/api/fishing/scene',
      route("The fishing session's public scene (seed, scene time now) and the title's bullets", {
        description: `Errors: game_not_found 404 (the session is no fishing title). ${SESSION_ERRORS}`,
        response: { 200: fishingSceneResponse },
      }),
      async (request) => ok(fishing.scene(await sessionOf(request))),
    );

    app.post(
      '/originals/api/fishing/batches',
      route('Plays one second of fishing shots as one round (a repeated Idempotency-Key replays it)', {
        description:
          'Needs `Idempotency-Key` (8–128 printable characters). Debits the bullets, resolves each shot on ' +
          'its own nonce, credits the wins (docs/fishing.md "The server"). Errors: bet_invalid 400 (a ' +
          'bullet the title lacks, a fish not swimming at `at`, shots out of order, spanning ≥ 1 s, too ' +
          'old or ahead of the scene), idempotency_key_required 400, idempotency_key_reused 409, ' +
          'game_not_found 404, insufficient_funds 409, limit_reached 403, reality_check_due 409, ' +
          `round_pending 409. ${SESSION_ERRORS}`,
        body: fishingBatchRequestSchema,
        response: { 200: fishingBatchResponse },
      }),
      async (request) => {
        const header = request.headers[IDEMPOTENCY_HEADER];
        const key = (Array.isArray(header) ? header[0] : header) ?? '';
        return ok(await fishing.batch(await sessionOf(request), key, request.body));
      },
    );

    app.get(
      '/originals/api/rounds',
      route("The player's rounds, newest first (serverSeed only once revealed)", {
        description: SESSION_ERRORS,
        querystring: roundsQuerySchema,
        response: { 200: roundsResponse },
      }),
      async (request) => ok(await service.rounds(await sessionOf(request), request.query)),
    );

    app.get(
      '/originals/api/rounds/:roundId',
      route("One of the player's own rounds", {
        description: `Errors: not_found 404 (no such round of this player). ${SESSION_ERRORS}`,
        params: roundParams,
        response: { 200: roundResponse },
      }),
      async (request) => ok(await service.round(await sessionOf(request), request.params.roundId)),
    );

    app.put(
      '/originals/api/seeds/client',
      route('Sets the client seed: reveals the current server seed and commits to a new one', {
        description: SESSION_ERRORS,
        body: clientSeedRequestSchema,
        response: { 200: rotateSeedResponse },
      }),
      async (request) => ok(await service.rotate(await sessionOf(request), request.body.clientSeed)),
    );

    app.post(
      '/originals/api/seeds/rotate',
      route('Reveals the current server seed and commits to a new one (same client seed)', {
        description: SESSION_ERRORS,
        response: { 200: rotateSeedResponse },
      }),
      async (request) => ok(await service.rotate(await sessionOf(request))),
    );
  };
}
