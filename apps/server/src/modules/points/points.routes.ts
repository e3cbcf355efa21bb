import { envelopeOf } from '@lotus/shared/envelope';
import {
  convertPointPayloadSchema,
  operatorPointConfigBody,
  operatorPointRewardBody,
  operatorPointRewardPatch,
  operatorRedemptionResponse,
  operatorRedemptionsQuery,
  operatorRedemptionsResponse,
  operatorRejectBody,
  pointBalanceResponse,
  pointConfigResponse,
  pointIdParams,
  pointRewardListResponse,
  pointRewardQuerySchema,
  pointRewardResponse,
  pointsMoveResponse,
  redeemPointListQuerySchema,
  redeemPointListResponse,
  redeemPointPayloadSchema,
} from '@lotus/shared/points.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { sealedBody } from '../../lib/sealed-body.ts';
import { actorOf, requireIdempotencyKey, requireRealActor } from '../../plugins/auth.ts';
import { operatorActorOf, operatorOf } from '../../plugins/operator-auth.ts';
import type { OperatorPointsService } from './operator-points.service.ts';
import type { PointsService } from './points.service.ts';

const TAGS = ['points'];
const MEMBER_ERRORS = 'Errors: not_logged_in 401, in_need_true_account 403 (trial / type-4 accounts).';
const PASSWORD_ERRORS =
  'withdraw_password_not_set 422, withdraw_password_error 403, withdraw_password_locked 423, ' +
  'idempotency_key_required 400, idempotency_key_reused 409, points_insufficient 409';

const redeemBody = sealedBody(
  redeemPointPayloadSchema,
  '{ rewardId, quantity, receivingAddress, mobile, withdrawPassword, language? }',
);
const convertBody = sealedBody(convertPointPayloadSchema, '{ points, withdrawPassword }');

/**
 * Points and the points mall (issue 19; docs/points.md): SPEC §7's points calls — balance, config, rewards,
 * the redemption history, and the two password-checked moves (sealed bodies, Idempotency-Key) — and the
 * back office's side under `/wps/ops/points`. `ODSFE2_MemTransDet` (the wallet module's account record)
 * shows the cash a conversion or a cash voucher paid, as type `points`.
 */
