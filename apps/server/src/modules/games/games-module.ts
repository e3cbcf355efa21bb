import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthApi } from '../auth/auth-api.ts';
import { BetRecordsService } from './bet-records.service.ts';
import { GameCardsRepository } from './game-cards.repository.ts';
import { gameCatalogueRoutes } from './game-catalogue.routes.ts';
import { GameCatalogueService } from './game-catalogue.service.ts';
import { GamesRepository } from './games.repository.ts';
import { gamesRoutes } from './games.routes.ts';
import { type BrandLookup, GamesService, gameCardsContext } from './games.service.ts';
import { LaunchService } from './launch.service.ts';

export type GamesModuleDeps = {
  db: Kysely<Database>;
  clock: Clock;
  /** The brand a host serves (system module). */
  brandOfHost: BrandLookup;
  /** Where a login is optional (favourite flags, a real launch), the auth module's session check. */
  authenticate: AuthApi['authenticate'];
};

/** Game lists, favourites, launch and the betting record (docs/games-contract.md). */
export function createGamesModule(deps: GamesModuleDeps): {
  routes: FastifyPluginAsync;
  api: Record<string, never>;
} {
  const games = new GamesService(new GamesRepository(deps.db), deps.brandOfHost);
  const gameCards = new GameCardsRepository(deps.db);
  const cards = gameCardsContext(deps.db, deps.brandOfHost, deps.clock);
  const catalogue = gameCatalogueRoutes({
    catalogue: new GameCatalogueService(cards),
    launch: new LaunchService(cards),
    betRecords: new BetRecordsService(gameCards, deps.clock),
    authenticate: (token) => deps.authenticate(token),
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(gamesRoutes(games));
    await app.register(catalogue);
  };
  return { routes, api: {} };
}
