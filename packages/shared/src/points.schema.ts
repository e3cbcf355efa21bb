import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { GAME_TYPES } from './game-types.ts';
import { singleLineText } from './text.ts';

/**
 * Points and the points mall (SPEC §1, §3 "Points redemption", §4 statuses, §5, §7 the points calls, §9
 * points never expire; docs/points.md). Points are whole numbers and travel as integer strings; money as
 * `…Minor` integer strings with its two-decimal `…` twin, like every money field.
 */

const intString = z.string().regex(/^-?[0-9]+$/);
const minorString = z.string().regex(/^[0-9]+$/);
const decimalString = z.string().regex(/^[0-9]+\.[0-9]{2}$/);
const idString = z.string().regex(/^[1-9][0-9]{0,17}$/);
const languageField = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .optional();

export const POINTS_REWARD_KINDS = ['goods', 'cash'] as const;
export type PointsRewardKind = (typeof POINTS_REWARD_KINDS)[number];
export const POINTS_REDEMPTION_KINDS = ['goods', 'cash', 'convert'] as const;
export type PointsRedemptionKind = (typeof POINTS_REDEMPTION_KINDS)[number];
/** SPEC §4: in process, rejected, approved, redeemed. */
export const POINTS_REDEMPTION_STATUSES = ['in_process', 'rejected', 'approved', 'redeemed'] as const;
export const pointsRedemptionStatusSchema = z.enum(POINTS_REDEMPTION_STATUSES);
export type PointsRedemptionStatus = z.infer<typeof pointsRedemptionStatusSchema>;

export const POINTS_PAGE_SIZE = 20;
/** Most items of one reward in one redemption. */
export const POINTS_MAX_QUANTITY = 10;
export const POINTS_ADDRESS_MAX = 200;
export const POINTS_NAME_MAX = 80;

/** `MCS2_getPointBalance`. */
export const pointBalanceSchema = z.object({ points: intString });
export type PointBalance = z.infer<typeof pointBalanceSchema>;
export const pointBalanceResponse = envelopeOf(pointBalanceSchema);

/** One earning rate: `points` for every `turnover` of valid turnover in games of `gameType`. */
export const pointRateSchema = z.object({
  gameType: z.string(),
  turnoverMinor: minorString,
  turnover: decimalString,
  points: intString,
});
export type PointRate = z.infer<typeof pointRateSchema>;

/** `MCS2_getPointConfig`: how points are earned and what a conversion pays. */
export const pointConfigSchema = z.object({
  currency: z.string(),
  rates: z.array(pointRateSchema),
  /** Null: the brand offers no conversion to cash. */
  convert: z
    .object({
      points: intString,
      amountMinor: minorString,
      amount: decimalString,
      minPoints: intString,
    })
    .nullable(),
  /** SPEC §9: points never expire. */
  expires: z.literal(false),
});
export type PointConfig = z.infer<typeof pointConfigSchema>;
export const pointConfigResponse = envelopeOf(pointConfigSchema);

