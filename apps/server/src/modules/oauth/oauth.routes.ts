import { loginResponse } from '@lotus/shared/auth.schema';
import {
  oauthCallbackQuery,
  oauthExchangeBody,
  oauthProvidersResponse,
  oauthStartQuery,
  returnToPath,
  telegramAuthBody,
} from '@lotus/shared/oauth.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { originOf } from '../../lib/request-origin.ts';
import type { OauthService } from './oauth.service.ts';

/** Remembers `returnTo` across the trip to the provider (not a secret; the state row has no column for it). */
const RETURN_COOKIE = 'lotus_oauth_return';
const RETURN_COOKIE_OPTIONS = { path: '/wps/oauth', httpOnly: true, sameSite: 'lax', maxAge: 600 } as const;

const providerParams = z.object({ provider: z.string().max(32) });

/** scheme://host[:port] of this site as the browser sees it (X-Forwarded-* only from trusted proxies). */
function siteOriginOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Third-party sign-in (docs/accounts-contract.md "Third-party sign-in"; docs/api.md). */
export function oauthRoutes(oauth: OauthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/oauth/providers',
      {
        schema: {
          tags: ['oauth'],
          summary: 'Which third-party sign-ins this site offers',
          response: { 200: oauthProvidersResponse },
        },
      },
      async () => ok(oauth.providers()),
    );

    app.get(
      '/wps/oauth/:provider/start',
      {
        schema: {
          tags: ['oauth'],
          summary: "Starts Google / Facebook sign-in: 302 to the provider's authorization endpoint",
          params: providerParams,
          querystring: oauthStartQuery,
        },
      },
      async (request, reply) => {
        const location = await oauth.start(request.params.provider, originOf(request), siteOriginOf(request));
        if (request.query.returnTo)
          reply.setCookie(RETURN_COOKIE, request.query.returnTo, RETURN_COOKIE_OPTIONS);
        else reply.clearCookie(RETURN_COOKIE, { path: RETURN_COOKIE_OPTIONS.path });
        return reply.redirect(location, 302);
      },
    );

    app.get(
      '/wps/oauth/:provider/callback',
      {
        // The URL carries the provider's authorization code and our state: keep it out of the request log.
        logLevel: 'warn',
        schema: {
          tags: ['oauth'],
          summary: 'The provider redirects back here; 302 to /oauth/complete with a one-time login code',
          params: providerParams,
          querystring: oauthCallbackQuery,
        },
      },
      async (request, reply) => {
        let location = await oauth.callback(
          request.params.provider,
          request.query,
          originOf(request),
          request.log,
        );
        const returnTo = returnToPath.safeParse(request.cookies[RETURN_COOKIE]);
        reply.clearCookie(RETURN_COOKIE, { path: RETURN_COOKIE_OPTIONS.path });
        if (returnTo.success && location.includes('#')) {
          location += `&returnTo=${encodeURIComponent(returnTo.data)}`;
        }
        return reply.redirect(location, 302);
      },
    );

    app.post(
      '/wps/oauth/exchange',
      {
        schema: {
          tags: ['oauth'],
          summary: 'Trades the one-time login code from the callback for a session',
          body: oauthExchangeBody,
          response: { 200: loginResponse },
        },
      },
      async (request) => ok(await oauth.exchange(request.body.code, originOf(request))),
    );

    app.post(
      '/wps/oauth/telegram',
      {
        schema: {
          tags: ['oauth'],
          summary: "Telegram sign-in with the login page's signed data (from #tgAuthResult=)",
          body: telegramAuthBody,
          response: { 200: loginResponse },
        },
      },
      async (request) => ok(await oauth.telegram(request.body, originOf(request))),
    );
  };
}
