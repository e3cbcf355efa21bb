import { envelopeOf } from '@lotus/shared/envelope';
import { pointsEarnRunSchema } from '@lotus/shared/points.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { PointsEarnService } from './points-earn.service.ts';

/**
 * Browser journeys only (DEV_INBOX, like /dev/agents/settle-now; without it this path is unknown, 404): the
 * points journey plays a few rounds and cannot wait up to a minute for `points.earn`, so this runs the
 * same earn pass now (the job's next run then finds nothing new).
 */
export function pointsDevRoutes(earn: PointsEarnService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/points/earn-now',
      {
        schema: {
          tags: ['dev'],
          summary: 'DEV_INBOX only: run the points earn job now',
          response: { 200: envelopeOf(pointsEarnRunSchema) },
        },
      },
      async () => ok(await earn.run()),
    );
  };
}
