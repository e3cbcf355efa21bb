import { memberRankQuerySchema, memberRankResponse } from '@lotus/shared/ranks.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { routeOptionsIn } from '../../lib/route-options.ts';
import { actorOf } from '../../plugins/auth.ts';
import type { RanksService } from './ranks.service.ts';

const route = routeOptionsIn(['members']);

/** The player-rank page's one call (docs/api.md "Player rank"). */
export function ranksRoutes(service: RanksService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/member/rank',
      route(
        "The member's VIP rank, labels and the brand's rank ladder",
        {
          description:
            'Names and benefits in `language` (EN or HI; other languages fall back to EN), else the ' +
            "member's language, else the brand's. Errors: not_logged_in 401.",
          querystring: memberRankQuerySchema,
          response: { 200: memberRankResponse },
        },
        { auth: 'required' },
      ),
      async (request) => ok(await service.memberRank(actorOf(request), request.query.language)),
    );
  };
}
