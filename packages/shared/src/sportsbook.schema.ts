import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * The sportsbook's API (issue 21, docs/sportsbook.md). Public reads (sports, events, markets, timelines)
 * need no login; a bet, "my bets" and a cash-out need a sportsbook session opened from a platform launch
 * token (the book is a vendor behind the seamless-wallet protocol, like the studio and the lottery). Money
 * travels as minor units (`*Minor`, integer strings); odds as `oddsMilli` (decimal odds × 1,000, an integer;
 * 1.91 is 1910), probabilities as `probPpm` (parts per million, the margin removed).
 */

const minorString = z.string().regex(/^[0-9]+$/);
const isoTime = z.iso.datetime({ offset: true });
const names = z.object({ EN: z.string(), HI: z.string() });

/** The book's vendor code in the platform's catalogue (vendors.vassalage). */
export const SPORTSBOOK_VENDOR_CODE = 'SPORTSBOOK';
/** The session header of the book's player calls. */
export const SPORTSBOOK_SESSION_HEADER = 'x-sportsbook-session';
/** Where the API lives. */
export const SPORTSBOOK_API = '/sportsbook/api';
/** Legs of one accumulator, at most. */
export const SPORTSBOOK_MAX_LEGS = 12;
export const SPORTSBOOK_PAGE_SIZE = 20;

export const SPORTS = [
  'cricket',
  'football',
  'kabaddi',
  'tennis',
  'cs2',
  'dota2',
  'valorant',
  'lol',
  'cockfight',
] as const;
export type SportCode = (typeof SPORTS)[number];
/** The sports of each lobby: `/sports` (SPORTS), `/esports` (ESPORTS), `/cockfight` (COCKFIGHT). */
export const SPORT_GROUPS = {
  sports: ['cricket', 'football', 'kabaddi', 'tennis'],
  esports: ['cs2', 'dota2', 'valorant', 'lol'],
  cockfight: ['cockfight'],
} as const satisfies Record<string, readonly SportCode[]>;
export type SportGroup = keyof typeof SPORT_GROUPS;

/**
 * Every market type (packages/games/src/sports/markets.ts prices and settles each; docs/sportsbook.md
 * "Markets" says what each means and how it settles).
 */
export const MARKET_TYPES = [
  // football, kabaddi
  'match_result',
  'double_chance',
  'total_goals',
  'asian_handicap',
  'both_teams_to_score',
  'next_goal',
  'total_points',
  'handicap',
  // cricket
  'match_winner',
  'innings_runs',
  'next_wicket',
  'top_batsman',
  // tennis
  'total_games',
  'set_handicap',
  // e-sports
  'map_winner',
  'map_handicap',
  'total_maps',
  'total_rounds',
  // cockfight
  'fight_winner',
] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

