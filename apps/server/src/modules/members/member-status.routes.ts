import {
  memberStatusParams,
  memberStatusRequest,
  memberStatusResponse,
} from '@lotus/shared/operators.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { operatorActorOf } from '../../plugins/operator-auth.ts';
import type { MemberStatusService } from './member-status.service.ts';

/** The back office's member lock / disable / re-activate (docs/api.md "Back office"). */
export function memberStatusRoutes(service: MemberStatusService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/wps/ops/members/:username/status',
      {
        config: { operator: ['support'] },
        schema: {
          tags: ['back office'],
          summary: "Sets a member's status; locked / disabled end its sessions, remember-me tokens and games",
          description:
            'Errors: not_found 404 (no such member in the operator brand), operator_forbidden 403 (finance).',
          params: memberStatusParams,
          body: memberStatusRequest,
          response: { 200: memberStatusResponse },
        },
      },
      async (request) =>
        ok(
          await service.setStatus(
            operatorActorOf(request),
            request.params.username,
            request.body.status,
            request.body.reason?.trim() || null,
          ),
        ),
    );
  };
}
