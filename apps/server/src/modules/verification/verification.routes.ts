import {
  captchaResponse,
  devCaptchaResponse,
  devOutboxQuery,
  devOutboxResponse,
  humanChallengeResponse,
  smsNoLoginBody,
  smsRegisterBody,
  smsSentResponse,
} from '@lotus/shared/verification.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { OutboxRepository } from '../../lib/notify/outbox.repository.ts';
import { originOf } from '../../lib/request-origin.ts';
import { CAPTCHA_COOKIE, CAPTCHA_TTL_MS, type CaptchaService, captchaIdOf } from './captcha.service.ts';
import type { HumanCheckService } from './human-check.service.ts';
import type { SmsSendService } from './sms-send.service.ts';

export type VerificationRouteDeps = {
  captcha: CaptchaService;
  human: HumanCheckService;
  smsSend: SmsSendService;
  outbox: OutboxRepository;
  devInbox: boolean;
};

/** Captcha, human check, SMS sends, and the developer inbox when DEV_INBOX is on (docs/api.md "Verification"). */
export function verificationRoutesOf(deps: VerificationRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/captcha',
      {
        schema: {
          tags: ['verification'],
          summary: 'A new captcha image (base64 PNG); its id travels in the HttpOnly lotus_captcha cookie',
          response: { 200: captchaResponse },
        },
      },
      async (request, reply) => {
        const { id, pngBase64 } = await deps.captcha.issue(request.ip);
        reply.header('cache-control', 'no-store');
        reply.setCookie(CAPTCHA_COOKIE, id, {
          httpOnly: true,
          sameSite: 'strict',
          path: '/',
          maxAge: CAPTCHA_TTL_MS / 1000,
          secure: request.protocol === 'https',
        });
        return ok(pngBase64);
      },
    );

    app.get(
      '/wps/verification/human',
      {
        schema: {
          tags: ['verification'],
          summary: 'A proof-of-work challenge for the human-verification step (single use, 5 minutes)',
          response: { 200: humanChallengeResponse },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await deps.human.issue());
      },
    );

    app.post(
      '/wps/verification/sms/noLogin',
      {
        schema: {
          tags: ['verification'],
          summary: 'Sends a login or reset-password code to a registered number (same answer for any number)',
          body: smsNoLoginBody,
          response: { 200: smsSentResponse },
        },
      },
      async (request) => ok(await deps.smsSend.sendNoLogin(request.body, originOf(request))),
    );

    app.post(
      '/wps/verification/sms/register',
      {
        schema: {
          tags: ['verification'],
          summary: 'Sends a registration code to a number no account uses yet',
          body: smsRegisterBody,
          response: { 200: smsSentResponse },
        },
      },
      async (request) => ok(await deps.smsSend.sendRegister(request.body, originOf(request))),
    );

    // Developer inbox: registered only with DEV_INBOX=1, so without it these are unknown paths (404).
    if (!deps.devInbox) return;

    app.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'DEV_INBOX only: the newest messages of the outbox providers',
          querystring: devOutboxQuery,
          response: { 200: devOutboxResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const messages = await deps.outbox.list({
          destination: request.query.to,
          limit: request.query.limit,
        });
        return ok({ messages });
      },
    );

    app.get(
      '/dev/captcha',
      {
        schema: {
          tags: ['dev'],
          summary: "DEV_INBOX only: the answer of the caller's captcha cookie (null when none is live)",
          response: { 200: devCaptchaResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok({ answer: deps.captcha.devAnswer(captchaIdOf(request)) });
      },
    );
  };
}
