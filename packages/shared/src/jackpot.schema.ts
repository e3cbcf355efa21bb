import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * Progressive jackpots (issue 19; docs/jackpot.md). Public: `GET /wps/jackpots` (the brand's active
 * jackpots and their pots) and `GET /wps/jackpots/winners`. Back office under `/wps/ops/jackpots`. Money
 * travels as strings in minor units (`…Minor`). The browser's home counter imports the types only (no zod on
 * the first screen).
 */

const minorString = z.string().regex(/^[0-9]+$/);
const idString = z.string().regex(/^[0-9]+$/);

export const JACKPOT_CODE = /^[A-Za-z0-9_-]{1,32}$/;
/** A pot push over the realtime socket is sent at most this often per brand. */
export const JACKPOT_PUSH_MIN_MS = 1_000;

export const jackpotViewSchema = z.object({
  code: z.string(),
  nameEn: z.string(),
  nameHi: z.string(),
  /** The pot as shown: the pot account's balance plus the contributions the job has not posted yet. */
  potMinor: minorString,
  currency: z.string(),
  /** Share of every settled stake in its games, in basis points (100 = 1 %). */
  contributionBps: z.number().int(),
  /** A round wins with probability stake / oneInMinor (both in minor units): the verify page's threshold. */
  oneInMinor: minorString,
  /** The in-house game codes it covers. */
  games: z.array(z.string()),
});
export type JackpotView = z.infer<typeof jackpotViewSchema>;
export const jackpotsResponse = envelopeOf(z.object({ list: z.array(jackpotViewSchema) }));

export const jackpotWinnerSchema = z.object({
  code: z.string(),
  /** The winner's account, masked (`ab***yz`). */
  account: z.string(),
  amountMinor: minorString,
  currency: z.string(),
  roundId: z.string(),
  /** ISO 8601. */
  wonAt: z.string(),
});
export type JackpotWinner = z.infer<typeof jackpotWinnerSchema>;
export const jackpotWinnersResponse = envelopeOf(z.object({ list: z.array(jackpotWinnerSchema) }));

const nameText = z.string().trim().min(1).max(80);
const gameCodes = z.array(z.string().regex(/^[a-z0-9-]{1,40}$/)).max(50);

/** `POST /wps/ops/jackpots`: a new jackpot, funded with its seed from the house. */
export const createJackpotBody = z.object({
  code: z.string().regex(JACKPOT_CODE),
  nameEn: nameText,
  nameHi: nameText,
  contributionBps: z.number().int().min(0).max(10_000),
  seedMinor: minorString.max(16),
  oneInMinor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/)
    .max(18),
  games: gameCodes,
});
export type CreateJackpotInput = z.infer<typeof createJackpotBody>;

/** `PATCH /wps/ops/jackpots/:code`: any of the settings; new rounds use them, posted ones keep theirs. */
export const updateJackpotBody = z
  .object({
    nameEn: nameText,
    nameHi: nameText,
    contributionBps: z.number().int().min(0).max(10_000),
    seedMinor: minorString.max(16),
    oneInMinor: z.string().regex(/^[1-9][0-9]{0,17}$/),
    games: gameCodes,
    active: z.boolean(),
  })
  .partial();
export type UpdateJackpotInput = z.infer<typeof updateJackpotBody>;

export const jackpotCodeParams = z.object({ code: z.string().regex(JACKPOT_CODE) });

export const operatorJackpotSchema = jackpotViewSchema.extend({
  id: idString,
  active: z.boolean(),
  seedMinor: minorString,
  /** The pot account's balance (posted only). */
  balanceMinor: minorString,
  unpostedMinor: minorString,
  unpostedCount: z.number().int(),
  contributedMinor: minorString,
  contributionCount: z.number().int(),
  fundedMinor: minorString,
  paidMinor: minorString,
  winCount: z.number().int(),
});
export type OperatorJackpot = z.infer<typeof operatorJackpotSchema>;
export const operatorJackpotResponse = envelopeOf(operatorJackpotSchema);
export const operatorJackpotsResponse = envelopeOf(z.object({ list: z.array(operatorJackpotSchema) }));

export const operatorJackpotWinSchema = z.object({
  id: idString,
  memberId: idString,
  roundId: z.string(),
  amountMinor: minorString,
  winEntryId: idString.nullable(),
  wonAt: z.string(),
});
export const operatorJackpotWinsResponse = envelopeOf(z.object({ list: z.array(operatorJackpotWinSchema) }));

export const operatorJackpotContributionSchema = z.object({
  id: idString,
  memberId: idString,
  roundId: z.string(),
  stakeMinor: minorString,
  amountMinor: minorString,
  /** The odds the round was drawn with (copied when it settled). */
  oneInMinor: minorString,
  settledAt: z.string(),
  /** Null until the job posted it (then the entry of its batch, or null for a zero batch). */
  postedAt: z.string().nullable(),
  entryId: idString.nullable(),
  won: z.boolean().nullable(),
});
export const operatorJackpotContributionsResponse = envelopeOf(
  z.object({ list: z.array(operatorJackpotContributionSchema) }),
);
