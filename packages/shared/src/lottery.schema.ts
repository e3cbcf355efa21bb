import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * The lottery engine's API (issue 20, docs/lottery.md). Public reads (games, draws, results, trends, the
 * SPEC §7 lgw menus) need no login; a bet slip and "my bets" need a lottery session opened from a platform
 * launch token (the engine is a vendor behind the seamless-wallet protocol, like the studio). Money travels
 * as minor units (`*Minor`, integer strings); odds as `odds1e4` (decimal odds × 10,000, an integer string).
 */

const minorString = z.string().regex(/^[0-9]+$/);
const unitsString = z.string().regex(/^[0-9]+$/);
const isoTime = z.iso.datetime({ offset: true });
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const LOTTERY_FAMILIES = [
  'vn',
  'sea4d',
  'sea6d',
  'lott5d',
  'dice3',
  'pick11x5',
  'race10',
  'keno',
] as const;
export type LotteryFamilyCode = (typeof LOTTERY_FAMILIES)[number];
export const LOTTERY_VARIANTS = ['', 'north', 'south'] as const;
export const LOTTERY_SOURCES = ['inhouse', 'external'] as const;

/** The session header of the engine's player calls. */
export const LOTTERY_SESSION_HEADER = 'x-lottery-session';
/** Where the API lives (under the /lotto prefix of SPEC §7). */
export const LOTTERY_API = '/lotto/api';
/** The engine's vendor code in the platform's catalogue (vendors.vassalage). */
export const LOTTERY_VENDOR_CODE = 'LOTTO';
/** Most lines one slip may carry (a game may allow fewer: `limits.maxLines`). */
export const LOTTERY_MAX_LINES = 100;
export const LOTTERY_PAGE_SIZE = 20;
/** SPEC §7/§9: popular lottery 20, Vietnam numbers 100. */
export const LOTTERY_POPULAR_COUNT = 20;
export const LOTTERY_VN_NUMBERS_COUNT = 100;

export const lotteryGameCodeSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/);
/** The public id of a draw: `<gameCode>-<drawNo>`, also the HMAC message's client seed of an in-house draw. */
export const lotteryDrawIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}-[0-9]{8}(-[0-9]{4})?$/);
export const lotterySlipIdSchema = z.string().regex(/^LTO-[1-9][0-9]{0,17}$/);

/**
 * A game's calendar. `interval`: a draw at every multiple of `everySeconds` since the Unix epoch (UTC);
 * `daily`: at `time` in `timeZone` on the ISO `weekdays` (1 = Monday). Betting on a draw opens when the
 * previous draw happens and closes `closeBeforeSeconds` before its own.
 */
export const lotteryScheduleSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('interval'),
    everySeconds: z.number().int().min(30).max(86_400),
    closeBeforeSeconds: z.number().int().min(0).max(3_600),
  }),
  z.strictObject({
    kind: z.literal('daily'),
    timeZone: z.string().min(1).max(64),
    time: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/),
    weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
    closeBeforeSeconds: z.number().int().min(0).max(86_400),
  }),
]);
export type LotterySchedule = z.infer<typeof lotteryScheduleSchema>;

/** A result as packages/games/src/lottery/types.ts `LotteryResult` (checked there per family). */
export const lotteryResultSchema = z.record(z.string(), z.unknown());

/**
 * A draw as the public sees it. `status`: upcoming (window not open yet), open (bets accepted), closed
 * (window closed, waiting for the draw time), awaiting_result (external: waiting for the confirmed official
 * result), drawn (result in, settling), settled, cancelled (stakes refunded). `seed` only once drawn.
 */