export const pointRewardSchema = z.object({
  id: z.string(),
  kind: z.enum(POINTS_REWARD_KINDS),
  /** In the request's language; both come anyway. */
  name: z.string(),
  nameEn: z.string(),
  nameHi: z.string(),
  imageUrl: z.string(),
  points: intString,
  /** Cash vouchers: what one pays into the main wallet; null for goods. */
  cashAmountMinor: minorString.nullable(),
  cashAmount: decimalString.nullable(),
  stock: z.number().int(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type PointReward = z.infer<typeof pointRewardSchema>;

/** `MCS2_getPointReward` body (optional). */
export const pointRewardQuerySchema = z.object({ language: languageField }).nullish();
export const pointRewardListSchema = z.object({ list: z.array(pointRewardSchema) });
export type PointRewardList = z.infer<typeof pointRewardListSchema>;
export const pointRewardListResponse = envelopeOf(pointRewardListSchema);

export const pointRedemptionSchema = z.object({
  id: z.string(),
  kind: z.enum(POINTS_REDEMPTION_KINDS),
  rewardId: z.string().nullable(),
  rewardName: z.string().nullable(),
  rewardNameEn: z.string().nullable(),
  rewardNameHi: z.string().nullable(),
  quantity: z.number().int(),
  points: intString,
  /** Cash paid (cash voucher, conversion); null for goods. */
  amountMinor: minorString.nullable(),
  amount: decimalString.nullable(),
  receivingAddress: z.string().nullable(),
  status: pointsRedemptionStatusSchema,
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PointRedemption = z.infer<typeof pointRedemptionSchema>;

/** `MCS2_getRedeemPointList` body. */
export const redeemPointListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    status: pointsRedemptionStatusSchema.optional(),
    language: languageField,
  })
  .nullish();
export const redeemPointListSchema = z.object({
  list: z.array(pointRedemptionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type RedeemPointList = z.infer<typeof redeemPointListSchema>;
export const redeemPointListResponse = envelopeOf(redeemPointListSchema);

/** Sealed body of `passwordCheck/MCS2_redeemPointReward` (SPEC §5: withdraw password, address, mobile). */
export const redeemPointPayloadSchema = z.object({
  rewardId: idString,
  quantity: z.number().int().min(1).max(POINTS_MAX_QUANTITY),
  receivingAddress: singleLineText().trim().max(POINTS_ADDRESS_MAX),
  mobile: singleLineText().trim().max(20),
  withdrawPassword: z.string().min(1).max(64),
  language: languageField,
});
export type RedeemPointPayload = z.infer<typeof redeemPointPayloadSchema>;

export const pointsMoveResultSchema = z.object({
  redemption: pointRedemptionSchema,
  /** The member's points after it. */
  points: intString,
  /** The main wallet after it when cash was paid, else null. */
  main: z.object({ balanceMinor: minorString, balance: decimalString }).nullable(),
});
export type PointsMoveResult = z.infer<typeof pointsMoveResultSchema>;
export const pointsMoveResponse = envelopeOf(pointsMoveResultSchema);

/** Sealed body of `passwordCheck/MCS2_convertPoint`. */
export const convertPointPayloadSchema = z.object({
  points: z.string().regex(/^[1-9][0-9]{0,14}$/),
  withdrawPassword: z.string().min(1).max(64),
});
export type ConvertPointPayload = z.infer<typeof convertPointPayloadSchema>;

// ---- back office ----

export const operatorPointConfigBody = z.object({
  /** Points per conversion block and the cash it pays (decimal string); absent → no conversion. */
  convert: z
    .object({
      points: z.string().regex(/^[1-9][0-9]{0,14}$/),
      amount: singleLineText().max(32),
      minPoints: z.string().regex(/^[1-9][0-9]{0,14}$/),
    })
    .nullable(),
  rates: z
    .array(
      z.object({
        gameType: z.enum(GAME_TYPES),
        /** Decimal string: the turnover that earns `points`. */
        turnover: singleLineText().max(32),
        points: z.string().regex(/^[1-9][0-9]{0,14}$/),
      }),
    )
    .max(GAME_TYPES.length),
});
export type OperatorPointConfigBody = z.infer<typeof operatorPointConfigBody>;

export const operatorPointRewardBody = z.object({
  kind: z.enum(POINTS_REWARD_KINDS),
  nameEn: singleLineText().trim().min(1).max(POINTS_NAME_MAX),
  nameHi: singleLineText().trim().min(1).max(POINTS_NAME_MAX),
  imageUrl: singleLineText().trim().max(500).default(''),
  points: z.string().regex(/^[1-9][0-9]{0,14}$/),
  /** Cash vouchers only: decimal string. */
  cashAmount: singleLineText().max(32).nullable().default(null),
  stock: z.number().int().min(0).max(1_000_000),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type OperatorPointRewardBody = z.infer<typeof operatorPointRewardBody>;
export const operatorPointRewardPatch = operatorPointRewardBody.omit({ kind: true }).partial();
export type OperatorPointRewardPatch = z.infer<typeof operatorPointRewardPatch>;

export const pointIdParams = z.object({ id: idString });
export const pointRewardResponse = envelopeOf(pointRewardSchema);

export const operatorRedemptionSchema = pointRedemptionSchema.extend({
  username: z.string(),
  mobile: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type OperatorRedemption = z.infer<typeof operatorRedemptionSchema>;
export const operatorRedemptionsQuery = z.object({
  status: pointsRedemptionStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const operatorRedemptionsSchema = z.object({
  list: z.array(operatorRedemptionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type OperatorRedemptions = z.infer<typeof operatorRedemptionsSchema>;
export const operatorRedemptionsResponse = envelopeOf(operatorRedemptionsSchema);
export const operatorRedemptionResponse = envelopeOf(operatorRedemptionSchema);
export const operatorRejectBody = z.object({ reason: singleLineText().trim().min(1).max(200) });

/** The earn job's run (the dev hook and the CLI show it). */
export const pointsEarnRunSchema = z.object({ credited: z.number().int(), points: intString });
export type PointsEarnRun = z.infer<typeof pointsEarnRunSchema>;
