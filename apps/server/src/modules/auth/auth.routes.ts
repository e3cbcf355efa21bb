import {
  loginResponse,
  logoutResponse,
  publicKeyResponse,
  sealedPayloadSchema,
} from '@lotus/shared/auth.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { originOf } from '../../lib/request-origin.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';
import type { SealedPayloadService } from './sealed-payload.service.ts';

/** Login, logout and the key that seals login bodies (SPEC §7 auth paths; docs/api.md). */
export function authRoutes(auth: AuthService, sealed: SealedPayloadService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/system/publicKey',
      {
        schema: {
          tags: ['auth'],
          summary: "The server's RSA-OAEP-256 public key (SPKI, base64url) for sealing request bodies",
          response: { 200: publicKeyResponse },
        },
      },
      async () => ok(await sealed.publicKey()),
    );

    app.post(
      '/wps/session/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Username login; the body is the sealed { username, password, captcha?, type }',
          body: sealedPayloadSchema,
          response: { 200: loginResponse },
        },
      },
      async (request) => ok(await auth.login(request.body, originOf(request))),
    );

    app.delete(
      '/wps/session/logout',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['auth'],
          summary: 'Ends the current session on the server',
          response: { 200: logoutResponse },
        },
      },
      async (request) => {
        await auth.logout(sessionOf(request), originOf(request));
        return ok(null);
      },
    );
  };
}
