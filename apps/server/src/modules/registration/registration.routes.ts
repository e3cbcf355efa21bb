import { loginResponse } from '@lotus/shared/auth.schema';
import {
  affiliateQuerySchema,
  affiliateResponse,
  freePlayPayloadSchema,
  oneClickPayloadSchema,
  oneClickResponse,
  registerPayloadSchema,
} from '@lotus/shared/registration.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { originOf } from '../../lib/request-origin.ts';
import { sealedBody } from '../../lib/sealed-body.ts';
import { captchaIdOf } from '../verification/captcha.service.ts';
import type { RegistrationService } from './registration.service.ts';

/** Both registration tabs post the same payload; the brand's field rules decide which fields count. */
const registerBody = sealedBody(
  registerPayloadSchema,
  "the registration form's fields (the brand's rules), agreeTerms, confirmAge, humanVerification",
);
const oneClickBody = sealedBody(oneClickPayloadSchema, '{ password, humanVerification, affiliateCode }');
const freePlayBody = sealedBody(freePlayPayloadSchema, '{ os, platform, nonce, version, humanVerification }');

/** Registration, one-click, free play and the affiliate check (docs/api.md "Registration"). */
export function registrationRoutes(service: RegistrationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/wps/member/register',
      {
        schema: {
          tags: ['registration'],
          summary: 'Username registration (USERNAMEREG3); sealed body; logs the new player in',
          body: registerBody.schema,
          response: { 200: loginResponse },
        },
        preHandler: [registerBody.open],
      },
      async (request) =>
        ok(
          await service.register(registerBody.of(request), 'username', {
            origin: originOf(request),
            captchaId: captchaIdOf(request) ?? null,
          }),
        ),
    );

    app.post(
      '/wps/member/register/mobile',
      {
        schema: {
          tags: ['registration'],
          summary: 'Mobile-number registration (MOBILENUMREG3); sealed body; logs the new player in',
          body: registerBody.schema,
          response: { 200: loginResponse },
        },
        preHandler: [registerBody.open],
      },
      async (request) =>
        ok(
          await service.register(registerBody.of(request), 'mobile', {
            origin: originOf(request),
            captchaId: captchaIdOf(request) ?? null,
          }),
        ),
    );

    app.get(
      '/wps/agent/affiliate',
      {
        schema: {
          tags: ['registration'],
          summary: 'Whether an invitation (affiliate) code names an agent of the brand',
          querystring: affiliateQuerySchema,
          response: { 200: affiliateResponse },
        },
      },
      async (request) => ok(await service.checkAffiliate(request.query.code, originOf(request))),
    );

    app.post(
      '/wps/member/register/oneClick',
      {
        schema: {
          tags: ['registration'],
          summary: 'One-click account: generated username, the browser-generated password; sealed body',
          body: oneClickBody.schema,
          response: { 200: oneClickResponse },
        },
        preHandler: [oneClickBody.open],
      },
      async (request) => ok(await service.oneClick(oneClickBody.of(request), originOf(request))),
    );

    app.post(
      '/wps/session/login/freeplay',
      {
        schema: {
          tags: ['registration'],
          summary: 'Free play (FREEPLAY3): a new trial account, logged in; sealed body',
          body: freePlayBody.schema,
          response: { 200: loginResponse },
        },
        preHandler: [freePlayBody.open],
      },
      async (request) => ok(await service.freePlay(freePlayBody.of(request), originOf(request))),
    );
  };
}
