import { loginResponse } from '@lotus/shared/auth.schema';
import {
  changePasswordPayloadSchema,
  forgotPasswordEmailBodySchema,
  passwordEmptyResponse,
  resetByPhonePayloadSchema,
  resetPasswordPayloadSchema,
} from '@lotus/shared/password.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { acceptUrlEncodedForms } from '../../lib/form-urlencoded.ts';
import { originOf } from '../../lib/request-origin.ts';
import { sealedBody } from '../../lib/sealed-body.ts';
import { actorOf, requireRealActor } from '../../plugins/auth.ts';
import type { PasswordService } from './password.service.ts';

/** Password change, forgot by e-mail, reset link and set-by-phone (docs/accounts-contract.md). */
const changeBody = sealedBody(
  changePasswordPayloadSchema,
  '{ oldPassword, newPassword, confirmNewPassword }',
);
const resetLinkBody = sealedBody(resetPasswordPayloadSchema, '{ token, newPassword, confirmNewPassword }');
const resetPhoneBody = sealedBody(
  resetByPhonePayloadSchema,
  '{ countryDialingCode, mobileNum, verificationCode, newPassword, confirmNewPassword }',
);

export function passwordRoutes(service: PasswordService): FastifyPluginAsyncZod {
  return async (app) => {
    // The classic forgot-password form posts form-encoded; this parser lives only in this plugin's scope.
    acceptUrlEncodedForms(app);

    app.put(
      '/wps/member/password',
      {
        // Open to a session that must change its password first (plugins/auth.ts).
        config: { auth: 'required', allowPasswordChangeRequired: true },
        schema: {
          tags: ['password'],
          summary: 'Changes the password; sealed { oldPassword, newPassword, confirmNewPassword }',
          body: changeBody.schema,
          response: { 200: passwordEmptyResponse },
        },
        // Trial and type-4 accounts are refused before the body is opened.
        preHandler: [requireRealActor, changeBody.open],
      },
      async (request) => {
        await service.change(actorOf(request), changeBody.of(request), originOf(request));
        return ok(null);
      },
    );

    app.post(
      '/wps/member/password/email',
      {
        schema: {
          tags: ['password'],
          summary: 'E-mails a 30-minute, single-use reset link when username and e-mail belong together',
          body: forgotPasswordEmailBodySchema,
          response: { 200: passwordEmptyResponse },
        },
      },
      async (request) => {
        // Scheme and Host follow X-Forwarded-* only from trusted proxies; the service checks the host.
        await service.requestEmailReset(request.body, originOf(request), {
          protocol: request.protocol,
          host: request.host,
        });
        return ok(null);
      },
    );

    app.post(
      '/wps/member/password/reset',
      {
        schema: {
          tags: ['password'],
          summary: 'Sets a new password with a reset link; sealed { token, newPassword, confirmNewPassword }',
          body: resetLinkBody.schema,
          response: { 200: passwordEmptyResponse },
        },
        preHandler: [resetLinkBody.open],
      },
      async (request) => {
        await service.resetWithLink(resetLinkBody.of(request), originOf(request));
        return ok(null);
      },
    );

    app.post(
      '/wps/member/password/verification',
      {
        schema: {
          tags: ['password'],
          summary:
            'Sets a new password with an SMS code (purpose reset_password) and logs in; sealed { countryDialingCode, mobileNum, verificationCode, newPassword, confirmNewPassword }',
          body: resetPhoneBody.schema,
          response: { 200: loginResponse },
        },
        // A brand without reset by phone (CHNGPASSVERIF3) answers `forbidden` before the body is opened.
        preHandler: [
          async (request) => {
            await service.requirePhoneReset(originOf(request));
          },
          resetPhoneBody.open,
        ],
      },
      async (request) => ok(await service.resetWithPhone(resetPhoneBody.of(request), originOf(request))),
    );
  };
}