export const LOTTERY_DRAW_STATUSES = [
  'upcoming',
  'open',
  'closed',
  'awaiting_result',
  'drawn',
  'settled',
  'cancelled',
] as const;
export type LotteryDrawStatus = (typeof LOTTERY_DRAW_STATUSES)[number];
export const lotteryDrawSchema = z.object({
  drawId: lotteryDrawIdSchema,
  gameCode: lotteryGameCodeSchema,
  drawNo: z.string(),
  opensAt: isoTime,
  closesAt: isoTime,
  drawsAt: isoTime,
  status: z.enum(LOTTERY_DRAW_STATUSES),
  source: z.enum(LOTTERY_SOURCES),
  seedHash: hex64.nullable(),
  seed: hex64.nullable(),
  result: lotteryResultSchema.nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

export const lotteryGameSummarySchema = z.object({
  gameCode: lotteryGameCodeSchema,
  name: z.string(),
  family: z.enum(LOTTERY_FAMILIES),
  variant: z.enum(LOTTERY_VARIANTS),
  region: z.string(),
  source: z.enum(LOTTERY_SOURCES),
  /** The catalogue's game type: LOTT or ELOTT. */
  gameType: z.enum(['LOTT', 'ELOTT']),
  /** Seconds between draws for interval games; null for a daily calendar. */
  everySeconds: z.number().int().nullable(),
  /** The draw bets go to now (open), else the next one; null when none is scheduled. */
  nextDraw: lotteryDrawSchema.nullable(),
  lastResult: lotteryDrawSchema.nullable(),
});
export type LotteryGameSummary = z.infer<typeof lotteryGameSummarySchema>;

export const lotteryOddsSchema = z.object({
  betType: z.string(),
  odds1e4: unitsString,
  maxUnits: unitsString,
  table: z.record(z.string(), unitsString).optional(),
  declaredReturn: z.number(),
});
export type LotteryOddsView = z.infer<typeof lotteryOddsSchema>;

export const lotteryGameDetailSchema = lotteryGameSummarySchema.extend({
  odds: z.array(lotteryOddsSchema),
  limits: z.object({
    minStakeMinor: minorString,
    maxStakeMinor: minorString,
    maxLines: z.number().int(),
    maxPayoutMinor: minorString,
  }),
  currency: z.string(),
  currencySymbol: z.string(),
});
export type LotteryGameDetail = z.infer<typeof lotteryGameDetailSchema>;

export const lotteryGamesQuerySchema = z.object({
  language: z.string().max(8).optional(),
  family: z.enum(LOTTERY_FAMILIES).optional(),
});
export const lotteryGamesResponseSchema = envelopeOf(z.object({ list: z.array(lotteryGameSummarySchema) }));
export const lotteryGameResponseSchema = envelopeOf(lotteryGameDetailSchema);
export const lotteryDrawResponseSchema = envelopeOf(lotteryDrawSchema);

export const lotteryHistoryQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(LOTTERY_PAGE_SIZE),
});
export const lotteryHistoryResponseSchema = envelopeOf(
  z.object({ list: z.array(lotteryDrawSchema), pageNum: z.number().int(), totalPages: z.number().int() }),
);

/**
 * Trends over the last `sampleSize` drawn results: per group (a digit position 'p1'…, or 'all' for numbers
 * of the whole draw: lô's last-two digits, keno numbers, 11x5 balls), how often each value came, how many
 * draws since each was last seen, and the five hottest and coldest.
 */
export const lotteryTrendsQuerySchema = z.object({
  sample: z.coerce.number().int().min(10).max(500).default(100),
});
export const lotteryTrendGroupSchema = z.object({
  group: z.string(),
  counts: z.record(z.string(), z.number().int()),
  missing: z.record(z.string(), z.number().int()),
  hot: z.array(z.string()),
  cold: z.array(z.string()),
});
export const lotteryTrendsResponseSchema = envelopeOf(
  z.object({
    gameCode: lotteryGameCodeSchema,
    sampleSize: z.number().int(),
    groups: z.array(lotteryTrendGroupSchema),
  }),
);

// --- player session and bet slips (session header) ---

