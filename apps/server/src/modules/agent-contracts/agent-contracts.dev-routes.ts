import { CONTRACT_KINDS, settlementView } from '@lotus/shared/agent-contracts.schema';
import { envelopeOf } from '@lotus/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { SettlementsService } from './settlements.service.ts';

const settleNowBody = z.strictObject({ kind: z.enum(CONTRACT_KINDS).optional() });
const settleNowResponse = envelopeOf(z.object({ settled: z.array(settlementView) }));

/**
 * Browser journeys only (DEV_INBOX, like /dev/captcha; without it this path is unknown, 404): the agent
 * economy journey cannot wait for midnight UTC, when a daily salary's period ends, so this settles every
 * running period now (SettlementsService.settleRunningNow) and leaves the period's own run queued.
 */
export function agentContractsDevRoutes(settlements: SettlementsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/agents/settle-now',
      {
        schema: {
          tags: ['dev'],
          summary: 'DEV_INBOX only: settle the running period of every contract in force (of a kind) now',
          body: settleNowBody,
          response: { 200: settleNowResponse },
        },
      },
      async (request) => ok({ settled: await settlements.settleRunningNow(request.body.kind) }),
    );
  };
}
