import { myFreeRoundsResponse } from '@lotus/shared/free-rounds.schema';
import { languageQuerySchema } from '@lotus/shared/promotion-engine.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../../plugins/auth.ts';
import type { FreeRoundsService } from './free-rounds.service.ts';

const TAGS = ['promotions'];

/** The member's free-round grants (issue 19; docs/promotion-engine.md "Free rounds"). */
export function freeRoundsRoutes(service: FreeRoundsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/member/free-rounds',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: "The member's free-round grants with the rounds left (played in the studio game)",
          description: 'Errors: not_logged_in 401.',
          querystring: languageQuerySchema,
          response: { 200: myFreeRoundsResponse },
        },
      },
      async (request) => ok(await service.mine(actorOf(request), request.query.language)),
    );
  };
}
