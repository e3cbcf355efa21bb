import {
  forgetRememberedResponse,
  loginPayloadSchema,
  loginResponse,
  loginVerificationBody,
  loginVerificationSendBody,
  loginVerificationSendResponse,
  logoutResponse,
  publicKeyResponse,
  rememberedLoginBody,
  rememberedResponse,
} from '@lotus/shared/auth.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { originOf } from '../../lib/request-origin.ts';
import { sealedBody } from '../../lib/sealed-body.ts';
import { actorOf } from '../../plugins/auth.ts';
import type { AuthService, LoginOutcome } from './auth.service.ts';
import type { LoginChallengeService } from './login-challenge.service.ts';
import { loginContextOf, rememberCookieOf } from './login-context.ts';
import {
  REMEMBER_COOKIE,
  REMEMBER_MAX_AGE_SECONDS,
  REMEMBER_PATH,
  type RememberService,
} from './remember.service.ts';
import type { SealedPayloadService } from './sealed-payload.service.ts';

const loginBody = sealedBody(
  loginPayloadSchema,
  'username ({ type, username, password, captcha, humanVerification, remember, side }) or SMS ({ type, countryDialingCode, mobileNum, verificationCode, remember, side }) login',
);

/** Secure whenever the visitor reached us over https (directly or through a trusted proxy). */
function cookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: REMEMBER_PATH,
    secure: request.protocol === 'https',
  };
}

function setRemember(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(REMEMBER_COOKIE, token, { ...cookieOptions(request), maxAge: REMEMBER_MAX_AGE_SECONDS });
}

function clearRemember(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REMEMBER_COOKIE, cookieOptions(request));
}

function answer(request: FastifyRequest, reply: FastifyReply, outcome: LoginOutcome) {
  if (outcome.rememberToken !== null) setRemember(request, reply, outcome.rememberToken);
  return ok(outcome.result);
}

/**
 * Login in every form, the new-IP step, remember-me, logout and the key that seals login bodies (SPEC §7
 * auth paths; docs/accounts-contract.md "Login"; docs/api.md).
 */
export function authRoutes(
  auth: AuthService,
  sealed: SealedPayloadService,
  challenges: LoginChallengeService,
  remember: RememberService,
): FastifyPluginAsyncZod {
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
          summary:
            'Username or SMS login; the body is the sealed loginPayloadSchema (username + human check, or sms code)',
          body: loginBody.schema,
          response: { 200: loginResponse },
        },
        preHandler: [loginBody.open],
      },
      async (request, reply) =>
        answer(request, reply, await auth.login(loginBody.of(request), loginContextOf(request))),
    );

    app.post(
      '/wps/session/login/verification/send',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sends the code of a new-IP login challenge by SMS or e-mail',
          body: loginVerificationSendBody,
          response: { 200: loginVerificationSendResponse },
        },
      },
      async (request) =>
        ok(await challenges.send(request.body.challengeId, request.body.method, originOf(request))),
    );

    app.post(
      '/wps/session/login/verification',
      {
        schema: {
          tags: ['auth'],
          summary: 'Completes a login held up by the new-IP step with a code or the payee name',
          body: loginVerificationBody,
          response: { 200: loginResponse },
        },
      },
      async (request, reply) =>
        answer(request, reply, await auth.verifyLogin(request.body, loginContextOf(request))),
    );

    app.get(
      '/wps/session/remembered',
      {
        schema: {
          tags: ['auth'],
          summary: 'Who the remember-me cookie stands for (null without a live one)',
          response: { 200: rememberedResponse },
        },
      },
      async (request) => ok(await remember.peek(rememberCookieOf(request))),
    );

    app.post(
      '/wps/session/login/remembered',
      {
        schema: {
          tags: ['auth'],
          summary: 'Login from the remember-me cookie; rotates it',
          body: rememberedLoginBody,
          response: { 200: loginResponse },
        },
      },
      async (request, reply) => {
        try {
          return answer(
            request,
            reply,
            await auth.loginRemembered(request.body.side ?? 'member', loginContextOf(request)),
          );
        } catch (error) {
          // A dead cookie is cleared so the form stops offering "continue as …".
          if (isAppError(error) && error.code === 'not_logged_in') clearRemember(request, reply);
          throw error;
        }
      },
    );

    app.delete(
      '/wps/session/remembered',
      {
        schema: {
          tags: ['auth'],
          summary: '"Not you?": revokes the remember-me token and clears its cookie',
          response: { 200: forgetRememberedResponse },
        },
      },
      async (request, reply) => {
        await remember.forget(rememberCookieOf(request), originOf(request));
        clearRemember(request, reply);
        return ok(null);
      },
    );

    app.delete(
      '/wps/session/logout',
      {
        // Open to a session that must change its password first (plugins/auth.ts).
        config: { auth: 'required', allowPasswordChangeRequired: true },
        schema: {
          tags: ['auth'],
          summary: "Ends the current session, this device's remember-me token and the member's game sessions",
          response: { 200: logoutResponse },
        },
      },
      async (request, reply) => {
        await auth.logout(actorOf(request), originOf(request), rememberCookieOf(request));
        clearRemember(request, reply);
        return ok(null);
      },
    );
  };
}