export const lotterySessionRequestSchema = z.strictObject({ launchToken: z.string().min(16).max(256) });
export const lotterySessionSchema = z.object({
  sessionToken: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  balanceMinor: minorString,
  language: z.string(),
  nickname: z.string(),
});
export const lotterySessionResponseSchema = envelopeOf(lotterySessionSchema);
export const lotteryBalanceResponseSchema = envelopeOf(z.object({ balanceMinor: minorString }));

export const lotteryLineRequestSchema = z.strictObject({
  betType: z.string().regex(/^[a-z0-9]{1,16}$/),
  selection: z.string().min(1).max(64),
  stakeMinor: z.string().regex(/^[1-9][0-9]{0,14}$/),
});
export const lotterySlipRequestSchema = z.strictObject({
  /** Made by the bet slip's confirm dialog; the same id replays the first answer. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  drawId: lotteryDrawIdSchema,
  lines: z.array(lotteryLineRequestSchema).min(1).max(LOTTERY_MAX_LINES),
});
export type LotterySlipRequest = z.infer<typeof lotterySlipRequestSchema>;

export const LOTTERY_SLIP_STATUSES = ['pending', 'placed', 'refused', 'void', 'settled', 'refunded'] as const;
export type LotterySlipStatus = (typeof LOTTERY_SLIP_STATUSES)[number];
export const lotterySlipSchema = z.object({
  slipId: lotterySlipIdSchema,
  drawId: lotteryDrawIdSchema,
  gameCode: lotteryGameCodeSchema,
  gameName: z.string(),
  drawNo: z.string(),
  drawsAt: isoTime,
  status: z.enum(LOTTERY_SLIP_STATUSES),
  totalStakeMinor: minorString,
  /** What the slip paid (settled only). */
  payoutMinor: minorString.nullable(),
  /** The most it can pay (sum of its lines' max payouts). */
  maxPayoutMinor: minorString,
  createdAt: isoTime,
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      betType: z.string(),
      selection: z.string(),
      stakeMinor: minorString,
      odds1e4: unitsString,
      maxPayoutMinor: minorString,
      payoutMinor: minorString.nullable(),
    }),
  ),
});
export type LotterySlip = z.infer<typeof lotterySlipSchema>;
export const lotteryPlaceResponseSchema = envelopeOf(
  z.object({ slip: lotterySlipSchema, balanceMinor: minorString }),
);
export const lotterySlipsQuerySchema = z.object({
  status: z.enum(['open', 'settled', 'all']).default('all'),
  gameCode: lotteryGameCodeSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(LOTTERY_PAGE_SIZE),
});
export const lotterySlipsResponseSchema = envelopeOf(
  z.object({ list: z.array(lotterySlipSchema), pageNum: z.number().int(), totalPages: z.number().int() }),
);

// --- SPEC §7 lgw paths (public) ---

export const LOTTERY_LGW_PATHS = {
  vnMenu: '/lgw/vn/games/game_menu',
  vnMenuRecent: '/lgw/vn/games/game_menu/recent',
  vnNumbers: '/lgw/vn/numeros/opened/game',
  popular: '/lotto/lgw/games/opened/numero',
} as const;

/** SPEC §7 "popular lottery (count 20) and Vietnam numbers (count 100): prize mode, device, language". */
export const lotteryLgwQuerySchema = z.object({
  prizeMode: z.enum(['Lott', 'ZY', 'Elott', 'SEA']).optional(),
  device: z.string().max(32).optional(),
  language: z.string().max(8).optional(),
  count: z.coerce.number().int().min(1).max(LOTTERY_VN_NUMBERS_COUNT).optional(),
});
/** One opened (drawn) number of a game: its draw and the headline number (special / first prize / digits). */
export const lotteryOpenedNumberSchema = z.object({
  gameCode: lotteryGameCodeSchema,
  name: z.string(),
  drawId: lotteryDrawIdSchema,
  drawNo: z.string(),
  drawnAt: isoTime,
  /** The headline as shown on a card: VN special prize, 4D first prize, LOTT digits joined. */
  numero: z.string(),
  result: lotteryResultSchema,
});
export const lotteryOpenedResponseSchema = envelopeOf(z.object({ list: z.array(lotteryOpenedNumberSchema) }));
/** The VN menu: regions (North, Central, South, Fast) and their games with the next draw. */
export const lotteryVnMenuResponseSchema = envelopeOf(
  z.object({
    list: z.array(
      z.object({ region: z.string(), name: z.string(), games: z.array(lotteryGameSummarySchema) }),
    ),
    /** SPEC §7 lobby link. */
    lobby: z.object({ lottoArea: z.literal('VN'), launchMode: z.literal('LOTT') }),
  }),
);

