import {
  createJackpotBody,
  jackpotCodeParams,
  jackpotsResponse,
  operatorJackpotContributionsResponse,
  operatorJackpotResponse,
  operatorJackpotsResponse,
  operatorJackpotWinsResponse,
  updateJackpotBody,
} from '@lotus/shared/jackpot.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { JackpotService } from './jackpot.service.ts';

const TAGS = ['jackpot'];

/**
 * Progressive jackpots (issue 19; docs/jackpot.md). Public: the brand's active jackpots with their pots (the
 * home counter's first value; later values come over the realtime socket). Back office under
 * `/wps/ops/jackpots`: support and finance read, an admin creates and configures.
 */
export function jackpotRoutes(deps: {
  service: JackpotService;
  brandIdOf: (host: string) => Promise<bigint>;
}): FastifyPluginAsyncZod {
  const { service, brandIdOf } = deps;
  return async (app) => {
    app.get(
      '/wps/jackpots',
      {
        schema: {
          tags: TAGS,
          summary:
            "The brand's active jackpots: the pot shown (posted balance + contributions not posted yet)",
          response: { 200: jackpotsResponse },
        },
      },
      async (request) => ok({ list: await service.list(await brandIdOf(request.hostname)) }),
    );

    app.get(
      '/wps/ops/jackpots',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: TAGS,
          summary: "Back office: the brand's jackpots with pot, contributions, fundings and wins",
          response: { 200: operatorJackpotsResponse },
        },
      },
      async (request) => ok({ list: await service.operatorList(operatorOf(request).brandId) }),
    );
    app.post(
      '/wps/ops/jackpots',
      {
        config: { operator: [] },
        schema: {
          tags: TAGS,
          summary: 'Back office (admin): create a jackpot; its seed moves house → pot',
          description:
            'Errors: jackpot_code_taken 409, jackpot_game_invalid 400 (not an in-house game of the brand), jackpot_game_taken 409, invalid_request 400.',
          body: createJackpotBody,
          response: { 200: operatorJackpotResponse },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        return ok(await service.create(operator.brandId, request.body, `operator:${operator.operatorId}`));
      },
    );
    app.get(
      '/wps/ops/jackpots/:code',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: TAGS,
          summary: 'Back office: one jackpot',
          description: 'Errors: jackpot_not_found 404.',
          params: jackpotCodeParams,
          response: { 200: operatorJackpotResponse },
        },
      },
      async (request) => ok(await service.operatorGet(operatorOf(request).brandId, request.params.code)),
    );
    app.patch(
      '/wps/ops/jackpots/:code',
      {
        config: { operator: [] },
        schema: {
          tags: TAGS,
          summary: "Back office (admin): change a jackpot's settings (new rounds use them)",
          description:
            'Errors: jackpot_not_found 404, jackpot_game_invalid 400, jackpot_game_taken 409, invalid_request 400.',
          params: jackpotCodeParams,
          body: updateJackpotBody,
          response: { 200: operatorJackpotResponse },
        },
      },
      async (request) =>
        ok(await service.update(operatorOf(request).brandId, request.params.code, request.body)),
    );
    app.get(
      '/wps/ops/jackpots/:code/contributions',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: TAGS,
          summary: "Back office: the jackpot's latest contributions (50), posted or waiting for the job",
          description: 'Errors: jackpot_not_found 404.',
          params: jackpotCodeParams,
          response: { 200: operatorJackpotContributionsResponse },
        },
      },
      async (request) =>
        ok({ list: await service.contributions(operatorOf(request).brandId, request.params.code) }),
    );
    app.get(
      '/wps/ops/jackpots/:code/wins',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: TAGS,
          summary: "Back office: the jackpot's latest wins (50)",
          description: 'Errors: jackpot_not_found 404.',
          params: jackpotCodeParams,
          response: { 200: operatorJackpotWinsResponse },
        },
      },
      async (request) => ok({ list: await service.wins(operatorOf(request).brandId, request.params.code) }),
    );
  };
}
