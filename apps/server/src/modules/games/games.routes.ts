import { gameMenusQuerySchema, gameMenusResponse } from '@lotus/shared/catalogue.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { GamesService } from './games.service.ts';

/** The nav bar's game menus (SPEC §7 "Games"); the other game calls are in game-catalogue.routes.ts. */
export function gamesRoutes(service: GamesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/lgw/games/game_menus',
      {
        schema: {
          tags: ['games'],
          summary: 'Game categories with their vendors, for the nav bar',
          description:
            "The brand's categories in its order, only those with at least one enabled vendor, each with its " +
            "vendors (display name in `language`, else English), after the brand's enabled category rules. " +
            'No login needed.',
          querystring: gameMenusQuerySchema,
          response: { 200: gameMenusResponse },
        },
      },
      async (request) =>
        ok(
          await service.getGameMenus({
            // request.hostname honours X-Forwarded-Host only from trusted proxies (app.ts).
            host: request.hostname || null,
            language: request.query.language,
            platform: request.query.platform,
          }),
        ),
    );
  };
}
