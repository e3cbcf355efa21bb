import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@lotus/shared/constants';
import {
  applicationIdParams,
  applicationImageParams,
  applyResponse,
  bonusIdParams,
  createdPromotionResponse,
  createPromotionBodySchema,
  forfeitResponse,
  languageQuerySchema,
  myApplicationsResponse,
  myBonusesResponse,
  myPromotionsResponse,
  opsApplicationsQuerySchema,
  opsApplicationsResponse,
  opsDecisionResponse,
  opsRejectBodySchema,
  opsUsernameParams,
  opsWageringResponse,
  PROMOTION_IMAGE_FIELD,
  promotionCodeParamsSchema,
  promotionIdParams,
  promotionRulesResponse,
  setPromotionRulesBodySchema,
} from '@lotus/shared/promotion-engine.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { readMultipartForm, registerMultipartForm, sendPrivateImage } from '../../lib/multipart-form.ts';
import { actorOf } from '../../plugins/auth.ts';
import { operatorActorOf } from '../../plugins/operator-auth.ts';
import type { ApplicationForm, PromotionEngineService } from './promotion-engine.service.ts';
import type { PromotionReviewService } from './promotion-review.service.ts';

const TAGS = ['promotions'];
const MEMBER_ERRORS = 'Errors: not_logged_in 401, in_need_true_account 403 (trial / type-4 accounts).';
const KEY_ERRORS = 'idempotency_key_required 400, idempotency_key_reused 409';

/** A JSON body of a promotion without the form (join): nothing, or `{ remark }` left empty. */
const jsonApplySchema = z.strictObject({ remark: z.string().max(2000).optional() }).optional();

/** The application form: multipart (remark + `images`), or JSON / nothing for a join. */
async function readApplication(request: FastifyRequest): Promise<ApplicationForm> {
  if (request.isMultipart()) {
    const { fields, files } = await readMultipartForm(request, {
      fileField: PROMOTION_IMAGE_FIELD,
      label: 'promotion application',
      onTruncated: () => new AppError('promotion_remark_too_long'),
    });
    for (const name of Object.keys(fields)) {
      if (name !== 'remark') throw new AppError('invalid_request', { message: `unknown field ${name}` });
    }
    return { remark: fields.remark ?? null, images: files };
  }
  const parsed = jsonApplySchema.safeParse(request.body ?? undefined);
  if (!parsed.success) throw new AppError('invalid_request');
  return { remark: parsed.data?.remark ?? null, images: [] };
}

/**
 * The promotion engine's calls (docs/api.md "Promotion engine"): the public rules, the member's statuses,
 * apply / join (multipart with the SPEC §5 form), claim, applications, bonuses and forfeit; the back office's
 * rules, review and wagering state under `/wps/ops/`.
 */
