import { memberInfoResponse } from '@lotus/shared/auth.schema';
import {
  memberAvatarBodySchema,
  memberLanguageBodySchema,
  passwordEmptyResponse,
  playerAvatarResponse,
} from '@lotus/shared/password.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { originOf } from '../../lib/request-origin.ts';
import { actorOf } from '../../plugins/auth.ts';
import type { MembersService } from './members.service.ts';

export function membersRoutes(service: MembersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/member/info',
      {
        // Open to a session that must change its password first (plugins/auth.ts).
        config: { auth: 'required', allowPasswordChangeRequired: true },
        schema: {
          tags: ['members'],
          summary: 'The logged-in member (SPEC §3 member info)',
          response: { 200: memberInfoResponse },
        },
      },
      async (request) => {
        return ok(await service.memberInfo(actorOf(request)));
      },
    );

    app.put(
      '/wps/member/info/language',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['members'],
          summary: "Sets the member's language (one of the brand's supported languages)",
          body: memberLanguageBodySchema,
          response: { 200: passwordEmptyResponse },
        },
      },
      async (request) => {
        await service.setLanguage(actorOf(request), request.body.language, originOf(request));
        return ok(null);
      },
    );

    app.post(
      '/wps/relay/MCSFE_getPlayerAvatar',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['members'],
          summary: "The member's avatar and the 12 avatars to choose from",
          response: { 200: playerAvatarResponse },
        },
      },
      async (request) => ok(await service.avatarOf(actorOf(request))),
    );

    app.put(
      '/wps/member/info/icon',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['members'],
          summary: "Sets the member's avatar (1..12)",
          body: memberAvatarBodySchema,
          response: { 200: passwordEmptyResponse },
        },
      },
      async (request) => {
        await service.setAvatar(actorOf(request), request.body.avatarId, originOf(request));
        return ok(null);
      },
    );
  };
}
