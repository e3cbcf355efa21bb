import { gameLaunchFbResponseSchema, SPORTSBOOK_VENDOR_CODE } from '@lotus/shared/sportsbook.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/unit-of-work.ts';
import { requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { ok } from '../../lib/envelope.ts';
import { routeOptionsIn } from '../../lib/route-options.ts';
import { actorOf } from '../../plugins/auth.ts';
import { gameCardsContext } from '../games/games.service.ts';
import { LaunchService } from '../games/launch.service.ts';
import { SportsBetsRepository } from './sportsbook-bets.repository.ts';

/** The catalogue game `/fbsports` opens: the sports lobby of vendor SPORTSBOOK. */
export const FB_GAME_CODE = 'sports';

const route = routeOptionsIn(['games']);

/**
 * SPEC §7 `GCS_gameLaunchFB`: the full-width sportsbook page (`/fbsports`) asks for the book's launch URL.
 * It is the platform's ordinary launch (`GET /wps/game/launchGame`: a launch session the book authenticates
 * through the protocol) of the brand's catalogue game `sports` of vendor SPORTSBOOK, so the games module's
 * rules (real account, game or vendor switched off, maintenance) apply unchanged.
 */
export function sportsbookLaunchRoutes(deps: {
  db: Db;
  clock: Clock;
  brandOf?: (host: string | null) => Promise<{ id: bigint }>;
}): FastifyPluginAsyncZod {
  const launch = new LaunchService(
    gameCardsContext(
      deps.db,
      async (host) => {
        const brand = deps.brandOf ? await deps.brandOf(host) : { id: 0n };
        // Only the brand's id matters for a logged-in launch (the member's own language wins).
        return { id: brand.id, defaultLanguage: 'EN', categoryRules: [] };
      },
      deps.clock,
    ),
  );
  const games = new SportsBetsRepository(deps.db);
  return async (app) => {
    app.post(
      '/wps/relay/GCS_gameLaunchFB',
      route(
        'The sportsbook launch URL for the full-width /fbsports page',
        {
          description:
            'Login required. Errors: not_logged_in 401, in_need_true_account 403 (trial / type-4 account), ' +
            'game_not_found 404 (no sportsbook in the brand, or switched off), game_maintenance 503.',
          body: z.object({ language: z.string().max(8).optional() }).optional(),
          response: { 200: gameLaunchFbResponseSchema },
        },
        { auth: 'required' },
      ),
      async (request) => {
        const actor = actorOf(request);
        // As the launch itself: a trial or type-4 account learns it needs a real one before anything else.
        requireReal(actor);
        const gameId = await games.catalogueGameId(actor.brandId, SPORTSBOOK_VENDOR_CODE, FB_GAME_CODE);
        if (gameId === undefined) throw new AppError('game_not_found');
        const launched = await launch.launch({
          host: request.hostname || null,
          actor,
          nodeId: String(gameId),
          trial: false,
          language: request.body?.language,
        });
        return ok({ url: launched.content, gameCode: FB_GAME_CODE });
      },
    );
  };
}
