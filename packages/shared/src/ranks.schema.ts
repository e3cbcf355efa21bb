import { z } from 'zod';
import { VIP_RANK_ABOVE } from './constants.ts';
import { envelopeOf } from './envelope.ts';

/**
 * The player-rank page (SPEC §1 "VIP ranks", §2 player rank link, §3 clubLabel / memberLabel):
 * `GET /wps/member/rank` (docs/api.md "Player rank"). The browser imports only the types on eager paths.
 */

/** The lowest level served by the VIP customer-service line (SPEC §9 "VIP rank above 4"). */
export const VIP_SERVICE_FROM_LEVEL = VIP_RANK_ABOVE + 1;

/** Languages the ladder is written in; any other request language falls back to English. */
export const RANK_LANGUAGES = ['EN', 'HI'] as const;
export type RankLanguage = (typeof RANK_LANGUAGES)[number];

/** Limits the vip_ranks table enforces (migration 0012). */
export const RANK_NAME_MAX = 40;
export const RANK_BENEFITS_MAX = 2000;

const minorString = z.string().regex(/^-?[0-9]+$/);

/** Whether a level needs any one of its requirements or all of them (per brand, docs/loyalty.md). */
export const VIP_REQUIREMENT_RULES = ['any', 'all'] as const;
export type VipRequirementRule = (typeof VIP_REQUIREMENT_RULES)[number];

export const memberRankQuerySchema = z.object({
  /** Upper-case language code ('EN', 'HI'); lower case is accepted. Absent: the member's, else the brand's. */
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}$/)
    .transform((value) => value.toUpperCase())
    .optional(),
});
export type MemberRankQuery = z.infer<typeof memberRankQuerySchema>;

export const rankLevelSchema = z.object({
  level: z.number().int().min(0),
  name: z.string(),
  /** One benefit per entry, in the answer's language. */
  benefits: z.array(z.string()),
  /** Whether members of this level are served by the VIP customer-service line. */
  vip: z.boolean(),
  /** Issue 19: what reaching the level asks (null: not asked by this level), in minor units. */
  requirements: z.object({ turnover30dMinor: minorString.nullable(), depositsMinor: minorString.nullable() }),
  /** Paid once when the member reaches the level (0: none). */
  upgradeBonusMinor: minorString,
  /** Paid once a month while the member is at the level (0: none). */
  monthlyRewardMinor: minorString,
  /** Rebate per game type, basis points of valid turnover (50 = 0.50 %); types without a rate earn none. */
  rebateRates: z.array(z.object({ gameType: z.string(), rateBp: z.number().int() })),
});
export type RankLevel = z.infer<typeof rankLevelSchema>;

export const memberRankSchema = z.object({
  rankLevel: z.number().int().min(0),
  clubLabelName: z.string().nullable(),
  memberLabels: z.array(z.string()),
  /** The language names and benefits are written in (EN when the requested one has no text). */
  language: z.enum(RANK_LANGUAGES),
  vipServiceFromLevel: z.number().int(),
  /** Every level of the member's brand, lowest first; empty while the brand has defined none. */
  ladder: z.array(rankLevelSchema),
  /**
   * Issue 19: where the member stands against the requirements — `any`: one of a level's requirements
   * reaches it; `all`: every one it asks. Figures in minor units.
   */
  progress: z.object({
    rule: z.enum(VIP_REQUIREMENT_RULES),
    turnover30dMinor: minorString,
    depositsMinor: minorString,
  }),
  currencySymbol: z.string(),
});
export type MemberRank = z.infer<typeof memberRankSchema>;

export const memberRankResponse = envelopeOf(memberRankSchema);
