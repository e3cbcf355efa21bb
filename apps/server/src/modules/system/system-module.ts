import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { GeoLookup } from '../../lib/geo.ts';
import { systemRoutes } from './system.routes.ts';
import { SystemService } from './system.service.ts';

/** Brands, their switches and register settings; the brand of a host, for every other module. */
export type SystemApi = SystemService;

export function createSystemModule(deps: { db: Kysely<Database>; geo: GeoLookup }): {
  routes: FastifyPluginAsyncZod;
  api: SystemApi;
} {
  const service = new SystemService(deps.db, deps.geo);
  return { routes: systemRoutes(service), api: service };
}
