import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/** Roulette's bet kinds (packages/games roulette.ts), for the studio's table and the live roulette table. */
export const ROULETTE_BET_KINDS = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'basket',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;

/**
 * The in-house studio's own API, which its game screens (in the game iframe) call
 * (docs/games-contract.md "In-house vendor"). The studio is a vendor like any other: it knows players
 * only through the seamless-wallet protocol, so nothing here touches the platform's session or wallet.
 * Every call except `POST /originals/api/sessions` carries `X-Originals-Session: <sessionToken>`.
 * Outcomes are the JSON shapes of packages/games/src/types.ts.
 */

export const ORIGINALS_SESSION_HEADER = 'x-originals-session';
/** SPEC-independent studio rule: no autoplay faster than one round per 2.5 s (issue 6). */
export const AUTOPLAY_MIN_INTERVAL_MS = 2500;

const minor = z.string().regex(/^(0|[1-9][0-9]{0,17})$/);
const gameCode = z.string().regex(/^[a-z0-9-]{1,40}$/);
/** One key per intended round (the screen makes it, a retry reuses it): a repeat replays the round. */
const requestId = z.string().regex(/^[\x21-\x7e]{8,128}$/);
const clientSeed = z.string().regex(/^[\x21-\x7e]{1,64}$/);

/** `POST /originals/api/sessions`: a launch token from the platform's launch URL, or a free trial. */
export const openSessionRequestSchema = z.union([
  z.object({ launchToken: z.string().min(16).max(256) }),
  z.object({ trial: z.literal(true), gameCode, language: singleLineText().max(3).optional() }),
]);
export const seedStateSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nonce: z.number().int(),
});
export type SeedState = z.infer<typeof seedStateSchema>;
export const originalsSessionSchema = z.object({
  sessionToken: z.string(),
  trial: z.boolean(),
  gameCode,
  /** The game's static description (SlotTitle for slots, limits for table games). */
  gameType: z.enum(['RNG', 'TG', 'PVP', 'FISH']),
  currency: z.string(),
  currencySymbol: z.string(),
  balanceMinor: minor,
  minBetMinor: minor,
  maxBetMinor: minor,
  seed: seedStateSchema,
  language: z.string(),
  /**
   * Issue 22: whether the brand's rules allow slot autoplay (brands.studio_autoplay, off by default: UK
   * and Indian player-protection practice). The slot screen offers the switch only when true.
   */
  autoplayAllowed: z.boolean(),
});
export type OriginalsSession = z.infer<typeof originalsSessionSchema>;
export const originalsSessionResponse = envelopeOf(originalsSessionSchema);

/** `GET /originals/api/balance`. */
export const originalsBalanceSchema = z.object({ balanceMinor: minor });
export const originalsBalanceResponse = envelopeOf(originalsBalanceSchema);

/** `POST /originals/api/rounds`: plays one round of the session's game. */
export const playRoundRequestSchema = z.object({
  requestId,
  /**
   * Plays one free round of this promotion grant (issue 19; GET /wps/member/free-rounds): the grant's
   * fixed stake replaces the bet's, and the brand funds it. Real-money sessions of the grant's slot only.
   */
  freeRoundGrantId: z
    .string()
    .regex(/^[1-9][0-9]{0,18}$/)
    .optional(),
  bet: z.discriminatedUnion('game', [
    z.object({ game: z.literal('slot'), betMinor: minor }),
    z.object({
      game: z.literal('roulette'),
      bets: z
        .array(
          z.object({
            kind: z.enum(ROULETTE_BET_KINDS),
            numbers: z.array(z.number().int().min(0).max(36)).max(18),
            amountMinor: minor,
          }),
        )
        .min(1)
        .max(60),
    }),
    z.object({
      game: z.literal('dragon-tiger'),
      bets: z
        .array(z.object({ side: z.enum(['dragon', 'tiger', 'tie']), amountMinor: minor }))
        .min(1)
        .max(3),
    }),
    // Issue 22: the studio's single-player sic bo, baccarat and andar bahar (packages/games studio/).
    z.object({
      game: z.literal('sic-bo'),
      bets: z
        .array(
          z.object({
            kind: z.enum([
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
            ]),
            numbers: z.array(z.number().int().min(1).max(17)).max(2),
            amountMinor: minor,
          }),
        )
        .min(1)
        .max(50),
    }),
    z.object({
      game: z.literal('baccarat'),
      bets: z
        .array(
          z.object({
            kind: z.enum(['player', 'banker', 'tie', 'player-pair', 'banker-pair']),
            amountMinor: minor,
          }),
        )
        .min(1)
        .max(5),
    }),
    z.object({
      game: z.literal('andar-bahar'),
      bets: z
        .array(z.object({ side: z.enum(['andar', 'bahar']), amountMinor: minor }))
        .min(1)
        .max(2),
    }),
  ]),
});
export type PlayRoundRequest = z.infer<typeof playRoundRequestSchema>;

export const roundSchema = z.object({
  roundId: z.string(),
  gameCode,
  trial: z.boolean(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** Revealed once the seed is rotated; null before. */
  serverSeed: z.string().nullable(),
  stakeMinor: minor,
  payoutMinor: minor,
  /** The GameOutcome JSON of packages/games (with the bet inside). */
  outcome: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type Round = z.infer<typeof roundSchema>;
/** The free round a play took: round `n` of `total` ("Free round k of N"), `roundsLeft` after it. */
export const freeRoundTakenSchema = z.object({
  grantId: z.string(),
  n: z.number().int(),
  total: z.number().int(),
  roundsLeft: z.number().int(),
  stakeMinor: minor,
});
export type FreeRoundTaken = z.infer<typeof freeRoundTakenSchema>;
export const playRoundSchema = z.object({
  round: roundSchema,
  balanceMinor: minor,
  seed: seedStateSchema,
  freeRound: freeRoundTakenSchema.optional(),
});
export type PlayRound = z.infer<typeof playRoundSchema>;
export const playRoundResponse = envelopeOf(playRoundSchema);

/** `PUT /originals/api/seeds/client`: the player's own client seed for the next rounds. */
export const clientSeedRequestSchema = z.object({ clientSeed });
/** `POST /originals/api/seeds/rotate`: reveals the current server seed and commits to a new one. */
export const rotateSeedSchema = z.object({
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    /** Rounds played with it: nonces 0 .. rounds - 1. */
    rounds: z.number().int(),
  }),
  seed: seedStateSchema,
});
export type RotateSeed = z.infer<typeof rotateSeedSchema>;
export const rotateSeedResponse = envelopeOf(rotateSeedSchema);
export const seedStateResponse = envelopeOf(seedStateSchema);

/**
 * `GET /originals/api/rounds?pageNo=&pageSize=&gameCode=` (the session's player, newest first; `gameCode`:
 * only that game's rounds, the game screen's "last 10 rounds" recall) and `/rounds/:roundId`.
 */
export const roundsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  gameCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .optional(),
});
export const roundsSchema = z.object({
  list: z.array(roundSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
});
export type Rounds = z.infer<typeof roundsSchema>;
export const roundsResponse = envelopeOf(roundsSchema);
export const roundResponse = envelopeOf(z.object({ round: roundSchema }));