export const EVENT_STATUSES = ['scheduled', 'live', 'ended', 'resulted', 'cancelled'] as const;
export type SportsEventStatus = (typeof EVENT_STATUSES)[number];
export const MARKET_STATUSES = ['open', 'suspended', 'closed', 'resulted', 'void'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];
export const OUTCOMES = ['win', 'lose', 'void', 'half_win', 'half_lose'] as const;
export type SelectionOutcome = (typeof OUTCOMES)[number];
export const ACCEPT_RULES = ['any', 'higher', 'none'] as const;
export type AcceptRule = (typeof ACCEPT_RULES)[number];
export const ODDS_FORMATS = ['decimal', 'fractional', 'indian', 'malay'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

export const sportsEventIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
export const sportsBetIdSchema = z.string().regex(/^SB-[1-9][0-9]{0,17}$/);

/**
 * The public score, per sport: `home`/`away` goals, points or runs (cricket: `"142/3"` as runs and wickets
 * with `overs`), sets/games (tennis), maps/rounds (e-sports); `clock` as the sport shows it ("67'",
 * "14.3 ov", "Map 2 · R 17", "Set 2 · 4-3"), `period` the half, innings, set or map.
 */
export const sportsScoreSchema = z.object({
  home: z.string(),
  away: z.string(),
  clock: z.string(),
  period: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type SportsScore = z.infer<typeof sportsScoreSchema>;

export const sportsSelectionSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: names,
  oddsMilli: z.number().int(),
  active: z.boolean(),
  outcome: z.enum(OUTCOMES).nullable(),
  deadHeatMilli: z.number().int().nullable(),
});
export type SportsSelection = z.infer<typeof sportsSelectionSchema>;

export const sportsMarketSchema = z.object({
  id: z.string(),
  type: z.enum(MARKET_TYPES),
  param: z.string(),
  /** The line × 1000 (2.5 goals is 2500, a −1.25 handicap −1250), 0 when the market has none. */
  lineMilli: z.number().int(),
  status: z.enum(MARKET_STATUSES),
  inPlay: z.boolean(),
  version: z.number().int(),
  minOddsMilli: z.number().int(),
  maxStakeMinor: minorString,
  selections: z.array(sportsSelectionSchema),
});
export type SportsMarket = z.infer<typeof sportsMarketSchema>;

export const sportsTimelineItemSchema = z.object({
  seq: z.number().int(),
  at: isoTime,
  clock: z.string(),
  kind: z.string(),
  side: z.enum(['', 'home', 'away']),
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type SportsTimelineItem = z.infer<typeof sportsTimelineItemSchema>;

export const sportsEventSummarySchema = z.object({
  id: z.string(),
  sport: z.enum(SPORTS),
  competition: z.object({ code: z.string(), name: names }),
  format: z.string(),
  home: names,
  away: names,
  startsAt: isoTime,
  status: z.enum(EVENT_STATUSES),
  score: sportsScoreSchema.nullable(),
  /** The main market (match result / winner / fight winner), for the lobby's odds buttons. */
  mainMarket: sportsMarketSchema.nullable(),
  marketCount: z.number().int(),
});
export type SportsEventSummary = z.infer<typeof sportsEventSummarySchema>;

export const sportsEventDetailSchema = sportsEventSummarySchema.extend({
  markets: z.array(sportsMarketSchema),
  timeline: z.array(sportsTimelineItemSchema),
  betDelayMs: z.number().int(),
});
export type SportsEventDetail = z.infer<typeof sportsEventDetailSchema>;

/** The book's three lobbies: /sports, /esports and the /cockfight arena. */
const sportsGroupSchema = z.enum(['sports', 'esports', 'cockfight']).default('sports');

export const sportsEventsQuerySchema = z.object({
  group: sportsGroupSchema,
  sport: z.enum(SPORTS).optional(),
  competition: z.string().max(40).optional(),
  /** live: in play now; soon: starting within 2 hours; all: both and the later ones. */
  when: z.enum(['live', 'soon', 'all']).default('all'),
});
export const sportsEventsResponseSchema = envelopeOf(
  z.object({
    sports: z.array(z.object({ sport: z.enum(SPORTS), live: z.number().int(), total: z.number().int() })),
    competitions: z.array(z.object({ code: z.string(), sport: z.enum(SPORTS), name: names })),
    list: z.array(sportsEventSummarySchema),
  }),
);
/** Results a read lists at most (`GET /sportsbook/api/results`'s `limit`). */
export const SPORTSBOOK_RESULTS_MAX = 50;
/**
 * `GET /sportsbook/api/results`: the latest finished events (resulted or cancelled) of a group, newest first,
 * each with its main market's outcomes (the arena's "last results").
 */
export const sportsResultsQuerySchema = z.object({
  group: sportsGroupSchema,
  sport: z.enum(SPORTS).optional(),
  limit: z.coerce.number().int().min(1).max(SPORTSBOOK_RESULTS_MAX).default(10),
});
export const sportsResultsResponseSchema = envelopeOf(z.object({ list: z.array(sportsEventSummarySchema) }));
export const sportsEventResponseSchema = envelopeOf(sportsEventDetailSchema);
export const sportsEventParams = z.object({ eventId: sportsEventIdSchema });

export const sportsSessionRequestSchema = z.strictObject({ launchToken: z.string().min(16).max(256) });
export const sportsSessionSchema = z.object({
  sessionToken: z.string(),
  playerRef: z.string(),
  currency: z.string(),
  language: z.string(),
  balanceMinor: minorString,
  expiresAt: isoTime,
});
export const sportsSessionResponseSchema = envelopeOf(sportsSessionSchema);

export const sportsLegRequestSchema = z.strictObject({
  selectionId: z.string().regex(/^[1-9][0-9]{0,17}$/),
  /** The odds the player saw: with `acceptRule` decides whether a moved price is taken. */
  oddsMilli: z.number().int().min(1001).max(10_000_000),
});
export const sportsBetRequestSchema = z.strictObject({
  requestId: z.string().min(8).max(64),
  kind: z.enum(['single', 'multi']),
  stakeMinor: minorString,
  acceptRule: z.enum(ACCEPT_RULES),
  legs: z.array(sportsLegRequestSchema).min(1).max(SPORTSBOOK_MAX_LEGS),
});
export type SportsBetRequest = z.infer<typeof sportsBetRequestSchema>;

export const BET_STATUSES = [
  'pending',
  'placed',
  'refused',
  'void',
  'settled',
  'cashed_out',
  'refunded',
  'voided',
] as const;
export type SportsBetStatus = (typeof BET_STATUSES)[number];
export const sportsBetLegSchema = z.object({
  legNo: z.number().int(),
  eventId: z.string(),
  sport: z.enum(SPORTS),
  eventName: z.object({ home: names, away: names }),
  marketId: z.string(),
  marketType: z.enum(MARKET_TYPES),
  param: z.string(),
  lineMilli: z.number().int(),
  selectionId: z.string(),
  selectionKey: z.string(),
  selectionName: names,
  oddsMilli: z.number().int(),
  outcome: z.enum(OUTCOMES).nullable(),
  deadHeatMilli: z.number().int().nullable(),
});
export const sportsBetSchema = z.object({
  betId: sportsBetIdSchema,
  kind: z.enum(['single', 'multi']),
  status: z.enum(BET_STATUSES),
  stakeMinor: minorString,
  oddsMilli: z.number().int(),
  potentialReturnMinor: minorString,
  payoutMinor: minorString.nullable(),
  cashoutMinor: minorString.nullable(),
  acceptRule: z.enum(ACCEPT_RULES),
  inPlay: z.boolean(),
  refusal: z.string().nullable(),
  placedAt: isoTime.nullable(),
  finishedAt: isoTime.nullable(),
  createdAt: isoTime,
  legs: z.array(sportsBetLegSchema),
});
export type SportsBet = z.infer<typeof sportsBetSchema>;
export const sportsBetResponseSchema = envelopeOf(
  z.object({ bet: sportsBetSchema, balanceMinor: minorString }),
);

/**
 * A moved price the player did not accept (`sportsbook_odds_changed`): the error's `details` carry the
 * legs' current odds, so the slip can show them and ask again.
 */
export const sportsOddsChangedDetailsSchema = z.object({
  legs: z.array(z.object({ selectionId: z.string(), oddsMilli: z.number().int(), active: z.boolean() })),
});

export const sportsBetsQuerySchema = z.object({
  status: z.enum(['open', 'settled', 'all']).default('all'),
  cursor: z
    .string()
    .regex(/^[0-9]+$/)
    .optional(),
});
export const sportsBetsResponseSchema = envelopeOf(
  z.object({ list: z.array(sportsBetSchema), nextCursor: z.string().nullable() }),
);
export const sportsBetParams = z.object({ betId: sportsBetIdSchema });

/** A cash-out offer: valid until `expiresAt` and only while no open leg's price moved. */
export const sportsCashoutQuoteSchema = z.object({
  quoteId: z.string(),
  betId: sportsBetIdSchema,
  valueMinor: minorString,
  expiresAt: isoTime,
});
export type SportsCashoutQuote = z.infer<typeof sportsCashoutQuoteSchema>;
export const sportsCashoutQuoteResponseSchema = envelopeOf(sportsCashoutQuoteSchema);
export const sportsCashoutAcceptSchema = z.strictObject({ quoteId: z.string().regex(/^[1-9][0-9]{0,17}$/) });

/** SPEC §7 `GCS_gameLaunchFB`: the sportsbook's launch URL for the full-width `/fbsports` page. */
export const gameLaunchFbResponseSchema = envelopeOf(z.object({ url: z.string(), gameCode: z.string() }));

// Operators (`/wps/ops/sportsbook/*`): liability, suspend/close a market, void a bet, correct a result.
export const sportsLiabilitySchema = z.object({
  eventId: z.string(),
  status: z.enum(EVENT_STATUSES),
  liabilityMinor: minorString,
  maxLiabilityMinor: minorString,
  markets: z.array(
    z.object({
      marketId: z.string(),
      type: z.enum(MARKET_TYPES),
      param: z.string(),
      lineMilli: z.number().int(),
      status: z.enum(MARKET_STATUSES),
      maxLiabilityMinor: minorString,
      selections: z.array(
        z.object({
          key: z.string(),
          liabilityMinor: minorString,
          stakesMinor: minorString,
          bets: z.number().int(),
        }),
      ),
    }),
  ),
});
export const sportsLiabilityResponseSchema = envelopeOf(sportsLiabilitySchema);
export const sportsMarketActionSchema = z.strictObject({
  action: z.enum(['suspend', 'reopen', 'close']),
});
export const sportsVoidBetSchema = z.strictObject({ reason: z.string().trim().min(3).max(200) });
export const sportsCorrectionSchema = z.strictObject({
  reason: z.string().trim().min(3).max(200),
  /** Every selection of the market with its corrected outcome. */
  outcomes: z
    .array(
      z.strictObject({
        key: z.string().min(1).max(32),
        outcome: z.enum(OUTCOMES),
        deadHeatMilli: z.number().int().min(1).max(999).nullable().default(null),
      }),
    )
    .min(1)
    .max(64),
});
export const sportsMarketParams = z.object({ marketId: z.string().regex(/^[1-9][0-9]{0,17}$/) });
