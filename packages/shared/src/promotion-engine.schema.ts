import { z } from 'zod';
import { ACTIVITY_REMARK_MAX } from './constants.ts';
import { PROMOTION_CATEGORIES, PROMOTION_TAGS } from './content-vocabulary.ts';
import { envelopeOf } from './envelope.ts';
import { GAME_TYPES } from './game-types.ts';
import { multiLineText, singleLineText } from './text.ts';

/**
 * The promotion engine (issue 19; docs/promotion-engine.md): a promotion's rules (eligibility, award,
 * wagering), the member's applications and bonuses, and the back office's review. Money travels as strings:
 * `…Minor` in minor units, the plain name the same with two decimals.
 */

const minorString = z.string().regex(/^[0-9]+$/);
const decimalString = z.string().regex(/^[0-9]+\.[0-9]{2}$/);
const idString = z.string().regex(/^[1-9][0-9]{0,18}$/);
const freeRoundGameCode = z.string().regex(/^[a-z0-9-]{1,40}$/);

/** SPEC §5: an activity remark is at most 140 characters. */
export const PROMOTION_REMARK_MAX = ACTIVITY_REMARK_MAX;
/** The form's file field (up to UPLOAD_MAX_FILES pictures, PNG/JPEG, ≤ UPLOAD_MAX_BYTES each). */
export const PROMOTION_IMAGE_FIELD = 'images';

/**
 * SPEC §4 activity statuses as the member sees a promotion: `apply` (a form) / `join` (no form) can be
 * asked; `applying` (form sent) / `processing` (joined, no form) wait for an operator; `joined` (signed up,
 * waiting for a qualifying deposit), then `claim` once there is one; `issued` (approved by the server or an
 * operator) / `claimed` (issued by the member's claim); `rejected`; `closed`, `coming_soon` by the date
 * window; `none`: a promotion without rules (content only, nothing to apply for).
 */
export const ACTIVITY_STATUSES = [
  'apply',
  'join',
  'applying',
  'processing',
  'joined',
  'claim',
  'issued',
  'claimed',
  'rejected',
  'closed',
  'coming_soon',
  'none',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export const APPLICATION_STATUSES = ['joined', 'pending', 'issued', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const BONUS_STATUSES = ['open', 'completed', 'forfeited'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/** Why a member is not eligible (`promotion_not_eligible`'s `value.reason`). */
export const INELIGIBLE_REASONS = [
  'new_players',
  'deposit_count',
  'vip_level',
  'qualifying_deposit',
] as const;
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number];

const gameTypeSchema = z.enum([...GAME_TYPES, 'OTHER']);

/** A game type's weight: the percentage of a stake there that counts toward wagering (0 < w ≤ 100). */
export const wageringWeightSchema = z.object({
  gameType: gameTypeSchema,
  percent: z.number().int().min(1).max(100),
});

/** A promotion's rules as a player reads them (the detail page) and an operator writes them. */
export const promotionRulesSchema = z.object({
  approval: z.enum(['auto', 'manual']),
  /** The application form (remark ≤ 140, up to 3 pictures); without it, applying is "join". */
  hasForm: z.boolean(),
  /** Only members registered at most this many days before applying. */
  newPlayersDays: z.number().int().min(1).max(3650).nullable(),
  /** At least this many approved deposits before applying. */
  minDepositCount: z.number().int().min(0).max(1000),
  minVipLevel: z.number().int().min(0).max(100),
  /** The deposit a percentage award is of: the member's first approved deposit, or the latest one. */
  qualifyingDeposit: z.enum(['first', 'latest']).nullable(),
  /** The qualifying deposit must be at least this much (decimal string). */
  minDeposit: decimalString,
  award: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('fixed'), amount: decimalString }),
    z.object({
      kind: z.literal('deposit_percent'),
      /** Percent of the qualifying deposit, up to two decimals ("100.00"). */
      percent: z.string().regex(/^[0-9]{1,4}(\.[0-9]{1,2})?$/),
      cap: decimalString,
    }),
    z.object({
      kind: z.literal('free_rounds'),
      /** An in-house slot (packages/games INHOUSE_GAMES). */
      gameCode: freeRoundGameCode,
      rounds: z.number().int().min(1).max(1000),
      /** The fixed stake of each round: one of the slot's bets. */
      stake: decimalString,
    }),
  ]),
  wagering: z.object({
    /** Turnover required = multiple × the bonus. 0: no requirement. */
    multiple: z.number().int().min(0).max(200),
    weights: z.array(wageringWeightSchema).max(20),
  }),
});
export type PromotionRules = z.infer<typeof promotionRulesSchema>;

export const promotionRulesResponse = envelopeOf(z.object({ rules: promotionRulesSchema.nullable() }));

/** Operator's body: the rules, with amounts as decimal strings that may have fewer decimals. */
const looseDecimal = z.string().regex(/^[0-9]{1,13}(\.[0-9]{1,2})?$/);
export const setPromotionRulesBodySchema = promotionRulesSchema.extend({
  minDeposit: looseDecimal,
  award: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('fixed'), amount: looseDecimal }),
    z.object({
      kind: z.literal('deposit_percent'),
      percent: z.string().regex(/^[0-9]{1,4}(\.[0-9]{1,2})?$/),
      cap: looseDecimal,
    }),
    z.object({
      kind: z.literal('free_rounds'),
      gameCode: freeRoundGameCode,
      rounds: z.number().int().min(1).max(1000),
      stake: looseDecimal,
    }),
  ]),
});
export type SetPromotionRulesBody = z.infer<typeof setPromotionRulesBodySchema>;

