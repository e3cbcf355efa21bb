import type { FastifyContextConfig, FastifySchema } from 'fastify';

/**
 * A module's route options builder: every route of the module in the same OpenAPI tags, with its summary,
 * its schema (body / querystring / params / response, description) and, if any, its route config (e.g.
 * `{ auth: 'required' }`). The schema keeps its type, so the handler's request is still typed from it.
 */
export function routeOptionsIn(tags: string[]) {
  return <S extends FastifySchema>(summary: string, schema: S, config?: FastifyContextConfig) => ({
    ...(config ? { config } : {}),
    schema: { tags, summary, ...schema },
  });
}
