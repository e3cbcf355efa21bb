import {
  LOTTERY_LGW_PATHS,
  LOTTERY_POPULAR_COUNT,
  LOTTERY_VN_NUMBERS_COUNT,
  lotteryGamesResponseSchema,
  lotteryLgwQuerySchema,
  lotteryOpenedResponseSchema,
  lotteryVnMenuResponseSchema,
} from '@lotus/shared/lottery.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { lotteryViewer } from './lottery-public.routes.ts';
import type { LotteryPublicService } from './lottery-public.service.ts';

const TAGS = ['lottery'];
const QUERY =
  'Query (SPEC §7): prizeMode (Lott, ZY, Elott, SEA), device, language (names; English fallback), count.';

/** The SPEC §7 lgw paths (public, the envelope): the VN menus and the opened-number boards of the home page. */
export function lotteryLgwRoutes(service: LotteryPublicService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      LOTTERY_LGW_PATHS.vnMenu,
      {
        schema: {
          tags: TAGS,
          summary: 'VN lottery menu: regions (North, Central, South, Fast) and their games; lobby link',
          description: QUERY,
          querystring: lotteryLgwQuerySchema,
          response: { 200: lotteryVnMenuResponseSchema },
        },
      },
      async (request) => ok(await service.vnMenu(lotteryViewer(request, request.query.language))),
    );

    app.get(
      LOTTERY_LGW_PATHS.vnMenuRecent,
      {
        schema: {
          tags: TAGS,
          summary: 'VN games that have a result, the most recently drawn first',
          description: QUERY,
          querystring: lotteryLgwQuerySchema,
          response: { 200: lotteryGamesResponseSchema },
        },
      },
      async (request) =>
        ok({ list: await service.vnMenuRecent(lotteryViewer(request, request.query.language)) }),
    );

    app.get(
      LOTTERY_LGW_PATHS.vnNumbers,
      {
        schema: {
          tags: TAGS,
          summary: `Vietnam numbers: the latest opened VN results (count ≤ ${LOTTERY_VN_NUMBERS_COUNT}, default ${LOTTERY_VN_NUMBERS_COUNT})`,
          description: QUERY,
          querystring: lotteryLgwQuerySchema,
          response: { 200: lotteryOpenedResponseSchema },
        },
      },
      async (request) =>
        ok({
          list: await service.vnNumbers(
            lotteryViewer(request, request.query.language),
            request.query.count ?? LOTTERY_VN_NUMBERS_COUNT,
          ),
        }),
    );

    app.get(
      LOTTERY_LGW_PATHS.popular,
      {
        schema: {
          tags: TAGS,
          summary: `Popular lottery: the latest opened result of every game of the prize mode (count ≤ ${LOTTERY_POPULAR_COUNT}; more is cut to ${LOTTERY_POPULAR_COUNT})`,
          description: `${QUERY} SEA → the SEA games, Elott → the e-lottery (ELOTT), Lott / ZY → the rest; none → every game.`,
          querystring: lotteryLgwQuerySchema,
          response: { 200: lotteryOpenedResponseSchema },
        },
      },
      async (request) =>
        ok({
          list: await service.popular(
            lotteryViewer(request, request.query.language),
            request.query.prizeMode,
            request.query.count ?? LOTTERY_POPULAR_COUNT,
          ),
        }),
    );
  };
}
