import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import {
  LIVE_API,
  LIVE_LAST_RESULTS,
  LIVE_LOBBY_RESULTS,
  LIVE_MAX_SPOTS,
  LIVE_SESSION_HEADER,
  LIVE_VENDOR_CODE,
  REALTIME_LIVE_MAX_TABLES,
} from './live-constants.ts';
import { ROULETTE_BET_KINDS } from './originals.schema.ts';

/**
 * The in-house live tables' API (issue 22, docs/live-tables.md "Server"). Shared tables deal rounds on the
 * server clock for every player at once; the table is a vendor (`LIVE`) behind the seamless-wallet protocol
 * like the sportsbook and the lottery. Public reads (lobby, a table, a round's verify data) need no login; a
 * bet needs a live session opened from a platform launch token. Money travels as minor units (`*Minor`,
 * integer strings). The browser follows tables over the WebSocket `/wps/ws` (`live.subscribe`, below).
 */

const minorString = z.string().regex(/^[0-9]+$/);
const isoTime = z.iso.datetime({ offset: true });
const names = z.object({ EN: z.string(), HI: z.string() });

export {
  LIVE_API,
  LIVE_LAST_RESULTS,
  LIVE_LOBBY_RESULTS,
  LIVE_MAX_SPOTS,
  LIVE_SESSION_HEADER,
  LIVE_VENDOR_CODE,
  REALTIME_LIVE_MAX_TABLES,
};

export const LIVE_TABLE_KINDS = [
  'baccarat',
  'baccarat-nc',
  'dragon-tiger',
  'roulette',
  'sic-bo',
  'andar-bahar',
] as const;
export type LiveTableKind = (typeof LIVE_TABLE_KINDS)[number];

/**
 * A round's phases, in order: `betting` (bets taken until `phaseEndsAt`), `closed` ("no more bets"),
 * `dealing` (the outcome is known and shown: cards come out, the wheel spins, the dice roll), `result`
 * (bets are settled; the next round opens when it ends).
 */
export const LIVE_PHASES = ['betting', 'closed', 'dealing', 'result'] as const;
export type LivePhase = (typeof LIVE_PHASES)[number];

/** Both baccarat tables take the same spots (they differ in how the banker is paid). */
const BACCARAT_SPOTS = ['player', 'banker', 'tie', 'player-pair', 'banker-pair'] as const;

/**
 * Bet kinds per table kind. A bet *spot* is the kind alone (`banker`, `red`, `small`) or, for a kind that
 * takes numbers, `kind:n-n-…` with the numbers ascending: roulette the covered pockets
 * (`straight:17`, `split:1-2`, `dozen:1-2-…-12`; the six even chances take none), sic bo the total
 * (`total:10`), the face (`triple:3`, `double:5`, `single:6`) or two faces (`combination:1-2`).
 */
export const LIVE_BET_KINDS = {
  baccarat: BACCARAT_SPOTS,
  'baccarat-nc': BACCARAT_SPOTS,
  'dragon-tiger': ['dragon', 'tiger', 'tie'],
  roulette: ROULETTE_BET_KINDS,
  'sic-bo': [
    'small',
    'big',
    'odd',
    'even',
    'total',
    'any-triple',
    'triple',
    'double',
    'combination',
    'single',
  ],
  'andar-bahar': ['andar', 'bahar'],
} as const satisfies Record<LiveTableKind, readonly string[]>;

/** A bet spot: `kind` or `kind:n-n-…` (see LIVE_BET_KINDS). */
export const liveSpotSchema = z.string().regex(/^[a-z][a-z-]{1,15}(?::[0-9]{1,2}(?:-[0-9]{1,2}){0,17})?$/);

/** Splits a spot into its kind and numbers (no check that they fit: the server checks that). */
export function parseLiveSpot(spot: string): { kind: string; numbers: number[] } {
  const [kind = '', rest] = spot.split(':');
  return { kind, numbers: rest === undefined ? [] : rest.split('-').map(Number) };
}

/** The table's limits for one bet kind: each spot of that kind takes minMinor … maxMinor per round and player. */
export const liveLimitSchema = z.object({
  kind: z.string(),
  minMinor: minorString,
  maxMinor: minorString,
});
export type LiveLimit = z.infer<typeof liveLimitSchema>;

/** A card: rank 1 (ace) … 13 (king), suit 0–3 (♠♥♦♣). */
export const liveCardSchema = z.object({ rank: z.number().int(), suit: z.number().int() });
export type LiveCard = z.infer<typeof liveCardSchema>;

