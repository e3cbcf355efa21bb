import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

/**
 * Every route the app registers, as Fastify's `onRoute` hook sees it (method, url, config, the zod schemas).
 * `buildApp` creates its Fastify instance itself, so a test file wraps the `fastify` factory with
 * `vi.mock('fastify', wrapFastifyModule)` to add the hook before the first route is registered:
 *
 *   vi.mock('fastify', async (original) =>
 *     (await import('./route-inventory.ts')).wrapFastifyModule(await original()));
 */

const collected: RouteOptions[] = [];

type FastifyModule = { default: (options?: unknown) => FastifyInstance };

export function wrapFastifyModule<T>(module: T): T {
  const original = (module as unknown as FastifyModule).default;
  const wrapped = (options?: unknown) => {
    const app = original(options);
    app.addHook('onRoute', (route) => {
      collected.push(route);
    });
    return app;
  };
  return { ...module, default: wrapped, fastify: wrapped } as T;
}

export type RouteSchemas = {
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
  response?: Record<string, ZodType>;
  consumes?: string[];
};

export type ApiRoute = {
  method: string;
  url: string;
  /** `GET /wps/member/info`: how tables and test names refer to a route. */
  key: string;
  auth: 'member' | 'operator' | 'originals' | 'none';
  operatorRoles: readonly string[];
  schema: RouteSchemas;
  hidden: boolean;
};

/** Swagger UI's own pages and Fastify's automatic HEAD twins of GET routes are not API routes. */
function isApiRoute(route: RouteOptions): boolean {
  if (route.url.startsWith('/docs')) return false;
  if (route.url === '*' || route.url.endsWith('/*')) return false;
  return route.method !== 'HEAD';
}

/** The API routes collected so far (call after `buildTestApp`), in registration order. */
export function apiRoutes(): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const seen = new Set<string>();
  for (const route of collected) {
    if (!isApiRoute(route)) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const config = (route.config ?? {}) as { auth?: string; operator?: readonly string[] };
      const schema = (route.schema ?? {}) as RouteSchemas & { hide?: boolean };
      routes.push({
        method,
        url: route.url,
        key,
        auth: config.operator
          ? 'operator'
          : config.auth === 'required'
            ? 'member'
            : route.url.startsWith('/originals/api/') && route.url !== '/originals/api/sessions'
              ? 'originals'
              : 'none',
        operatorRoles: config.operator ?? [],
        schema,
        hidden: schema.hide === true,
      });
    }
  }
  return routes;
}