/**
 * `POST /wps/ops/promotions` (back office) and `promotion:create` (CLI): a new promotion of the caller's brand
 * — the content players see on /promotions and /promoDetail — with its rules in the same step if given.
 * Texts are plain (the body's paragraphs are escaped and wrapped by the server), so an operator's typing can
 * never become markup on the player's page.
 */
export const createPromotionBodySchema = z.object({
  code: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(60),
  category: z.enum(PROMOTION_CATEGORIES),
  tags: z.array(z.enum(PROMOTION_TAGS)).max(PROMOTION_TAGS.length).default([]),
  titleEn: singleLineText().min(1).max(120),
  titleHi: singleLineText().min(1).max(120),
  summaryEn: singleLineText().min(1).max(300),
  summaryHi: singleLineText().min(1).max(300),
  bodyEn: multiLineText().min(1).max(5000),
  bodyHi: multiLineText().min(1).max(5000),
  /** An https address or a path on the site (no other scheme can reach the page). */
  imageUrl: z
    .string()
    .regex(/^(https:\/\/|\/)[^\s"'<>]*$/)
    .max(2048)
    .nullable()
    .default(null),
  startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  sort: z.number().int().min(-1000).max(1000).default(0),
  rules: setPromotionRulesBodySchema.optional(),
});
export type CreatePromotionBody = z.infer<typeof createPromotionBodySchema>;
export const createdPromotionSchema = z.object({
  id: idString,
  code: z.string(),
  rules: promotionRulesSchema.nullable(),
});
export type CreatedPromotion = z.infer<typeof createdPromotionSchema>;
export const createdPromotionResponse = envelopeOf(createdPromotionSchema);

export const promotionCodeParamsSchema = z.object({
  code: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(60),
});
export const promotionIdParams = z.object({ id: idString });
export const bonusIdParams = z.object({ id: idString });
export const applicationIdParams = z.object({ id: idString });
export const applicationImageParams = z.object({
  id: idString,
  position: z.coerce.number().int().min(1).max(3),
});

export const myPromotionSchema = z.object({
  promotionId: idString,
  status: z.enum(ACTIVITY_STATUSES),
  applicationId: idString.nullable(),
  rejectReason: z.string().nullable(),
});
export type MyPromotion = z.infer<typeof myPromotionSchema>;
export const myPromotionsResponse = envelopeOf(z.object({ list: z.array(myPromotionSchema) }));

export const applicationViewSchema = z.object({
  id: idString,
  promotionId: idString,
  promotionCode: z.string(),
  /** In the request's language. */
  promotionTitle: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  activityStatus: z.enum(ACTIVITY_STATUSES),
  remark: z.string().nullable(),
  imageCount: z.number().int(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

export const bonusViewSchema = z.object({
  id: idString,
  promotionId: idString,
  promotionTitle: z.string(),
  amountMinor: minorString,
  amount: decimalString,
  currency: z.string(),
  wageringRequiredMinor: minorString,
  wageringRequired: decimalString,
  wageringDoneMinor: minorString,
  wageringDone: decimalString,
  /** Whole percent done, 0–100 (100 only when completed). */
  progressPercent: z.number().int().min(0).max(100),
  weights: z.array(wageringWeightSchema),
  status: z.enum(BONUS_STATUSES),
  issuedAt: z.string(),
  closedAt: z.string().nullable(),
  /** What the forfeit took back from the main wallet. */
  forfeited: decimalString.nullable(),
});
export type BonusView = z.infer<typeof bonusViewSchema>;

export const myBonusesSchema = z.object({
  list: z.array(bonusViewSchema),
  /** What the open bonuses lock on the main wallet (the withdrawal gate). */
  lockedMinor: minorString,
  locked: decimalString,
});
export type MyBonuses = z.infer<typeof myBonusesSchema>;
export const myBonusesResponse = envelopeOf(myBonusesSchema);

export const myApplicationsResponse = envelopeOf(z.object({ list: z.array(applicationViewSchema) }));

export const applyResultSchema = z.object({
  application: applicationViewSchema,
  bonus: bonusViewSchema.nullable(),
});
export type ApplyResult = z.infer<typeof applyResultSchema>;
export const applyResponse = envelopeOf(applyResultSchema);

export const forfeitResultSchema = z.object({ bonus: bonusViewSchema });
export type ForfeitResult = z.infer<typeof forfeitResultSchema>;
export const forfeitResponse = envelopeOf(forfeitResultSchema);

export const languageQuerySchema = z.object({
  language: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});

// --- back office -------------------------------------------------------------------------------------------

export const opsApplicationsQuerySchema = z.object({
  status: z.enum(APPLICATION_STATUSES).default('pending'),
});
export const opsApplicationSchema = applicationViewSchema.extend({ username: z.string() });
export const opsApplicationsResponse = envelopeOf(z.object({ list: z.array(opsApplicationSchema) }));
export const opsDecisionResponse = envelopeOf(
  z.object({ application: opsApplicationSchema, bonus: bonusViewSchema.nullable() }),
);
export const opsRejectBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });
export const opsUsernameParams = z.object({ username: z.string().min(1).max(64) });
export const opsWageringResponse = envelopeOf(myBonusesSchema.extend({ username: z.string() }));
