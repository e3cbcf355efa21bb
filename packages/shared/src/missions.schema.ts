import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { MISSION_PERIODS } from './missions-constants.ts';

export {
  MISSION_PERIODS,
  MISSIONS_LEADERBOARD_PATH,
  MISSIONS_SUMMARY_PATH,
  type MissionPeriodName,
} from './missions-constants.ts';

/**
 * Missions and referral (issue 19; SPEC §2 `missionLeaderboard` and `referral`, §7
 * `MCSFE_getMissionSummaryDetails` / `MCSFE_getMissionLeaderboard`; docs/missions-referral.md). Progress is
 * computed on read from settled rounds and deposits of the current UTC day or ISO week. Money travels as
 * strings: `…Minor` in minor units, the plain name the same with two decimals.
 */

const minorString = z.string().regex(/^[0-9]+$/);
const decimalString = z.string().regex(/^[0-9]+\.[0-9]{2}$/);
const idString = z.string().regex(/^[0-9]+$/);
const language = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .optional();

export const MISSION_KINDS = ['rounds', 'turnover', 'deposit', 'new_game'] as const;
export type MissionKindName = (typeof MISSION_KINDS)[number];
/** in_progress → complete (claimable) → claimed; an ended period's complete missions are granted by a job. */
export const MISSION_STATUSES = ['in_progress', 'complete', 'claimed'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

/** How many players the leaderboard lists (the caller's own rank comes whatever it is). */
export const LEADERBOARD_SIZE = 20;

/** Body of the summary call (both relay calls take an optional JSON body). */
export const missionSummaryBody = z.object({ language }).nullish();

export const missionViewSchema = z.object({
  id: idString,
  code: z.string(),
  period: z.enum(MISSION_PERIODS),
  kind: z.enum(MISSION_KINDS),
  /** In the request's language; both come too. */
  title: z.string(),
  titleEn: z.string(),
  titleHi: z.string(),
  /** Rounds or games for `rounds` / `new_game`; minor units for `turnover` / `deposit`. */
  target: minorString,
  /** Capped at the target. */
  progress: minorString,
  /** 0–100, rounded down. */
  percent: z.number().int().min(0).max(100),
  status: z.enum(MISSION_STATUSES),
  rewardMinor: minorString,
  reward: decimalString,
  points: z.number().int(),
  /** ISO 8601: when this period ends and the mission resets (exclusive). */
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type MissionView = z.infer<typeof missionViewSchema>;

export const missionSummarySchema = z.object({
  missions: z.array(missionViewSchema),
  /** Complete and not yet claimed (SPEC §3 `missionCount`, the menu badge). */
  completeCount: z.number().int(),
  /** The caller's mission points this ISO week (the leaderboard's measure). */
  weekPoints: z.number().int(),
  /** The server's clock, so the countdown does not trust the device's. */
  now: z.string(),
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;
export const missionSummaryResponse = envelopeOf(missionSummarySchema);

export const leaderboardEntrySchema = z.object({
  rank: z.number().int().min(1),
  /** Masked: first two characters and the last, e.g. `de***r`. */
  name: z.string(),
  points: z.number().int(),
  me: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const missionLeaderboardSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  list: z.array(leaderboardEntrySchema),
  /** The caller's place; rank null while the caller has no points this week. */
  mine: z.object({ rank: z.number().int().nullable(), points: z.number().int() }),
});
export type MissionLeaderboard = z.infer<typeof missionLeaderboardSchema>;
export const missionLeaderboardResponse = envelopeOf(missionLeaderboardSchema);

export const missionIdParams = z.object({ id: idString.max(19) });

/** `POST /wps/member/missions/:id/claim`: the reward waits in the reward centre. */
export const missionClaimSchema = z.object({
  missionId: idString,
  periodStart: z.string(),
  rewardId: idString,
  rewardMinor: minorString,
  reward: decimalString,
  points: z.number().int(),
});
export type MissionClaim = z.infer<typeof missionClaimSchema>;
export const missionClaimResponse = envelopeOf(missionClaimSchema);

// ─── Referral ────────────────────────────────────────────────────────────────────────────────────────

/** The registration link's query parameter (the registration form's `referralCode` field). */
export const REFERRAL_QUERY = 'referralCode';

export const referralFriendSchema = z.object({
  /** Masked like the leaderboard's names. */
  name: z.string(),
  joinedAt: z.string(),
  firstDeposit: z.boolean(),
  /** What this friend earned the caller so far (granted to the reward centre). */
  earnedMinor: minorString,
  earned: decimalString,
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;

export const referralSummarySchema = z.object({
  code: z.string(),
  /** Path and query of the registration link; the browser puts its own origin in front. */
  path: z.string(),
  rule: z
    .object({
      /** Percent of the friend's first deposit, e.g. "10.00". */
      sharePercent: z.string(),
      minDepositMinor: minorString,
      minDeposit: decimalString,
      capMinor: minorString,
      cap: decimalString,
    })
    .nullable(),
  friends: z.array(referralFriendSchema),
  friendCount: z.number().int(),
  totalEarnedMinor: minorString,
  totalEarned: decimalString,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
export const referralSummaryResponse = envelopeOf(referralSummarySchema);

/** `/wps/ops/referral-rule`: the brand's share of a friend's first deposit (the flag REFERRAL3 turns it on). */
export const referralRuleBody = z.strictObject({
  sharePercent: z.string().regex(/^[0-9]{1,3}(\.[0-9]{1,2})?$/),
  minDeposit: z.string().regex(/^[0-9]{1,12}(\.[0-9]{1,2})?$/),
  cap: z.string().regex(/^[0-9]{1,12}(\.[0-9]{1,2})?$/),
});
export type ReferralRuleBody = z.infer<typeof referralRuleBody>;
