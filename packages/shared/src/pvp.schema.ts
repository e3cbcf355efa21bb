import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * PVP rooms (issue 22, docs/pvp.md "Server"): player-versus-player card tables. A room is one table of one
 * game kind (Teen Patti today; the room layer is a registry of kinds so a second game plugs in). Money
 * travels as minor units (`*Minor`, integer strings). Everything here needs a login: a table's snapshot is
 * per viewer (a player sees their own cards, once seen, and everyone's only at a show).
 *
 * - `GET  /wps/relay/GLS2_roomList` lists the rooms (games.schema.ts `roomListSchema`: this file's
 *   `pvpRoomListItemSchema` plus the SPEC's names).
 * - `GET  /wps/pvp/rooms/:roomCode` the table as the viewer sees it (`pvpTableResponse`).
 * - `POST /wps/pvp/rooms/:roomCode/actions` one action (`pvpActionRequestSchema`); answers the new
 *   snapshot. `sit` and `leave` move money and need an `Idempotency-Key` header.
 * - WebSocket `/wps/ws` (realtime.ts): `{ type: 'pvp.subscribe', roomCode }` after `auth` → `pvp.subscribed`,
 *   then a `pvp.table` push (this file's `PvpTable`) after every change of the room.
 */

const minorString = z.string().regex(/^[0-9]+$/);
const isoTime = z.iso.datetime({ offset: true });

/** The PVP vendor's code (the room layer is a vendor behind the seamless-wallet protocol). */
export const PVP_VENDOR_CODE = 'PVP';
export const PVP_API = '/wps/pvp';
/** How long a player has for their turn (or a side show's reply) before the clock packs (declines) for them. */
export const PVP_TURN_MS = 30_000;
/** How many of the last events a snapshot carries. */
export const PVP_LAST_EVENTS = 30;

export const PVP_GAME_KINDS = ['teen-patti'] as const;
export type PvpGameKind = (typeof PVP_GAME_KINDS)[number];

/** A room's code: lower-case letters, digits and dashes, e.g. `tp-low`. */
export const pvpRoomCodeSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/);

/** `waiting`: no hand running (fewer than two players with chips ≥ the boot); `playing`: a hand runs. */
export const PVP_ROOM_STATES = ['waiting', 'playing'] as const;
export type PvpRoomState = (typeof PVP_ROOM_STATES)[number];

export const pvpStakesSchema = z.object({
  /** The boot (ante) every dealt player puts in; the opening stake. */
  bootMinor: minorString,
  minBuyInMinor: minorString,
  maxBuyInMinor: minorString,
  /** The chaal limit: the stake is never raised above it. */
  maxStakeMinor: minorString,
  /** A pot that reaches it ends the hand with a show of everyone left. */
  potLimitMinor: minorString,
  /** The house's rake, basis points of every pot (500 = 5 %), at most `rakeCapMinor` a pot. */
  rakeBps: z.number().int(),
  rakeCapMinor: minorString,
});
export type PvpStakes = z.infer<typeof pvpStakesSchema>;

export const pvpRoomListItemSchema = z.object({
  roomCode: pvpRoomCodeSchema,
  gameKind: z.enum(PVP_GAME_KINDS),
  /** In the viewer's language. */
  name: z.string(),
  currency: z.string(),
  stakes: pvpStakesSchema,
  seatsTotal: z.number().int(),
  seatsTaken: z.number().int(),
  state: z.enum(PVP_ROOM_STATES),
});
export type PvpRoomListItem = z.infer<typeof pvpRoomListItemSchema>;

export const pvpRoomParamsSchema = z.object({ roomCode: pvpRoomCodeSchema });

/** A card: rank 1..13 (1 = ace, 11 J, 12 Q, 13 K), suit 0..3 (♠ ♥ ♦ ♣). */
export const pvpCardSchema = z.object({ rank: z.number().int(), suit: z.number().int() });
export type PvpCard = z.infer<typeof pvpCardSchema>;

/**
 * A seated player's status: `waiting` sat down but not dealt in this hand (or no hand runs), `blind` / `seen`
 * in the hand, `packed` folded this hand.
 */
export const PVP_SEAT_STATUSES = ['waiting', 'blind', 'seen', 'packed'] as const;
export type PvpSeatStatus = (typeof PVP_SEAT_STATUSES)[number];

export const pvpSeatSchema = z.object({
  seat: z.number().int(),
  /** The viewer's own in full; the others' starred like the leaderboard's (`ab***c`). */
  nick: z.string(),
  /** The viewer's own seat. */
  me: z.boolean(),
  /** Chips at the table, not in the pot. */
  stackMinor: minorString,
  status: z.enum(PVP_SEAT_STATUSES),
  /** What this player put in the current hand's pot. */
  inPotMinor: minorString,
  /** Only the viewer's own cards once they saw them; else null (a show's hands come in the `show` event). */
  cards: z.array(pvpCardSchema).nullable(),
});
export type PvpSeat = z.infer<typeof pvpSeatSchema>;

/** What the viewer may do now (all false / null when they are not in the hand). */
export const pvpChoicesSchema = z.object({
  /** It is the viewer's turn (or their side-show reply is awaited). */
  myTurn: z.boolean(),
  /** The two chaal amounts the viewer may bet (1×/2× blind, 2×/4× seen), or null when not their turn. */
  chaalMinor: z.tuple([minorString, minorString]).nullable(),
  canSee: z.boolean(),
  canShow: z.boolean(),
  canSideShow: z.boolean(),
  /** A side show asked of the viewer waits for their `side-show-reply`. */
  mustReplySideShow: z.boolean(),
});
export type PvpChoices = z.infer<typeof pvpChoicesSchema>;

export const pvpHandSchema = z.object({
  number: z.number().int(),
  dealer: z.number().int(),
  potMinor: minorString,
  stakeMinor: minorString,
  /** The one seat the clock runs for (the responder while a side show waits). */
  turnSeat: z.number().int(),
  turnDeadline: isoTime,
  sideShow: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
  /** SHA-256 (hex) of the hand's server seed, published before the deal; the seed comes with `hand-ended`. */
  serverSeedHash: z.string(),
});
export type PvpHand = z.infer<typeof pvpHandSchema>;

/**
 * The table's events as a viewer sees them (the reducer's events with cards filtered out: `dealt` carries no
 * cards; `cards` is the viewer's own three, sent to them alone when they see; `show` carries the shown hands,
 * public at a show; `hand-ended` reveals the hand's fair inputs for verification).
 */
export const pvpEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sat'), seat: z.number().int(), nick: z.string(), buyInMinor: minorString }),
  z.object({ type: z.literal('left'), seat: z.number().int(), nick: z.string(), chipsMinor: minorString }),
  z.object({
    type: z.literal('dealt'),
    hand: z.number().int(),
    dealer: z.number().int(),
    seats: z.array(z.number().int()),
  }),
  z.object({ type: z.literal('cards'), seat: z.number().int(), cards: z.array(pvpCardSchema) }),
  z.object({ type: z.literal('seen'), seat: z.number().int() }),
  z.object({
    type: z.literal('bet'),
    seat: z.number().int(),
    reason: z.enum(['boot', 'chaal', 'show', 'side-show']),
    amountMinor: minorString,
    blind: z.boolean(),
    stakeMinor: minorString,
    potMinor: minorString,
  }),
  z.object({ type: z.literal('turn'), seat: z.number().int() }),
  z.object({
    type: z.literal('packed'),
    seat: z.number().int(),
    reason: z.enum(['pack', 'timeout', 'leave', 'side-show']),
  }),
  z.object({
    type: z.literal('side-show'),
    from: z.number().int(),
    to: z.number().int(),
    accepted: z.boolean().nullable(),
    loser: z.number().int().nullable(),
  }),
  z.object({
    type: z.literal('show'),
    reason: z.enum(['show', 'pot-limit']),
    hands: z.array(
      z.object({
        seat: z.number().int(),
        cards: z.array(pvpCardSchema),
        category: z.enum(['high-card', 'pair', 'colour', 'sequence', 'pure-sequence', 'trail']),
      }),
    ),
  }),
  z.object({ type: z.literal('rake'), amountMinor: minorString }),
  z.object({ type: z.literal('won'), seat: z.number().int(), nick: z.string(), amountMinor: minorString }),
  z.object({
    type: z.literal('hand-ended'),
    hand: z.number().int(),
    serverSeed: z.string(),
    clientSeed: z.string(),
    nonce: z.number().int(),
  }),
]);
export type PvpEvent = z.infer<typeof pvpEventSchema>;

