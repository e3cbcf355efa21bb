import {
  lotteryCreateGameBodySchema,
  lotteryDrawIdParams,
  lotteryGameCodeParams,
  lotteryOperatorDrawResponse,
  lotteryOperatorDrawsQuerySchema,
  lotteryOperatorDrawsResponse,
  lotteryOperatorGameResponse,
  lotteryOperatorGamesResponse,
  lotteryReasonBodySchema,
  lotteryUpdateGameBodySchema,
} from '@lotus/shared/lottery.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { LotteryOpsService } from './lottery-ops.service.ts';
import type { LotteryOperator } from './lottery-results.service.ts';

export const OPS_TAGS = ['back office'];
/** Who decides: the four-eyes rule compares the operators' usernames (the CLI names the same ones). */
export function lotteryOperatorOf(request: FastifyRequest): LotteryOperator {
  const operator = operatorOf(request);
  return {
    brandId: operator.brandId,
    operatorId: operator.operatorId,
    name: operator.username,
    ip: request.ip,
    via: 'api',
  };
}

/** The back office's lottery games and draws (`/wps/ops/lottery`; support reads, finance decides). */
export function lotteryOpsRoutes(service: LotteryOpsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/ops/lottery/games',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: OPS_TAGS,
          summary: "The brand's lottery games (enabled or not) with every setting",
          response: { 200: lotteryOperatorGamesResponse },
        },
      },
      async (request) => ok({ list: await service.games(operatorOf(request).brandId) }),
    );

    app.post(
      '/wps/ops/lottery/games',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: OPS_TAGS,
          summary: 'Creates a lottery game: a catalogue game under vendor LOTTO and its engine row',
          description:
            'The schedule job creates its draws within 30 s. Errors: lottery_game_code_taken 409, ' +
            'invalid_request 400 (variant of the family, unknown time zone, stakes), not_found 404 (no LOTTO vendor).',
          body: lotteryCreateGameBodySchema,
          response: { 200: lotteryOperatorGameResponse },
        },
      },
      async (request) => ok(await service.createGame(lotteryOperatorOf(request), request.body)),
    );

    app.post(
      '/wps/ops/lottery/games/:gameCode',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: OPS_TAGS,
          summary:
            "Changes a game's margin, limits, calendar or enabled flag (draws already made keep theirs)",
          description: 'Errors: lottery_game_not_found 404, invalid_request 400.',
          params: lotteryGameCodeParams,
          body: lotteryUpdateGameBodySchema,
          response: { 200: lotteryOperatorGameResponse },
        },
      },
      async (request) =>
        ok(await service.updateGame(lotteryOperatorOf(request), request.params.gameCode, request.body)),
    );

    app.get(
      '/wps/ops/lottery/games/:gameCode/draws',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: OPS_TAGS,
          summary: "A game's draws, newest first, with the stored status and the latest result entry",
          description: 'Errors: lottery_game_not_found 404.',
          params: lotteryGameCodeParams,
          querystring: lotteryOperatorDrawsQuerySchema,
          response: { 200: lotteryOperatorDrawsResponse },
        },
      },
      async (request) =>
        ok(await service.draws(operatorOf(request).brandId, request.params.gameCode, request.query)),
    );

    app.post(
      '/wps/ops/lottery/draws/:drawId/cancel',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: OPS_TAGS,
          summary: 'Cancels a scheduled (or result-entered) draw; the settlement job refunds its slips',
          description: 'Errors: lottery_draw_not_found 404, lottery_draw_not_cancellable 409.',
          params: lotteryDrawIdParams,
          body: lotteryReasonBodySchema,
          response: { 200: lotteryOperatorDrawResponse },
        },
      },
      async (request) =>
        ok(await service.cancel(lotteryOperatorOf(request), request.params.drawId, request.body.reason)),
    );
  };
}
