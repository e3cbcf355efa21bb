import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/**
 * Raffles from committed seeds (issue 19: red envelope, golden egg, prize wheel; docs/raffles.md). A
 * campaign has a weighted prize table and ticket rules; before it starts the operator publishes SHA-256 of
 * its seed, each ticket's prize is drawn as HMAC-SHA256(seed, "raffle:<ticketId>:<cursor>") over the table
 * (packages/games raffle.ts), and the seed is revealed when the campaign ends so every prize can be
 * recomputed. Money travels as minor units (`*Minor`, integer strings) beside the amount with two decimals.
 */

const minorString = z.string().regex(/^[0-9]+$/);
const decimalString = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
/** A row id: at most 18 digits, so it always fits int8. */
const idString = z.string().regex(/^[1-9][0-9]{0,17}$/);
const isoTime = z.iso.datetime({ offset: true });
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const RAFFLE_KINDS = ['red_envelope', 'golden_egg', 'prize_wheel'] as const;
export type RaffleKind = (typeof RAFFLE_KINDS)[number];
export const RAFFLE_STATUSES = ['draft', 'running', 'ended'] as const;
export type RaffleStatus = (typeof RAFFLE_STATUSES)[number];
export const RAFFLE_TICKET_SOURCES = ['deposit', 'turnover', 'registration', 'operator'] as const;

/** SPEC §7: the claim (opens the envelope, cracks the egg, spins the wheel). */
export const RAFFLE_CLAIM_PATH = '/wps/relay/MCS2_claimRafflePromotion';

/** Most rows a prize table may have (a wheel of more segments is unreadable). */
export const RAFFLE_MAX_PRIZES = 12;
/** Most tickets one grant or one rule hands out at once. */
export const RAFFLE_MAX_TICKETS_PER_GRANT = 100;
export const RAFFLE_NAME_MAX = 80;
export const RAFFLE_DRAWS_PAGE_SIZE = 20;

export const raffleCodeSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{2,39}$/);
const ticketCount = z.number().int().min(1).max(RAFFLE_MAX_TICKETS_PER_GRANT);
/** A decimal amount as typed (`"100"`, `"100.50"`); the service parses it (`amount_invalid`). */
const amountText = singleLineText().trim().min(1).max(32);

/** `POST /wps/ops/raffles` and `raffle:create`: a draft campaign; the server makes its seed. */
export const createRaffleBodySchema = z.strictObject({
  code: raffleCodeSchema,
  kind: z.enum(RAFFLE_KINDS),
  nameEn: singleLineText().trim().min(1).max(RAFFLE_NAME_MAX),
  nameHi: singleLineText().trim().min(1).max(RAFFLE_NAME_MAX),
  startsAt: isoTime,
  endsAt: isoTime,
  /** The prize budget, moved from the brand's `bonus` account to the campaign's when it starts. */
  budget: amountText,
  prizes: z
    .array(z.strictObject({ amount: amountText, weight: z.number().int().min(1).max(1_000_000) }))
    .min(1)
    .max(RAFFLE_MAX_PRIZES),
  rules: z.strictObject({
    /** Each credited deposit of at least `min` grants `tickets`. */
    deposit: z.strictObject({ min: amountText, tickets: ticketCount }).optional(),
    /** Each `step` of valid turnover in the campaign's window grants one ticket, at most `maxTickets`. */
    turnover: z.strictObject({ step: amountText, maxTickets: ticketCount }).optional(),
    /** A member who registers during the campaign gets `tickets`. */
    registration: z.strictObject({ tickets: ticketCount }).optional(),
  }),
});
export type CreateRaffleBody = z.infer<typeof createRaffleBodySchema>;

export const raffleCodeParams = z.object({ code: raffleCodeSchema });

/** `POST /wps/ops/raffles/:code/tickets`: an operator's grant (an event the rules do not cover). */
export const grantRaffleTicketsBodySchema = z.strictObject({
  username: singleLineText().trim().min(1).max(64),
  count: ticketCount,
  reason: singleLineText().trim().min(1).max(200),
});
export type GrantRaffleTicketsBody = z.infer<typeof grantRaffleTicketsBodySchema>;

export const rafflePrizeViewSchema = z.object({
  amountMinor: minorString,
  amount: decimalString,
  weight: z.number().int(),
});
export type RafflePrizeView = z.infer<typeof rafflePrizeViewSchema>;

export const raffleRulesViewSchema = z.object({
  deposit: z.object({ minMinor: minorString, min: decimalString, tickets: z.number().int() }).nullable(),
  turnover: z
    .object({ stepMinor: minorString, step: decimalString, maxTickets: z.number().int() })
    .nullable(),
  registration: z.object({ tickets: z.number().int() }).nullable(),
});