/** The table as one viewer sees it (`GET /wps/pvp/rooms/:roomCode`, an action's answer, `pvp.table`). */
export const pvpTableSchema = z.object({
  roomCode: pvpRoomCodeSchema,
  gameKind: z.enum(PVP_GAME_KINDS),
  name: z.string(),
  currency: z.string(),
  stakes: pvpStakesSchema,
  state: z.enum(PVP_ROOM_STATES),
  /** Grows with every change of the room; a push older than what the page holds is dropped. */
  version: z.number().int(),
  /** Indexed by seat; null for an empty seat. */
  seats: z.array(pvpSeatSchema.nullable()),
  mySeat: z.number().int().nullable(),
  hand: pvpHandSchema.nullable(),
  choices: pvpChoicesSchema,
  /** The last `PVP_LAST_EVENTS` events, oldest first, filtered for this viewer. */
  lastEvents: z.array(pvpEventSchema),
  /** "none": every seat is a real player (docs/pvp.md "Bot policy"). */
  botPolicy: z.literal('none'),
});
export type PvpTable = z.infer<typeof pvpTableSchema>;
export const pvpTableResponse = envelopeOf(pvpTableSchema);

/**
 * `POST /wps/pvp/rooms/:roomCode/actions`. The server maps the member to their seat. `sit` moves `buyInMinor`
 * from the wallet to the table and `leave` the stack back (mid-hand: the player packs first); both need an
 * `Idempotency-Key`. A refused action answers 4xx with an error code (`pvp_not_your_turn`, …).
 */
export const pvpActionRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sit'), seat: z.number().int().min(0).max(8), buyInMinor: minorString }),
  z.object({ type: z.literal('leave') }),
  z.object({ type: z.literal('see') }),
  z.object({ type: z.literal('chaal'), amountMinor: minorString }),
  z.object({ type: z.literal('pack') }),
  z.object({ type: z.literal('show') }),
  z.object({ type: z.literal('side-show') }),
  z.object({ type: z.literal('side-show-reply'), accept: z.boolean() }),
]);
export type PvpActionRequest = z.infer<typeof pvpActionRequestSchema>;
/** The actions that move money between the wallet and the table. */
export const PVP_MONEY_ACTIONS = ['sit', 'leave'] as const;