// --- operators: a draw's liability (engine part) ---

/**
 * A draw's liability as operators see it: per selection key (`<betType>:<selection>`), the exposure (the
 * most the draw pays on it if it wins, as the engine limits it), the stakes and lines standing on it.
 * `worstCaseMinor` bounds the draw's payout from above (every key winning at once; keys of one draw may win
 * together, e.g. several lô numbers); `largestMinor` is the biggest single key, against `maxPayoutMinor`.
 */
export const lotteryLiabilitySchema = z.object({
  drawId: lotteryDrawIdSchema,
  status: z.string(),
  maxPayoutMinor: minorString,
  stakesMinor: minorString,
  worstCaseMinor: minorString,
  largestMinor: minorString,
  selections: z.array(
    z.object({
      key: z.string(),
      betType: z.string(),
      selection: z.string(),
      exposureMinor: minorString,
      stakeMinor: minorString,
      lines: z.number().int(),
    }),
  ),
});
export type LotteryLiability = z.infer<typeof lotteryLiabilitySchema>;
export const lotteryLiabilityResponseSchema = envelopeOf(lotteryLiabilitySchema);
/** The engine's DEV_INBOX route's answer: which lottery jobs ran now. */
export const lotteryRunJobsResponseSchema = envelopeOf(z.object({ ran: z.array(z.string()) }));

// --- operators (/wps/ops/lottery, operator auth; the CLI `npm run ops lottery:…` runs the same services) ---

const marginBpSchema = z.number().int().min(0).max(5000);
const stakeMinorSchema = z.string().regex(/^[1-9][0-9]{0,14}$/);
const reasonSchema = z.string().trim().min(1).max(200);

export const lotteryGameCodeParams = z.object({ gameCode: lotteryGameCodeSchema });
export const lotteryDrawIdParams = z.object({ drawId: lotteryDrawIdSchema });

/** A game as the back office sees it: every setting, both names. */
export const lotteryOperatorGameSchema = z.object({
  gameCode: lotteryGameCodeSchema,
  names: z.record(z.string(), z.string()),
  family: z.enum(LOTTERY_FAMILIES),
  variant: z.enum(LOTTERY_VARIANTS),
  region: z.string(),
  source: z.enum(LOTTERY_SOURCES),
  gameType: z.enum(['LOTT', 'ELOTT']),
  schedule: lotteryScheduleSchema,
  marginBp: z.number().int(),
  limits: z.object({
    minStakeMinor: minorString,
    maxStakeMinor: minorString,
    maxLines: z.number().int(),
    maxPayoutMinor: minorString,
  }),
  enabled: z.boolean(),
  sort: z.number().int(),
  createdBy: z.string(),
});
export type LotteryOperatorGame = z.infer<typeof lotteryOperatorGameSchema>;
export const lotteryOperatorGameResponse = envelopeOf(lotteryOperatorGameSchema);
export const lotteryOperatorGamesResponse = envelopeOf(
  z.object({ list: z.array(lotteryOperatorGameSchema) }),
);

