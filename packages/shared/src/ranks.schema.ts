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
});
export type MemberRank = z.infer<typeof memberRankSchema>;

export const memberRankResponse = envelopeOf(memberRankSchema);
