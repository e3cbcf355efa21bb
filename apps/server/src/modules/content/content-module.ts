import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { contentRoutes } from './content.routes.ts';
import { type BrandResolver, ContentService } from './content.service.ts';

/** What other modules use of the content module: the public winner board is fed by the wallet protocol. */
export type ContentApi = Pick<ContentService, 'recordWin'>;

export function createContentModule(deps: { db: Kysely<Database>; brands: BrandResolver }): {
  routes: FastifyPluginAsyncZod;
  api: ContentApi;
} {
  const service = new ContentService(deps.db, deps.brands);
  return { routes: contentRoutes(service), api: service };
}