export function promotionEngineRoutes(deps: {
  engine: PromotionEngineService;
  review: PromotionReviewService;
}): FastifyPluginAsyncZod {
  const { engine, review } = deps;
  return async (app) => {
    // Multipart is parsed in this plugin's scope only (the apply form): 1 text field, 3 files of ≤ 5 MB.
    await registerMultipartForm(app, {
      fieldSize: 2048,
      fields: 2,
      files: UPLOAD_MAX_FILES,
      fileSize: UPLOAD_MAX_BYTES,
    });

    app.get(
      '/wps/promotions/:id/rules',
      {
        schema: {
          tags: TAGS,
          summary: "A promotion's rules: eligibility, award, wagering (null when it has none)",
          description: 'Errors: promotion_not_found 404.',
          params: promotionIdParams,
          response: { 200: promotionRulesResponse },
        },
      },
      async (request) => ok(await engine.publicRules(BigInt(request.params.id))),
    );

    app.get(
      '/wps/member/promotions',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: "Every active promotion with the member's SPEC §4 activity status",
          description: MEMBER_ERRORS,
          response: { 200: myPromotionsResponse },
        },
      },
      async (request) => ok(await engine.myPromotions(actorOf(request))),
    );

    app.post(
      '/wps/member/promotions/:id/apply',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: 'Apply for (form) or join a promotion (Idempotency-Key; multipart/form-data or JSON)',
          description:
            'Multipart fields: `remark` (≤ 140 characters) and 0–3 files in `images` (PNG or JPEG by content, ' +
            '≤ 5 MB each), only when the promotion has the form. Automatic promotions are issued at once when ' +
            'eligible (one `promotion_bonus` entry), or `joined` when only a deposit is missing. Errors: ' +
            'promotion_not_found 404, promotion_not_open 409, promotion_not_eligible 409 (value.reason), ' +
            'promotion_already_applied 409, promotion_remark_too_long 400, upload_too_many 400, upload_too_large ' +
            `413, upload_type 415, ${KEY_ERRORS}. ${MEMBER_ERRORS}`,
          consumes: ['multipart/form-data', 'application/json'],
          params: promotionIdParams,
          querystring: languageQuerySchema,
          response: { 200: applyResponse },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        const actor = actorOf(request);
        const form = await readApplication(request);
        return ok(
          await engine.apply(actor, BigInt(request.params.id), key, form, request.ip, request.query.language),
        );
      },
    );

    app.post(
      '/wps/member/promotions/:id/claim',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: 'Claims a joined promotion once its qualifying deposit is made: the bonus is issued',
          description: `Errors: promotion_not_claimable 409, promotion_not_eligible 409, ${KEY_ERRORS}. ${MEMBER_ERRORS}`,
          params: promotionIdParams,
          querystring: languageQuerySchema,
          response: { 200: applyResponse },
        },
      },
      async (request) =>
        ok(
          await engine.claim(
            actorOf(request),
            BigInt(request.params.id),
            idempotencyKeyOf(request),
            request.ip,
            request.query.language,
          ),
        ),
    );

    app.get(
      '/wps/member/promotions/applications',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: "The member's applications, newest first",
          description: MEMBER_ERRORS,
          querystring: languageQuerySchema,
          response: { 200: myApplicationsResponse },
        },
      },
      async (request) => ok(await engine.applications(actorOf(request), request.query.language)),
    );

    app.get(
      '/wps/member/bonuses',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: "The member's bonuses with their wagering progress, and what the open ones lock",
          description: MEMBER_ERRORS,
          querystring: languageQuerySchema,
          response: { 200: myBonusesResponse },
        },
      },
      async (request) => ok(await engine.bonuses(actorOf(request), request.query.language)),
    );

    app.post(
      '/wps/member/bonuses/:id/forfeit',
      {
        config: { auth: 'required' },
        schema: {
          tags: TAGS,
          summary: 'Forfeits an open bonus: min(bonus, main balance) goes back, withdrawals are free again',
          description: `Errors: bonus_not_found 404, bonus_not_open 409, insufficient_funds 409, ${KEY_ERRORS}. ${MEMBER_ERRORS}`,
          params: bonusIdParams,
          querystring: languageQuerySchema,
          response: { 200: forfeitResponse },
        },
      },
      async (request) =>
        ok(
          await engine.forfeit(
            actorOf(request),
            BigInt(request.params.id),
            idempotencyKeyOf(request),
            request.ip,
            request.query.language,
          ),
        ),
    );

    // --- back office ----------------------------------------------------------------------------------

    app.post(
      '/wps/ops/promotions',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: "Creates a promotion of the operator's brand, with its rules if given; audited",
          description:
            'Errors: promotion_code_taken 409, promotion_rules_invalid 400, invalid_request 400, operator_forbidden 403.',
          body: createPromotionBodySchema,
          response: { 200: createdPromotionResponse },
        },
      },
      async (request) => ok(await review.createPromotion(operatorActorOf(request), request.body)),
    );

    app.put(
      '/wps/ops/promotions/:code/rules',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: "Sets a promotion's rules (eligibility, award, wagering); audited",
          description:
            'Errors: promotion_not_found 404, promotion_rules_invalid 400, operator_forbidden 403.',
          params: promotionCodeParamsSchema,
          body: setPromotionRulesBodySchema,
          response: { 200: promotionRulesResponse },
        },
      },
      async (request) =>
        ok(await review.setRules(operatorActorOf(request), request.params.code, request.body)),
    );

    app.get(
      '/wps/ops/promotions/applications',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Applications of a status (default pending), oldest first',
          querystring: opsApplicationsQuerySchema,
          response: { 200: opsApplicationsResponse },
        },
      },
      async (request) =>
        ok(await review.applications(operatorActorOf(request).brandId, request.query.status)),
    );

    app.get(
      '/wps/ops/promotions/applications/:id/images/:position',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: "One of an application's pictures (1–3), as sent (cleaned); private, never cached",
          description: 'Errors: not_found 404.',
          params: applicationImageParams,
        },
      },
      async (request, reply) =>
        sendPrivateImage(
          reply,
          await review.image(
            operatorActorOf(request).brandId,
            BigInt(request.params.id),
            request.params.position,
          ),
        ),
    );

    app.post(
      '/wps/ops/promotions/applications/:id/approve',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Approves a pending application: its bonus is issued; audited',
          description:
            'Errors: application_not_found 404, application_not_pending 409, promotion_not_eligible 409.',
          params: applicationIdParams,
          response: { 200: opsDecisionResponse },
        },
      },
      async (request) => ok(await review.approve(operatorActorOf(request), BigInt(request.params.id))),
    );

    app.post(
      '/wps/ops/promotions/applications/:id/reject',
      {
        config: { operator: ['finance'] },
        schema: {
          tags: ['back office'],
          summary: 'Rejects a pending application with a reason; audited',
          description: 'Errors: application_not_found 404, application_not_pending 409, reason_required 400.',
          params: applicationIdParams,
          body: opsRejectBodySchema,
          response: { 200: opsDecisionResponse },
        },
      },
      async (request) =>
        ok(await review.reject(operatorActorOf(request), BigInt(request.params.id), request.body.reason)),
    );

    app.get(
      '/wps/ops/members/:username/bonuses',
      {
        config: { operator: ['support', 'finance'] },
        schema: {
          tags: ['back office'],
          summary: "A member's bonuses, wagering progress and what the open ones lock",
          description: 'Errors: not_found 404.',
          params: opsUsernameParams,
          response: { 200: opsWageringResponse },
        },
      },
      async (request) => ok(await review.wagering(operatorActorOf(request).brandId, request.params.username)),
    );
  };
}
