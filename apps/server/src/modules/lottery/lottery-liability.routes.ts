import { lotteryDrawIdSchema, lotteryLiabilityResponseSchema } from '@lotus/shared/lottery.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { LotteryLiabilityService } from './lottery-liability.service.ts';

/** The operators' view of a draw's liability (docs/lottery.md "Operators"; CLI `lottery:liability`). */
export function lotteryLiabilityRoutes(liability: LotteryLiabilityService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/ops/lottery/draws/:drawId/liability',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: "A draw's liability: exposure, stakes and lines per selection, and the worst case",
          description: "Errors: lottery_draw_not_found 404 (no such draw in the operator's brand).",
          params: z.object({ drawId: lotteryDrawIdSchema }),
          response: { 200: lotteryLiabilityResponseSchema },
        },
      },
      async (request) => ok(await liability.liability(operatorOf(request).brandId, request.params.drawId)),
    );
  };
}
