import { envelopeOf } from '@lotus/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { RaffleCampaignsService } from './raffle-campaigns.service.ts';

const grantNowResponse = envelopeOf(z.object({ granted: z.number().int(), closed: z.number().int() }));

/**
 * Browser journeys only (DEV_INBOX, like /dev/agents/settle-now; without it this path is unknown, 404):
 * runs the raffles' two jobs now (tickets by the rules, then closing campaigns whose window has passed),
 * so a journey need not wait for the next minute.
 */
export function rafflesDevRoutes(campaigns: RaffleCampaignsService, now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/raffles/run-jobs',
      {
        schema: {
          tags: ['dev'],
          summary: 'DEV_INBOX only: grant tickets by the rules and close ended campaigns now',
          response: { 200: grantNowResponse },
        },
      },
      async () => {
        const at = now();
        return ok({ granted: await campaigns.grantByRules(at), closed: await campaigns.closeEnded(at) });
      },
    );
  };
}
