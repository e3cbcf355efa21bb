import { envelopeOf } from '@lotus/shared/envelope';
import { SPORTS, sportsEventIdSchema } from '@lotus/shared/sportsbook.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { SportsbookFeedService } from './sportsbook-feed.service.ts';
import type { SportsbookPublicService } from './sportsbook-public.service.ts';

const idSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
/** The book's recurring jobs in the order a journey needs them: fixtures exist, play, then bets settle. */
const SPORTS_JOBS = ['sports.fixtures', 'sports.feed', 'sports.settle'] as const;

/**
 * Browser journeys and tests only (DEV_INBOX, like /dev/lottery/run-jobs; without it these paths are
 * unknown, 404): play an event forward now, move a price, run the jobs, create an event now.
 */
export function sportsbookDevRoutes(
  feed: SportsbookFeedService,
  reads: SportsbookPublicService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/sportsbook/advance',
      {
        schema: {
          tags: ['dev'],
          summary: 'DEV_INBOX only: plays an event forward now (steps, default 1, or to its end)',
          body: z.strictObject({
            eventId: sportsEventIdSchema,
            steps: z.number().int().min(0).max(5000).optional(),
            toEnd: z.boolean().optional(),
          }),
          response: { 200: envelopeOf(z.object({ eventId: z.string(), status: z.string() })) },
        },
      },
      async (request) => {
        const { eventId, steps, toEnd } = request.body;
        const update = await feed.advanceEvent(
          BigInt(eventId),
          toEnd ? { toEnd: true } : { steps: steps ?? 1 },
        );
        return ok({ eventId, status: update.status ?? 'live' });
      },
    );

    app.post(
      '/dev/sportsbook/nudge',
      {
        schema: {
          tags: ['dev'],
          summary: "DEV_INBOX only: moves a market's first active price by a tick",
          body: z.strictObject({ marketId: idSchema }),
          response: {
            200: envelopeOf(
              z.object({ marketId: z.string(), selectionId: z.string(), oddsMilli: z.number().int() }),
            ),
          },
        },
      },
      async (request) => {
        const moved = await feed.nudge(BigInt(request.body.marketId));
        return ok({
          marketId: moved.marketId.toString(),
          selectionId: moved.selectionId.toString(),
          oddsMilli: moved.oddsMilli,
        });
      },
    );

    app.post(
      '/dev/sportsbook/run-jobs',
      {
        schema: {
          tags: ['dev'],
          summary: 'DEV_INBOX only: runs sports.fixtures, sports.feed and sports.settle now',
          response: { 200: envelopeOf(z.object({ ran: z.array(z.string()) })) },
        },
      },
      async () => {
        const ran: string[] = [];
        for (const name of SPORTS_JOBS) {
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

    app.post(
      '/dev/sportsbook/fixture',
      {
        schema: {
          tags: ['dev'],
          summary: "DEV_INBOX only: an event of the sport in the host's brand, in play now or in 30 minutes",
          body: z.strictObject({ sport: z.enum(SPORTS), inPlay: z.boolean().default(false) }),
          response: { 200: envelopeOf(z.object({ eventId: z.string() })) },
        },
      },
      async (request) => {
        const brand = await reads.brandOf(request.hostname || null);
        const eventId = await feed.devFixture(brand.id, request.body.sport, request.body.inPlay);
        return ok({ eventId: eventId.toString() });
      },
    );
  };
}
