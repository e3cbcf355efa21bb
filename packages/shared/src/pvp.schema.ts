import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { PVP_API, PVP_LAST_EVENTS, PVP_TURN_MS, PVP_VENDOR_CODE } from './pvp-constants.ts';

/**
 * PVP rooms (issue 22, docs/pvp.md "Server"): player-versus-player card tables. A room is one table of one
 * game kind (Teen Patti or 13-card Points Rummy; the room layer is a registry of kinds). Money
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

export { PVP_API, PVP_LAST_EVENTS, PVP_TURN_MS, PVP_VENDOR_CODE };

export const PVP_GAME_KINDS = ['teen-patti', 'rummy'] as const;
export type PvpGameKind = (typeof PVP_GAME_KINDS)[number];

/** A room's code: lower-case letters, digits and dashes, e.g. `tp-low`. */
export const pvpRoomCodeSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/);

/** `waiting`: no hand running (fewer than two players with chips ≥ the boot); `playing`: a hand runs. */
export const PVP_ROOM_STATES = ['waiting', 'playing'] as const;
export type PvpRoomState = (typeof PVP_ROOM_STATES)[number];

/** Teen Patti's stakes (the room's config as the API shows it). */
export const teenPattiStakesSchema = z.object({
  kind: z.literal('teen-patti'),
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

/** Points Rummy's stakes: a point's value, the hold each dealt player puts in (80 points), the rake. */
export const rummyStakesSchema = z.object({
  kind: z.literal('rummy'),
  pointValueMinor: minorString,
  /** 80 points' worth: the most a player can lose in a hand, held in the pot while it is played. */
  holdMinor: minorString,
  minBuyInMinor: minorString,
  maxBuyInMinor: minorString,
  /** The house's rake, basis points of the winnings (500 = 5 %), at most `rakeCapMinor` a hand. */
  rakeBps: z.number().int(),
  rakeCapMinor: minorString,
  /** Missed turns in a row after which the clock drops the player. */
  maxMissedTurns: z.number().int(),
});

/** A room's stakes, per game kind (`kind` repeats the room's `gameKind` so the stakes narrow alone). */
export const pvpStakesSchema = z.discriminatedUnion('kind', [teenPattiStakesSchema, rummyStakesSchema]);
export type PvpStakes = z.infer<typeof pvpStakesSchema>;
export type TeenPattiStakes = z.infer<typeof teenPattiStakesSchema>;
export type RummyStakes = z.infer<typeof rummyStakesSchema>;

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
 * A seated player's status: `waiting` sat down but not dealt in this hand (or no hand runs); Teen Patti:
 * `blind` / `seen` in the hand, `packed` folded this hand; Rummy: `playing` in the hand, `out` dropped or
 * declared wrongly this hand.
 */
export const PVP_SEAT_STATUSES = ['waiting', 'blind', 'seen', 'packed', 'playing', 'out'] as const;
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
  /**
   * Teen Patti: only the viewer's own cards once they saw them; else null (a show's hands come in the `show`
   * event). Rummy: always null (the viewer's hand is `rummy.myCards`, as card ids).
   */
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

/** A Rummy card's id, 0..105: 0..103 the two decks (`id mod 52`: suit ⌊/13⌋, rank mod 13 + 1), 104/105 jokers. */
export const rummyCardIdSchema = z.number().int().min(0).max(105);

/** What the viewer may do at a Rummy table now (all false when it is not their turn). */
export const rummyChoicesSchema = z.object({
  /** Their turn, before drawing: draw from the closed pile. */
  canDrawClosed: z.boolean(),
  /** …or take the open pile's top (not a discarded joker). */
  canDrawOpen: z.boolean(),
  /** Their turn, after drawing: discard a card, or declare. */
  canDiscard: z.boolean(),
  canDeclare: z.boolean(),
  /** Their turn, before drawing: drop, for `dropPoints` (20 first drop, 40 after a draw). */
  canDrop: z.boolean(),
  dropPoints: z.number().int().nullable(),
});
export type RummyChoices = z.infer<typeof rummyChoicesSchema>;

/**
 * The Rummy part of a table as one viewer sees it (null at a Teen Patti table). Only the viewer's own cards;
 * the others' as counts; the open pile's top is public. Between hands the hand's fields are null / empty.
 */
export const pvpRummySchema = z.object({
  /** The cut card, face up: every card of its rank is a joker (a cut printed joker makes aces wild). */
  wildCard: rummyCardIdSchema.nullable(),
  wildRank: z.number().int().nullable(),
  openTop: rummyCardIdSchema.nullable(),
  openCount: z.number().int(),
  closedCount: z.number().int(),
  /** The half of the turn of the seat to act: draw, then discard (or declare). */
  phase: z.enum(['draw', 'discard']).nullable(),
  /** The viewer's own hand (13 cards, 14 between drawing and discarding), as dealt and drawn. */
  myCards: z.array(rummyCardIdSchema).nullable(),
  /** By seat: how many cards each dealt player holds (null: not dealt in, or out). */
  cardCounts: z.array(z.number().int().nullable()),
  choices: rummyChoicesSchema,
});
export type PvpRummy = z.infer<typeof pvpRummySchema>;

export const pvpHandSchema = z.object({
  number: z.number().int(),
  dealer: z.number().int(),
  potMinor: minorString,
  /** Teen Patti: the blind's chaal now. Rummy: the hold each dealt player put in. */
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
  /** An accepted side show: the other player's cards, in the views of its two players only. */
  z.object({ type: z.literal('side-show-cards'), seat: z.number().int(), cards: z.array(pvpCardSchema) }),
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
  // Rummy (docs/pvp.md "Rummy"): the cut card and the open card after the deal, the holds, draws (a closed
  // draw's card only to its drawer, else null), discards, misses, drops, a declaration (its groups public),
  // holds released, each loser's points and money (a count with the melds it was counted on).
  z.object({
    type: z.literal('cut'),
    wildCard: rummyCardIdSchema,
    wildRank: z.number().int(),
    openCard: rummyCardIdSchema,
  }),
  z.object({
    type: z.literal('held'),
    seat: z.number().int(),
    amountMinor: minorString,
    potMinor: minorString,
  }),
  z.object({
    type: z.literal('drew'),
    seat: z.number().int(),
    from: z.enum(['closed', 'open']),
    card: rummyCardIdSchema.nullable(),
  }),
  z.object({ type: z.literal('reshuffled'), cards: z.number().int() }),
  z.object({ type: z.literal('discarded'), seat: z.number().int(), card: rummyCardIdSchema }),
  z.object({ type: z.literal('missed'), seat: z.number().int(), count: z.number().int() }),
  z.object({
    type: z.literal('dropped'),
    seat: z.number().int(),
    reason: z.enum(['drop', 'timeout', 'leave']),
    points: z.number().int(),
  }),
  z.object({
    type: z.literal('declared'),
    seat: z.number().int(),
    card: rummyCardIdSchema,
    groups: z.array(z.array(rummyCardIdSchema)),
    valid: z.boolean(),
    reason: z.enum(['meld-invalid', 'no-pure-sequence', 'two-sequences-needed']).nullable(),
  }),
  z.object({ type: z.literal('released'), seat: z.number().int(), amountMinor: minorString }),
  z.object({
    type: z.literal('lost'),
    seat: z.number().int(),
    nick: z.string(),
    reason: z.enum(['first-drop', 'middle-drop', 'wrong-declaration', 'count']),
    points: z.number().int(),
    amountMinor: minorString,
    melds: z.array(z.array(rummyCardIdSchema)).nullable(),
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
  /** The Rummy part (cards as ids, piles, the Rummy moves); null at a Teen Patti table. */
  rummy: pvpRummySchema.nullable(),
  /** The last `PVP_LAST_EVENTS` events, oldest first, filtered for this viewer. */
  lastEvents: z.array(pvpEventSchema),
  /** "none": every seat is a real player (docs/pvp.md "Bot policy"). */
  botPolicy: z.literal('none'),
});
export type PvpTable = z.infer<typeof pvpTableSchema>;
export const pvpTableResponse = envelopeOf(pvpTableSchema);

/**
 * `POST /wps/pvp/rooms/:roomCode/actions`. The server maps the member to their seat; an action of the other
 * game kind is refused (`pvp_action_invalid`). `sit` moves `buyInMinor`
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
  // Rummy: draw from the closed or open pile, discard a card, declare (put `card` down, show the other 13
  // in `groups`), drop (before drawing).
  z.object({ type: z.literal('draw'), from: z.enum(['closed', 'open']) }),
  z.object({ type: z.literal('discard'), card: rummyCardIdSchema }),
  z.object({
    type: z.literal('declare'),
    card: rummyCardIdSchema,
    groups: z.array(z.array(rummyCardIdSchema).max(14)).max(14),
  }),
  z.object({ type: z.literal('drop') }),
]);
export type PvpActionRequest = z.infer<typeof pvpActionRequestSchema>;
/** The actions that move money between the wallet and the table. */
export const PVP_MONEY_ACTIONS = ['sit', 'leave'] as const;
