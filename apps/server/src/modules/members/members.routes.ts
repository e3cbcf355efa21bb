import { memberInfoResponse } from '@lotus/shared/auth.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { MembersService } from './members.service.ts';

export function membersRoutes(service: MembersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/member/info',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['members'],
          summary: 'The logged-in member (SPEC §3 member info)',
          response: { 200: memberInfoResponse },
        },
      },
      async (request) => {
        const { member, session } = sessionOf(request);
        return ok(service.memberInfo(member, session));
      },
    );
  };
}
