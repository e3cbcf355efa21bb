import {
  SPORTSBOOK_API,
  sportsEventParams,
  sportsEventResponseSchema,
  sportsEventsQuerySchema,
  sportsEventsResponseSchema,
  sportsResultsQuerySchema,
  sportsResultsResponseSchema,
} from '@lotus/shared/sportsbook.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { SportsbookPublicService } from './sportsbook-public.service.ts';

const TAGS = ['sportsbook'];

/**
 * The sportsbook's public reads (docs/sportsbook.md "Pages", no login): the brand is the host's
 * (request.hostname honours X-Forwarded-Host only from trusted proxies, app.ts).
 */
export function sportsbookPublicRoutes(service: SportsbookPublicService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${SPORTSBOOK_API}/events`,
      {
        schema: {
          tags: TAGS,
          summary: "The lobby: a group's events (live first, then by start) with their main market",
          querystring: sportsEventsQuerySchema,
          response: { 200: sportsEventsResponseSchema },
        },
      },
      async (request) => ok(await service.events(request.hostname || null, request.query)),
    );

    app.get(
      `${SPORTSBOOK_API}/results`,
      {
        schema: {
          tags: TAGS,
          summary: "The latest results: a group's finished events (resulted or cancelled), newest first",
          description: "Each with its main market and its selections' outcomes. Errors: invalid_request 400.",
          querystring: sportsResultsQuerySchema,
          response: { 200: sportsResultsResponseSchema },
        },
      },
      async (request) => ok(await service.results(request.hostname || null, request.query)),
    );

    app.get(
      `${SPORTSBOOK_API}/events/:eventId`,
      {
        schema: {
          tags: TAGS,
          summary: 'One event: every market with its selections, the score and the timeline',
          description: 'Errors: sportsbook_event_not_found 404.',
          params: sportsEventParams,
          response: { 200: sportsEventResponseSchema },
        },
      },
      async (request) => ok(await service.event(request.hostname || null, BigInt(request.params.eventId))),
    );
  };
}
