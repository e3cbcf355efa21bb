import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/**
 * Reward centre (SPEC §2 `rewardCenter`, §3 `rewardCount`; docs/api.md "Reward centre"). A reward is money
 * granted to one member that the member claims into the main wallet; an unclaimed reward past its
 * `expiresAt` can no longer be claimed. Money travels as strings: `amountMinor` in minor units, `amount`
 * the same with two decimals.
 */

const minorString = z.string().regex(/^[0-9]+$/);
const decimalString = z.string().regex(/^[0-9]+\.[0-9]{2}$/);

/** Longest title in either language (the database checks it too). */
export const REWARD_TITLE_MAX = 120;

export const REWARD_STATUSES = ['unclaimed', 'claimed', 'expired'] as const;
export const rewardStatusSchema = z.enum(REWARD_STATUSES);
export type RewardStatus = z.infer<typeof rewardStatusSchema>;

export const REWARD_PAGE_SIZE = 20;

/** `GET /wps/member/rewards?status=&page=&language=`. */
export const rewardListQuerySchema = z.object({
  status: rewardStatusSchema.default('unclaimed'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** The title's language (`EN`, `HI`); else the member's language, else EN. Both titles come anyway. */
  language: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});
export type RewardListQuery = z.infer<typeof rewardListQuerySchema>;

export const rewardViewSchema = z.object({
  id: z.string().regex(/^[0-9]+$/),
  /** In the request's language. */
  title: z.string(),
  titleEn: z.string(),
  titleHi: z.string(),
  amountMinor: minorString,
  amount: decimalString,
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** ISO 8601 timestamps. */
  grantedAt: z.string(),
  expiresAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
  status: rewardStatusSchema,
});
export type RewardView = z.infer<typeof rewardViewSchema>;

export const rewardListSchema = z.object({
  list: z.array(rewardViewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Unclaimed and not expired, whatever tab is asked for (the menu badge, SPEC §3 `rewardCount`). */
  unclaimedCount: z.number().int(),
});
export type RewardList = z.infer<typeof rewardListSchema>;
export const rewardListResponse = envelopeOf(rewardListSchema);

/** `GET /wps/member/rewards/count`: the number behind the menu badge. */
export const rewardCountSchema = z.object({ unclaimedCount: z.number().int() });
export type RewardCount = z.infer<typeof rewardCountSchema>;
export const rewardCountResponse = envelopeOf(rewardCountSchema);

export const rewardIdParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });

/** `POST /wps/member/rewards/:id/claim` (Idempotency-Key, no body). */
export const rewardClaimResultSchema = z.object({
  reward: rewardViewSchema,
  entryId: z.string().regex(/^[0-9]+$/),
  /** The main wallet after the claim. */
  main: z.object({ balanceMinor: minorString, balance: decimalString }),
});
export type RewardClaimResult = z.infer<typeof rewardClaimResultSchema>;
export const rewardClaimResponse = envelopeOf(rewardClaimResultSchema);

/** `POST /wps/ops/rewards` (finance, admin; Idempotency-Key). */
export const grantRewardBodySchema = z.object({
  username: singleLineText().trim().min(1).max(64),
  titleEn: singleLineText().trim().min(1).max(REWARD_TITLE_MAX),
  titleHi: singleLineText().trim().min(1).max(REWARD_TITLE_MAX),
  /** Decimal string (`"100"`, `"100.50"`), parsed with `decimalToMinor`: else `400 amount_invalid`. */
  amount: singleLineText().max(32),
  /** ISO 8601 date-time in the future; absent → the reward never expires. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type GrantRewardBody = z.infer<typeof grantRewardBodySchema>;

export const grantRewardResultSchema = z.object({
  username: z.string(),
  reward: rewardViewSchema,
});
export type GrantRewardResult = z.infer<typeof grantRewardResultSchema>;
export const grantRewardResponse = envelopeOf(grantRewardResultSchema);
