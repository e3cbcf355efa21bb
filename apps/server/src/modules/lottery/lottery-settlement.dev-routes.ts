import { lotteryRunJobsResponseSchema } from '@lotus/shared/lottery.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { SETTLE_JOB } from './lottery-settlement.service.ts';

/** The module's recurring jobs in the order a journey needs them: draws exist, are drawn, then settle. */
const LOTTERY_JOBS = ['lottery.schedule', 'lottery.draw', SETTLE_JOB] as const;

/**
 * Browser journeys only (DEV_INBOX, like /dev/raffles/run-jobs; without it this path is unknown, 404): runs
 * the lottery jobs now through the job queue (so its lease still keeps a run single across processes), so a
 * journey need not wait for the schedule.
 */
export function lotteryDevRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/lottery/run-jobs',
      {
        schema: {
          tags: ['dev'],
          summary: 'DEV_INBOX only: run lottery.schedule, lottery.draw and lottery.settle now',
          response: { 200: lotteryRunJobsResponseSchema },
        },
      },
      async () => {
        const ran: string[] = [];
        for (const name of LOTTERY_JOBS) {
          try {
            if (await app.jobs.runNow(name)) ran.push(name);
          } catch (error) {
            // A part of the module that declares no such job (yet): the others still run.
            if (!(error instanceof Error && error.message.startsWith('no recurring job'))) throw error;
          }
        }
        return ok({ ran });
      },
    );
  };
}
