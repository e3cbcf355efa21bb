import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { RanksRepository } from './ranks.repository.ts';
import { ranksRoutes } from './ranks.routes.ts';
import { type DefaultLanguageOf, RanksService } from './ranks.service.ts';

/** Player rank (docs/api.md "Player rank"): the member's VIP level against the brand's ladder. */
export function createRanksModule(deps: { db: Kysely<Database>; defaultLanguageOf: DefaultLanguageOf }): {
  routes: FastifyPluginAsyncZod;
  api: Record<string, never>;
} {
  const service = new RanksService(new RanksRepository(deps.db), deps.defaultLanguageOf);
  return { routes: ranksRoutes(service), api: {} };
}
