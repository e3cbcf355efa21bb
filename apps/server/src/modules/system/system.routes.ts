import {
  domainRouteResponse,
  permissionResponse,
  registerSettingResponse,
  systemStatusResponse,
  whitelabelQuerySchema,
} from '@lotus/shared/system.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { SystemService, Visitor } from './system.service.ts';

/** `request.ip` and `request.hostname` already honour X-Forwarded-* from trusted proxies only (app.ts). */
function visitorOf(request: FastifyRequest): Visitor {
  return { ip: request.ip, host: request.hostname || null };
}

/** Unauthenticated system calls the shell makes before anything else renders (SPEC §7). */
export function systemRoutes(service: SystemService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/system/status',
      {
        schema: {
          tags: ['system'],
          summary: 'Site status for this visitor',
          description:
            'status 0 normal, 1 maintenance, 2 region restricted (maintenance wins). Also the visitor IP and country, ' +
            "the operator's maintenance message per language (only in maintenance) and the customer-service link.",
          response: { 200: systemStatusResponse },
        },
      },
      async (request) => ok(await service.getStatus(visitorOf(request))),
    );

    app.get(
      '/wps/system/whitelabel',
      {
        schema: {
          tags: ['system'],
          summary: 'Brand permission: site configuration, whitelabel flags, registration rules, resources',
          description:
            'The brand is resolved from `url` (the host the browser is on), else the Host header, else the default brand.',
          querystring: whitelabelQuerySchema,
          response: { 200: permissionResponse },
        },
      },
      async (request) => ok(await service.getPermission({ ...visitorOf(request), url: request.query.url })),
    );

    app.get(
      '/wps/system/setting/register',
      {
        schema: {
          tags: ['system'],
          summary: 'Registration form settings',
          response: { 200: registerSettingResponse },
        },
      },
      async (request) => ok(await service.getRegisterSetting(visitorOf(request))),
    );

    app.get(
      '/wps/system/domainRoute',
      {
        schema: {
          tags: ['system'],
          summary: "The brand's domains with their speed rank (lower is faster)",
          response: { 200: domainRouteResponse },
        },
      },
      async (request) => ok(await service.getDomainRoute(visitorOf(request))),
    );
  };
}
