import { envelopeOf } from '@lotus/shared/envelope';
import {
  MARKET_STATUSES,
  sportsMarketActionSchema,
  sportsMarketParams,
} from '@lotus/shared/sportsbook.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { SportsbookMarketsService } from './sportsbook-markets.service.ts';

const marketActionResponse = envelopeOf(
  z.object({ marketId: z.string(), status: z.enum(MARKET_STATUSES), version: z.number().int() }),
);

/** The back office's market actions (`/wps/ops/sportsbook/markets/:marketId`; finance trades). */
export function sportsbookMarketsRoutes(service: SportsbookMarketsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/wps/ops/sportsbook/markets/:marketId',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Suspends (until reopened), reopens or closes a market',
          description: 'Errors: not_found 404, sportsbook_state_conflict 409 (the status does not allow it).',
          params: sportsMarketParams,
          body: sportsMarketActionSchema,
          response: { 200: marketActionResponse },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        return ok(
          await service.act(
            {
              brandId: operator.brandId,
              operatorId: operator.operatorId,
              name: operator.username,
              ip: request.ip,
            },
            BigInt(request.params.marketId),
            request.body.action,
          ),
        );
      },
    );
  };
}