export function pointsRoutes(deps: {
  points: PointsService;
  operators: OperatorPointsService;
  /** The brand of the request's host (the public calls: config and rewards). */
  brandOf: (host: string) => Promise<bigint>;
}): FastifyPluginAsyncZod {
  const { points, operators, brandOf } = deps;
  return async (app) => {
    app.post(
      '/wps/relay/MCS2_getPointBalance',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: "The member's points (whole points; they never expire, SPEC §9)",
          description: MEMBER_ERRORS,
          response: { 200: pointBalanceResponse },
        },
      },
      async (request) => ok(await points.balance(actorOf(request))),
    );

    app.post(
      '/wps/relay/MCS2_getPointConfig',
      {
        schema: {
          tags: TAGS,
          summary:
            "How points are earned (points per valid turnover, by game type) and what a conversion pays (the host's brand)",
          response: { 200: pointConfigResponse },
        },
      },
      async (request) => ok(await points.config(await brandOf(request.hostname))),
    );

    app.post(
      '/wps/relay/MCS2_getPointReward',
      {
        schema: {
          tags: TAGS,
          summary:
            "The mall's rewards (goods and cash vouchers) with price in points and stock (the host's brand)",
          body: pointRewardQuerySchema,
          response: { 200: pointRewardListResponse },
        },
      },
      async (request) => ok(await points.rewards(await brandOf(request.hostname), request.body?.language)),
    );

    app.post(
      '/wps/relay/MCS2_getRedeemPointList',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: "The member's redemptions and conversions, newest first (SPEC §4 statuses), 20 a page",
          description: MEMBER_ERRORS,
          body: redeemPointListQuerySchema,
          response: { 200: redeemPointListResponse },
        },
      },
      async (request) => ok(await points.history(actorOf(request), request.body ?? { page: 1 })),
    );

    app.post(
      '/wps/relay/passwordCheck/MCS2_redeemPointReward',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: 'Redeems a mall reward (sealed; withdraw password, receiving address, own mobile number)',
          description:
            `Goods: in_process until an operator approves or rejects; cash vouchers: redeemed at once. Errors: ${PASSWORD_ERRORS}, ` +
            'points_reward_not_found 404, points_out_of_stock 409, points_address_required 400, ' +
            `points_mobile_not_bound 409, points_mobile_mismatch 400. ${MEMBER_ERRORS}`,
          body: redeemBody.schema,
          response: { 200: pointsMoveResponse },
        },
        preHandler: [requireIdempotencyKey, requireRealActor, redeemBody.open],
      },
      async (request) =>
        ok(
          await points.redeem(
            actorOf(request),
            redeemBody.of(request),
            idempotencyKeyOf(request),
            request.ip,
          ),
        ),
    );

    app.post(
      '/wps/relay/passwordCheck/MCS2_convertPoint',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: 'Converts points to cash at the brand rate (sealed { points, withdrawPassword })',
          description: `Errors: ${PASSWORD_ERRORS}, points_convert_unavailable 409, points_convert_invalid 400. ${MEMBER_ERRORS}`,
          body: convertBody.schema,
          response: { 200: pointsMoveResponse },
        },
        preHandler: [requireIdempotencyKey, requireRealActor, convertBody.open],
      },
      async (request) =>
        ok(
          await points.convert(
            actorOf(request),
            convertBody.of(request),
            idempotencyKeyOf(request),
            request.ip,
          ),
        ),
    );

    // ---- back office ----

    app.get(
      '/wps/ops/points/config',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: "The brand's points config",
          response: { 200: pointConfigResponse },
        },
      },
      async (request) => ok(await points.config(operatorOf(request).brandId)),
    );

    app.put(
      '/wps/ops/points/config',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Sets the earning rates per game type and the conversion (audited)',
          description: 'Errors: points_config_invalid 400, operator_forbidden 403.',
          body: operatorPointConfigBody,
          response: { 200: pointConfigResponse },
        },
      },
      async (request) => ok(await operators.setConfig(operatorActorOf(request), request.body)),
    );

    app.get(
      '/wps/ops/points/rewards',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: "The mall's rewards, disabled ones too",
          response: { 200: envelopeOf(z.object({ list: z.array(pointRewardResponse.shape.value) })) },
        },
      },
      async (request) => ok({ list: await operators.rewards(operatorOf(request).brandId) }),
    );

    app.post(
      '/wps/ops/points/rewards',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Adds a mall reward (goods or a cash voucher) with its stock (audited)',
          description: 'Errors: points_config_invalid 400, operator_forbidden 403.',
          body: operatorPointRewardBody,
          response: { 200: pointRewardResponse },
        },
      },
      async (request) => ok(await operators.createReward(operatorActorOf(request), request.body)),
    );

    app.patch(
      '/wps/ops/points/rewards/:id',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Edits a mall reward: names, image, price, cash, stock, enabled, order (audited)',
          description:
            'Errors: points_reward_not_found 404, points_config_invalid 400, operator_forbidden 403.',
          params: pointIdParams,
          body: operatorPointRewardPatch,
          response: { 200: pointRewardResponse },
        },
      },
      async (request) =>
        ok(await operators.editReward(operatorActorOf(request), BigInt(request.params.id), request.body)),
    );

    app.get(
      '/wps/ops/points/redemptions',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: "The brand's redemptions of a status, newest first, 20 a page",
          querystring: operatorRedemptionsQuery,
          response: { 200: operatorRedemptionsResponse },
        },
      },
      async (request) => ok(await operators.redemptions(operatorOf(request).brandId, request.query)),
    );

    for (const action of ['approve', 'redeemed'] as const) {
      app.post(
        `/wps/ops/points/redemptions/:id/${action}`,
        {
          config: { operator: ['support', 'finance'] },
          schema: {
            tags: ['back office'],
            summary:
              action === 'approve'
                ? 'Approves a goods redemption in process (audited)'
                : 'Marks an approved goods redemption redeemed, i.e. shipped (audited)',
            description: 'Errors: points_redemption_not_found 404, points_redemption_state 409.',
            params: pointIdParams,
            response: { 200: operatorRedemptionResponse },
          },
        },
        async (request) => {
          const id = BigInt(request.params.id);
          const operator = operatorActorOf(request);
          return ok(
            action === 'approve'
              ? await operators.approve(operator, id)
              : await operators.markRedeemed(operator, id),
          );
        },
      );
    }

    app.post(
      '/wps/ops/points/redemptions/:id/reject',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary:
            'Rejects a goods redemption in process: the points come back (a reversal) and the stock (audited)',
          description: 'Errors: points_redemption_not_found 404, points_redemption_state 409.',
          params: pointIdParams,
          body: operatorRejectBody,
          response: { 200: operatorRedemptionResponse },
        },
      },
      async (request) =>
        ok(await operators.reject(operatorActorOf(request), BigInt(request.params.id), request.body.reason)),
    );
  };
}
