import {
  lotteryDrawIdParams,
  lotteryImportBodySchema,
  lotteryImportResponse,
  lotteryOperatorDrawResponse,
  lotteryReasonBodySchema,
  lotteryResultBodySchema,
} from '@lotus/shared/lottery.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { lotteryOperatorOf, OPS_TAGS } from './lottery-ops.routes.ts';
import type { LotteryResultsService } from './lottery-results.service.ts';

const FOUR_EYES = 'A second operator (another username) must confirm or reject an entered result.';

/** External results with four eyes (`/wps/ops/lottery/draws/:drawId/result…`, file import). */
export function lotteryResultsRoutes(service: LotteryResultsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/wps/ops/lottery/draws/:drawId/result',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: OPS_TAGS,
          summary:
            "Enters an external draw's official result (after its time); it waits for a second operator",
          description: `${FOUR_EYES} Errors: lottery_draw_not_found 404, lottery_result_not_pending 409 (in-house, not yet due, or already entered), lottery_result_invalid 400.`,
          params: lotteryDrawIdParams,
          body: lotteryResultBodySchema,
          response: { 200: lotteryOperatorDrawResponse },
        },
      },
      async (request) =>
        ok(await service.enter(lotteryOperatorOf(request), request.params.drawId, request.body.result)),
    );

    app.post(
      '/wps/ops/lottery/draws/:drawId/result/confirm',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: OPS_TAGS,
          summary: 'Confirms the pending result: the draw is drawn with it (settlement follows)',
          description: `${FOUR_EYES} Errors: lottery_draw_not_found 404, lottery_result_not_pending 409, lottery_four_eyes 409.`,
          params: lotteryDrawIdParams,
          response: { 200: lotteryOperatorDrawResponse },
        },
      },
      async (request) => ok(await service.confirm(lotteryOperatorOf(request), request.params.drawId)),
    );

    app.post(
      '/wps/ops/lottery/draws/:drawId/result/reject',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: OPS_TAGS,
          summary: 'Rejects the pending result (reason): the draw takes a new entry',
          description: `${FOUR_EYES} Errors: lottery_draw_not_found 404, lottery_result_not_pending 409, lottery_four_eyes 409.`,
          params: lotteryDrawIdParams,
          body: lotteryReasonBodySchema,
          response: { 200: lotteryOperatorDrawResponse },
        },
      },
      async (request) =>
        ok(await service.reject(lotteryOperatorOf(request), request.params.drawId, request.body.reason)),
    );

    app.post(
      '/wps/ops/lottery/results/import',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: OPS_TAGS,
          summary: 'Imports a results file: each `{ drawId, result }` entered pending (all or none)',
          description: `${FOUR_EYES} The first refused entry refuses the file; its details name the drawId. Errors as the single entry.`,
          body: lotteryImportBodySchema,
          response: { 200: lotteryImportResponse },
        },
      },
      async (request) => ok({ list: await service.importFile(lotteryOperatorOf(request), request.body) }),
    );
  };
}
