import {
  grantRewardBodySchema,
  grantRewardResponse,
  rewardClaimResponse,
  rewardCountResponse,
  rewardIdParamsSchema,
  rewardListQuerySchema,
  rewardListResponse,
} from '@lotus/shared/rewards.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireReal } from '../../lib/actor.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { actorOf } from '../../plugins/auth.ts';
import { operatorActorOf } from '../../plugins/operator-auth.ts';
import type { RewardsService } from './rewards.service.ts';

const MEMBER_ERRORS = 'Errors: not_logged_in 401, in_need_true_account 403 (trial / type-4 accounts).';

const languageQuerySchema = z.object({
  language: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});

/** Reward centre calls (docs/api.md "Reward centre"): the member's tabs and claim, and the back office's grant. */
export function rewardsRoutes(service: RewardsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/member/rewards',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['rewards'],
          summary:
            "The member's rewards of one status (unclaimed | claimed | expired), newest first, 20 a page",
          description: MEMBER_ERRORS,
          querystring: rewardListQuerySchema,
          response: { 200: rewardListResponse },
        },
      },
      async (request) => ok(await service.list(actorOf(request), request.query)),
    );

    app.get(
      '/wps/member/rewards/count',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['rewards'],
          summary: 'How many rewards the member can claim now (SPEC §3 rewardCount, the menu badge)',
          description: MEMBER_ERRORS,
          response: { 200: rewardCountResponse },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        requireReal(actor);
        return ok({ unclaimedCount: await service.countUnclaimed(actor.memberId) });
      },
    );

    app.post(
      '/wps/member/rewards/:id/claim',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['rewards'],
          summary: "Claims one of the member's rewards into the main wallet (Idempotency-Key)",
          description:
            'One `reward` ledger entry (brand bonus → member main). Errors: idempotency_key_required 400, ' +
            'idempotency_key_reused 409, reward_not_found 404, reward_already_claimed 409, reward_expired 409. ' +
            MEMBER_ERRORS,
          params: rewardIdParamsSchema,
          querystring: languageQuerySchema,
          response: { 200: rewardClaimResponse },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        return ok(
          await service.claim(
            actorOf(request),
            BigInt(request.params.id),
            key,
            request.ip,
            request.query.language,
          ),
        );
      },
    );

    app.post(
      '/wps/ops/rewards',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Grants a member a reward to claim in the reward centre (Idempotency-Key)',
          description:
            'Body `{ username, titleEn, titleHi, amount (decimal string), expiresAt? (ISO, future) }`. Errors: ' +
            'amount_invalid 400, field_invalid 400, not_found 404, in_need_true_account 403, ' +
            'idempotency_key_required 400, idempotency_key_reused 409, operator_forbidden 403.',
          body: grantRewardBodySchema,
          response: { 200: grantRewardResponse },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        const { expiresAt, ...body } = request.body;
        return ok(
          await service.grant(
            operatorActorOf(request),
            { ...body, expiresAt: expiresAt === undefined ? null : new Date(expiresAt) },
            key,
          ),
        );
      },
    );
  };
}
