import { envelopeOf } from '@lotus/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { RanksApi } from '../ranks/ranks-module.ts';
import type { RebatesService } from './rebates.service.ts';

const runNowResponse = envelopeOf(
  z.object({ rebates: z.number().int(), rebateAmountMinor: z.string(), upgraded: z.number().int() }),
);

/**
 * Browser journeys only (DEV_INBOX, like /dev/agents/settle-now; without it this path is unknown, 404): the
 * loyalty journey cannot wait for midnight UTC, so this pays today's rebates as if the day had ended
 * (RebatesService.payTodayNow: once per member and day like the job) and runs the VIP job over everyone.
 */
export function loyaltyDevRoutes(deps: {
  rebates: RebatesService;
  progression: RanksApi['progression'];
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/loyalty/run-now',
      {
        schema: {
          tags: ['dev'],
          summary: "DEV_INBOX only: pay today's rebates now and re-evaluate every member's VIP level",
          response: { 200: runNowResponse },
        },
      },
      async () => {
        const vip = await deps.progression.run(undefined, { everyone: true });
        const paid = await deps.rebates.payTodayNow();
        return ok({
          rebates: paid.rebates,
          rebateAmountMinor: paid.amountMinor.toString(),
          upgraded: vip.upgraded,
        });
      },
    );
  };
}