/** A campaign as players see it: the seed is null until the campaign ends. */
export const raffleCampaignViewSchema = z.object({
  code: raffleCodeSchema,
  kind: z.enum(RAFFLE_KINDS),
  /** In the request's language. */
  name: z.string(),
  nameEn: z.string(),
  nameHi: z.string(),
  status: z.enum(RAFFLE_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  currency: z.string(),
  seedHash: hex64,
  seed: hex64.nullable(),
  prizes: z.array(rafflePrizeViewSchema),
  rules: raffleRulesViewSchema,
});
export type RaffleCampaignView = z.infer<typeof raffleCampaignViewSchema>;

/** `GET /wps/member/raffles`: running campaigns and those ended in the last 30 days, with my tickets. */
export const myRaffleSchema = raffleCampaignViewSchema.extend({
  ticketsLeft: z.number().int(),
  ticketsUsed: z.number().int(),
  /** Whether a ticket can be opened now (running and inside the window). */
  open: z.boolean(),
});
export type MyRaffle = z.infer<typeof myRaffleSchema>;
export const myRafflesSchema = z.object({ list: z.array(myRaffleSchema) });
export type MyRaffles = z.infer<typeof myRafflesSchema>;
export const myRafflesResponse = envelopeOf(myRafflesSchema);

/** One opened ticket with its proof: the seed joins it once the campaign has ended. */
export const raffleDrawViewSchema = z.object({
  ticketId: idString,
  campaignCode: raffleCodeSchema,
  kind: z.enum(RAFFLE_KINDS),
  campaignName: z.string(),
  campaignStatus: z.enum(RAFFLE_STATUSES),
  prizeIndex: z.number().int(),
  prizeMinor: minorString,
  prize: decimalString,
  currency: z.string(),
  claimedAt: z.string(),
  seedHash: hex64,
  seed: hex64.nullable(),
  /** The prize table the draw walked (for the verify page). */
  prizes: z.array(rafflePrizeViewSchema),
  /** The `raffle_prize` entry; null for a prize of zero. */
  entryId: idString.nullable(),
});
export type RaffleDrawView = z.infer<typeof raffleDrawViewSchema>;

export const raffleDrawsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  language: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});
export type RaffleDrawsQuery = z.infer<typeof raffleDrawsQuerySchema>;
export const raffleDrawsSchema = z.object({
  list: z.array(raffleDrawViewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type RaffleDraws = z.infer<typeof raffleDrawsSchema>;
export const raffleDrawsResponse = envelopeOf(raffleDrawsSchema);

/** `POST /wps/relay/MCS2_claimRafflePromotion` (Idempotency-Key): the next ticket of the campaign, or this one. */
export const raffleClaimBodySchema = z.strictObject({
  campaignCode: raffleCodeSchema,
  ticketId: idString.optional(),
  language: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});
export type RaffleClaimBody = z.infer<typeof raffleClaimBodySchema>;
export const raffleClaimResultSchema = z.object({
  draw: raffleDrawViewSchema,
  ticketsLeft: z.number().int(),
  /** The main wallet after the claim. */
  main: z.object({ balanceMinor: minorString, balance: decimalString }),
});
export type RaffleClaimResult = z.infer<typeof raffleClaimResultSchema>;
export const raffleClaimResponse = envelopeOf(raffleClaimResultSchema);

/** The back office's view: the budget and what is left, counts; the seed still only once ended. */
export const operatorRaffleSchema = raffleCampaignViewSchema.extend({
  budgetMinor: minorString,
  budget: decimalString,
  /** The campaign account's balance (0 before it starts and after the rest is returned). */
  balanceMinor: minorString,
  balance: decimalString,
  ticketsGranted: z.number().int(),
  ticketsClaimed: z.number().int(),
  paidMinor: minorString,
  paid: decimalString,
  /** What the end returned to `bonus`; null until then. */
  returnedMinor: minorString.nullable(),
});
export type OperatorRaffle = z.infer<typeof operatorRaffleSchema>;
export const operatorRaffleResponse = envelopeOf(operatorRaffleSchema);
export const operatorRafflesResponse = envelopeOf(z.object({ list: z.array(operatorRaffleSchema) }));

export const grantRaffleTicketsResultSchema = z.object({
  username: z.string(),
  granted: z.number().int(),
  ticketIds: z.array(idString),
});
export type GrantRaffleTicketsResult = z.infer<typeof grantRaffleTicketsResultSchema>;
export const grantRaffleTicketsResponse = envelopeOf(grantRaffleTicketsResultSchema);

export const operatorRaffleDrawSchema = raffleDrawViewSchema.extend({ username: z.string() });
export const operatorRaffleDrawsResponse = envelopeOf(
  z.object({
    list: z.array(operatorRaffleDrawSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
);
export type OperatorRaffleDraws = z.infer<typeof operatorRaffleDrawsResponse>['value'];