/** A round's outcome, by game (the maths' own shapes: packages/games/src/live/). */
export const liveOutcomeSchema = z.discriminatedUnion('game', [
  z.object({
    game: z.literal('baccarat'),
    player: z.array(liveCardSchema),
    banker: z.array(liveCardSchema),
    playerPoints: z.number().int(),
    bankerPoints: z.number().int(),
    winner: z.enum(['player', 'banker', 'tie']),
    playerPair: z.boolean(),
    bankerPair: z.boolean(),
    natural: z.boolean(),
  }),
  z.object({
    game: z.literal('dragon-tiger'),
    dragon: liveCardSchema,
    tiger: liveCardSchema,
    winner: z.enum(['dragon', 'tiger', 'tie']),
  }),
  z.object({
    game: z.literal('roulette'),
    pocket: z.number().int(),
    colour: z.enum(['red', 'black', 'green']),
  }),
  z.object({
    game: z.literal('sic-bo'),
    dice: z.tuple([z.number().int(), z.number().int(), z.number().int()]),
    total: z.number().int(),
  }),
  z.object({
    game: z.literal('andar-bahar'),
    joker: liveCardSchema,
    andar: z.array(liveCardSchema),
    bahar: z.array(liveCardSchema),
    winner: z.enum(['andar', 'bahar']),
  }),
]);
export type LiveOutcome = z.infer<typeof liveOutcomeSchema>;

/** One past round for the "last results" strip. */
export const liveResultSchema = z.object({
  roundId: z.string(),
  roundNo: z.number().int(),
  outcome: liveOutcomeSchema,
});
export type LiveResult = z.infer<typeof liveResultSchema>;

/**
 * The shoe (card tables) or seed (roulette, sic bo: one seed for a run of rounds, the dice or pocket of round
 * n from createDraws(seed, table code, n)) the current round comes from. `commitment` = sha256 hex of the seed,
 * published before its first round; the seed is revealed (the verify read) when the shoe ends.
 * `cardsDealt`/`cardsTotal`: card tables only (0 otherwise).
 */
export const liveShoeSchema = z.object({
  shoeId: z.string(),
  shoeNo: z.number().int(),
  commitment: z.string(),
  cardsDealt: z.number().int(),
  cardsTotal: z.number().int(),
});
export type LiveShoe = z.infer<typeof liveShoeSchema>;

/**
 * A baccarat coup for the roads (roads.ts draws bead plate, big road, big eye boy, small road and cockroach
 * pig from these): the current shoe's coups, oldest first. Empty on the other tables.
 */
export const liveRoadCoupSchema = z.object({
  winner: z.enum(['player', 'banker', 'tie']),
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
});
export type LiveRoadCoup = z.infer<typeof liveRoadCoupSchema>;

/** A table in the lobby (also the body of a `live.table` push's summary part). */
export const liveTableSummarySchema = z.object({
  code: z.string(),
  kind: z.enum(LIVE_TABLE_KINDS),
  name: names,
  currency: z.string(),
  limits: z.array(liveLimitSchema),
  phase: z.enum(LIVE_PHASES),
  phaseEndsAt: isoTime,
  /** Seconds of each phase (the countdown's full length). */
  durations: z.object({
    betting: z.number().int(),
    closed: z.number().int(),
    dealing: z.number().int(),
    result: z.number().int(),
  }),
  roundId: z.string(),
  roundNo: z.number().int(),
  /** Sockets following the table, counted per server process (docs/live-tables.md "Players"). */
  players: z.number().int(),
  shoe: liveShoeSchema,
  /** Newest first, LIVE_LOBBY_RESULTS at most. */
  lastResults: z.array(liveResultSchema),
  /** The current shoe's coups, oldest first (baccarat tables; [] otherwise). */
  road: z.array(liveRoadCoupSchema),
  /** The catalogue game that launches this table (GET /wps/game/launchGame's nodeId is the catalogue's). */
  gameCode: z.string(),
});
export type LiveTableSummary = z.infer<typeof liveTableSummarySchema>;

/** One table, as `GET /api/live/tables/:code` answers and the `live.table` push carries. */
export const liveTableSnapshotSchema = liveTableSummarySchema.extend({
  round: z.object({
    roundId: z.string(),
    roundNo: z.number().int(),
    phase: z.enum(LIVE_PHASES),
    openedAt: isoTime,
    /** When betting closes ("no more bets"). */
    bettingEndsAt: isoTime,
    /** Null while betting and closed; the cards, pocket or dice from `dealing` on. */
    outcome: liveOutcomeSchema.nullable(),
  }),
});
export type LiveTableSnapshot = z.infer<typeof liveTableSnapshotSchema>;

export const liveTablesResponseSchema = envelopeOf(z.object({ list: z.array(liveTableSummarySchema) }));
/** The table with its last LIVE_LAST_RESULTS results (newest first). */
export const liveTableResponseSchema = envelopeOf(liveTableSnapshotSchema);
export const liveTableCodeSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/);
export const liveTableParams = z.object({ code: liveTableCodeSchema });
export const liveRoundIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
export const liveRoundParams = z.object({ roundId: liveRoundIdSchema });