/** A new game: its catalogue row (vendor LOTTO, game type LOTT or ELOTT) and its engine row. */
export const lotteryCreateGameBodySchema = z.strictObject({
  gameCode: lotteryGameCodeSchema,
  nameEn: z.string().trim().min(1).max(64),
  nameHi: z.string().trim().min(1).max(64),
  family: z.enum(LOTTERY_FAMILIES),
  variant: z.enum(LOTTERY_VARIANTS).default(''),
  region: z.string().regex(/^[A-Z]{2,8}$/),
  source: z.enum(LOTTERY_SOURCES),
  gameType: z.enum(['LOTT', 'ELOTT']).default('LOTT'),
  schedule: lotteryScheduleSchema,
  marginBp: marginBpSchema,
  minStakeMinor: stakeMinorSchema,
  maxStakeMinor: stakeMinorSchema,
  maxLines: z.number().int().min(1).max(LOTTERY_MAX_LINES).default(20),
  maxPayoutMinor: stakeMinorSchema,
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type LotteryCreateGameBody = z.infer<typeof lotteryCreateGameBodySchema>;

/** A change of a game's settings; what is left out stays. New draws use it; draws already made keep theirs. */
export const lotteryUpdateGameBodySchema = z.strictObject({
  marginBp: marginBpSchema.optional(),
  minStakeMinor: stakeMinorSchema.optional(),
  maxStakeMinor: stakeMinorSchema.optional(),
  maxLines: z.number().int().min(1).max(LOTTERY_MAX_LINES).optional(),
  maxPayoutMinor: stakeMinorSchema.optional(),
  schedule: lotteryScheduleSchema.optional(),
  enabled: z.boolean().optional(),
});
export type LotteryUpdateGameBody = z.infer<typeof lotteryUpdateGameBodySchema>;

export const LOTTERY_DB_DRAW_STATUSES = [
  'scheduled',
  'result_entered',
  'drawn',
  'settled',
  'cancelled',
] as const;
/** An external result as entered, waiting for (or decided by) a second operator. */
export const lotteryResultEntrySchema = z.object({
  entryId: z.string(),
  result: lotteryResultSchema,
  source: z.enum(['api', 'file']),
  fileName: z.string().nullable(),
  enteredBy: z.string(),
  enteredAt: isoTime,
  status: z.enum(['pending', 'confirmed', 'rejected']),
  decidedBy: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  rejectReason: z.string().nullable(),
});
/** A draw as the back office sees it: the public view plus the stored status, the last entry and a cancel. */
export const lotteryOperatorDrawSchema = lotteryDrawSchema.extend({
  storedStatus: z.enum(LOTTERY_DB_DRAW_STATUSES),
  entry: lotteryResultEntrySchema.nullable(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.string().nullable(),
});
export type LotteryOperatorDraw = z.infer<typeof lotteryOperatorDrawSchema>;
export const lotteryOperatorDrawResponse = envelopeOf(lotteryOperatorDrawSchema);
export const lotteryOperatorDrawsQuerySchema = z.object({
  status: z.enum(LOTTERY_DB_DRAW_STATUSES).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(LOTTERY_PAGE_SIZE),
});
export const lotteryOperatorDrawsResponse = envelopeOf(
  z.object({
    list: z.array(lotteryOperatorDrawSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
  }),
);

export const lotteryResultBodySchema = z.strictObject({ result: lotteryResultSchema });
export const lotteryReasonBodySchema = z.strictObject({ reason: reasonSchema });

/** The results file (`lottery:result-import --file`, `POST /wps/ops/lottery/results/import`): many draws at once, each entered pending. */
export const lotteryResultsFileSchema = z.array(
  z.strictObject({ drawId: lotteryDrawIdSchema, result: lotteryResultSchema }),
);
export const lotteryImportBodySchema = z.strictObject({
  fileName: z.string().trim().min(1).max(200).optional(),
  entries: lotteryResultsFileSchema.min(1).max(1000),
});
export type LotteryImportBody = z.infer<typeof lotteryImportBodySchema>;
export const lotteryImportResponse = envelopeOf(
  z.object({ list: z.array(z.object({ drawId: lotteryDrawIdSchema, entryId: z.string() })) }),
);

/** One opened number as the lgw paths answer it (the server builds it, the home page reads it). */
export type LotteryOpenedNumber = z.infer<typeof lotteryOpenedNumberSchema>;
