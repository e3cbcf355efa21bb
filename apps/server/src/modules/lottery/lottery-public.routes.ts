import {
  LOTTERY_API,
  lotteryDrawIdParams,
  lotteryDrawResponseSchema,
  lotteryGameCodeParams,
  lotteryGameResponseSchema,
  lotteryGamesQuerySchema,
  lotteryGamesResponseSchema,
  lotteryHistoryQuerySchema,
  lotteryHistoryResponseSchema,
  lotteryTrendsQuerySchema,
  lotteryTrendsResponseSchema,
} from '@lotus/shared/lottery.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { LotteryPublicService } from './lottery-public.service.ts';

const TAGS = ['lottery'];
const languageQuery = z.object({ language: z.string().max(8).optional() });
/** request.hostname honours X-Forwarded-Host only from trusted proxies (app.ts). */
export const lotteryViewer = (request: FastifyRequest, language?: string) => ({
  host: request.hostname || null,
  language,
});

/**
 * The lottery's public reads (docs/lottery.md "API", no login): the brand is the host's. A draw's seed is
 * shown only once it is drawn.
 */
export function lotteryPublicRoutes(service: LotteryPublicService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${LOTTERY_API}/games`,
      {
        schema: {
          tags: TAGS,
          summary: 'Every enabled lottery game with its next draw and last result',
          querystring: lotteryGamesQuerySchema,
          response: { 200: lotteryGamesResponseSchema },
        },
      },
      async (request) =>
        ok({
          list: await service.games(lotteryViewer(request, request.query.language), request.query.family),
        }),
    );

    app.get(
      `${LOTTERY_API}/games/:gameCode`,
      {
        schema: {
          tags: TAGS,
          summary:
            "One game: its next draw, last result, every bet type's odds at its margin, limits, currency",
          description: 'Errors: lottery_game_not_found 404.',
          params: lotteryGameCodeParams,
          querystring: languageQuery,
          response: { 200: lotteryGameResponseSchema },
        },
      },
      async (request) =>
        ok(await service.game(lotteryViewer(request, request.query.language), request.params.gameCode)),
    );

    app.get(
      `${LOTTERY_API}/games/:gameCode/draws`,
      {
        schema: {
          tags: TAGS,
          summary: "A game's result history (drawn, settled and cancelled draws), newest first",
          description: 'Errors: lottery_game_not_found 404.',
          params: lotteryGameCodeParams,
          querystring: lotteryHistoryQuerySchema,
          response: { 200: lotteryHistoryResponseSchema },
        },
      },
      async (request) =>
        ok(await service.history(lotteryViewer(request), request.params.gameCode, request.query)),
    );

    app.get(
      `${LOTTERY_API}/games/:gameCode/trends`,
      {
        schema: {
          tags: TAGS,
          summary: 'Trends over the last `sample` results: frequency, draws since last seen, hot and cold',
          description: 'Errors: lottery_game_not_found 404.',
          params: lotteryGameCodeParams,
          querystring: lotteryTrendsQuerySchema,
          response: { 200: lotteryTrendsResponseSchema },
        },
      },
      async (request) =>
        ok(await service.trends(lotteryViewer(request), request.params.gameCode, request.query.sample)),
    );

    app.get(
      `${LOTTERY_API}/draws/:drawId`,
      {
        schema: {
          tags: TAGS,
          summary: 'One draw: window, status, seed hash; the seed and result once drawn',
          description: 'Errors: lottery_draw_not_found 404.',
          params: lotteryDrawIdParams,
          response: { 200: lotteryDrawResponseSchema },
        },
      },
      async (request) => ok(await service.draw(lotteryViewer(request), request.params.drawId)),
    );
  };
}