/**
 * `GET /api/live/rounds/:roundId/verify`: what a player needs to check the round. `seed` is null until the
 * shoe ends; then `verifyShoe(seed, commitment, shoeCards, decks)` (card tables) or the dice/pocket from
 * createDraws(seed, tableCode, roundNo) must give the round's outcome. `shoeCards`: every card the shoe has
 * dealt so far, in order (card tables), `firstCard` the index of this round's first card in it.
 */
export const liveVerifySchema = z.object({
  roundId: z.string(),
  roundNo: z.number().int(),
  tableCode: z.string(),
  kind: z.enum(LIVE_TABLE_KINDS),
  phase: z.enum(LIVE_PHASES),
  outcome: liveOutcomeSchema.nullable(),
  shoe: z.object({
    shoeId: z.string(),
    shoeNo: z.number().int(),
    decks: z.number().int(),
    commitment: z.string(),
    seed: z.string().nullable(),
    revealedAt: isoTime.nullable(),
    shoeCards: z.array(liveCardSchema),
    firstCard: z.number().int(),
    cardCount: z.number().int(),
  }),
});
export type LiveVerify = z.infer<typeof liveVerifySchema>;
export const liveVerifyResponseSchema = envelopeOf(liveVerifySchema);

// --- player session and bets (session header) ---

export const liveSessionRequestSchema = z.strictObject({ launchToken: z.string().min(16).max(256) });
export const liveSessionSchema = z.object({
  sessionToken: z.string(),
  playerRef: z.string(),
  currency: z.string(),
  language: z.string(),
  balanceMinor: minorString,
  expiresAt: isoTime,
  /** The table the launch opened (the catalogue game's table). */
  tableCode: z.string(),
});
export type LiveSession = z.infer<typeof liveSessionSchema>;
export const liveSessionResponseSchema = envelopeOf(liveSessionSchema);
export const liveBalanceResponseSchema = envelopeOf(z.object({ balanceMinor: minorString }));

/**
 * `POST /api/live/tables/:code/bets` (session header, Idempotency-Key header): the bets of one click of
 * "confirm" for the round now betting — spot → amount. Each request is one vendor round (one debit);
 * a player may send several in one betting window. Replaying the key with the same body answers the first
 * answer again.
 */
export const liveBetRequestSchema = z.strictObject({
  roundId: liveRoundIdSchema,
  bets: z.record(liveSpotSchema, z.string().regex(/^[1-9][0-9]{0,14}$/)).refine((bets) => {
    const n = Object.keys(bets).length;
    return n >= 1 && n <= LIVE_MAX_SPOTS;
  }, 'between 1 and 40 spots'),
});
export type LiveBetRequest = z.infer<typeof liveBetRequestSchema>;

export const LIVE_BET_STATUSES = ['placed', 'settled', 'refunded'] as const;
export type LiveBetStatus = (typeof LIVE_BET_STATUSES)[number];
export const liveBetSchema = z.object({
  betId: z.string().regex(/^LV-[1-9][0-9]{0,17}$/),
  tableCode: z.string(),
  roundId: z.string(),
  roundNo: z.number().int(),
  status: z.enum(LIVE_BET_STATUSES),
  stakeMinor: minorString,
  /** What the bet returned, stake included (settled only; "0" for a loss). */
  payoutMinor: minorString.nullable(),
  spots: z.array(z.object({ spot: z.string(), amountMinor: minorString, payMinor: minorString.nullable() })),
  createdAt: isoTime,
  settledAt: isoTime.nullable(),
});
export type LiveBet = z.infer<typeof liveBetSchema>;
export const liveBetResponseSchema = envelopeOf(z.object({ bet: liveBetSchema, balanceMinor: minorString }));
export const liveBetsQuerySchema = z.object({
  tableCode: liveTableCodeSchema.optional(),
  roundId: liveRoundIdSchema.optional(),
});
/** The session's bets, newest first (50 at most). */
export const liveBetsResponseSchema = envelopeOf(z.object({ list: z.array(liveBetSchema) }));

// --- WebSocket messages on /wps/ws (see realtime.ts for the socket itself) ---

/**
 * Browser → server: the tables this socket follows. Needs no login (a visitor's lobby), like
 * `lottery.subscribe`; each one replaces the previous list (at most REALTIME_LIVE_MAX_TABLES; [] stops).
 */
export type RealtimeLiveSubscribeMessage = { type: 'live.subscribe'; tableCodes: string[] };
/** Server → browser: the subscription was taken (unknown codes dropped); a `live.table` of each follows. */
export type RealtimeLiveSubscribedMessage = { type: 'live.subscribed'; tableCodes: string[] };
/**
 * Server → browser: a followed table moved (a phase change, a new round, a new shoe, the players' count):
 * its snapshot as `GET /api/live/tables/:code` answers it, but with LIVE_LOBBY_RESULTS last results.
 */
export type RealtimeLiveTableMessage = { type: 'live.table'; table: LiveTableSnapshot };
