import type { FairInputs } from '@lotus/games/types';
import type {
  PvpActionRequest,
  PvpChoices,
  PvpEvent,
  PvpGameKind,
  PvpHand,
  PvpRummy,
  PvpSeat,
  PvpStakes,
} from '@lotus/shared/pvp.schema';

/**
 * What a card game must provide to the room layer (docs/pvp.md "Server"): its pure reducer of packages/games
 * plus how a table of it is created, read and shown to one viewer. The registry is pvp-game-kinds.ts.
 */

/**
 * What the room layer needs of a room's config (`pvp_rooms.config`). Each kind parses its own stored config
 * (its own fields, minor units as strings) and answers this; the rest of it only the kind's table uses.
 */
export type PvpRoomConfig = {
  seats: number;
  minBuyInMinor: bigint;
  maxBuyInMinor: bigint;
  /** The room's stakes as the API shows them (per kind). */
  stakes: PvpStakes;
  /** The room list's SPEC names (`minBetMinor` / `maxBetMinor`): the smallest and largest stake of a hand. */
  betRangeMinor: [bigint, bigint];
};

/** A play action of a seated player (not sit / leave, which move money). */
export type PvpPlayRequest = Exclude<PvpActionRequest, { type: 'sit' } | { type: 'leave' }>;

/** What the server feeds a kind's reducer. */
export type PvpMove =
  | { type: 'sit'; seat: number; playerId: string; buyInMinor: bigint }
  | { type: 'leave'; seat: number }
  | { type: 'start'; fair: FairInputs }
  | { type: 'timeout'; seat: number }
  | { type: 'play'; seat: number; request: PvpPlayRequest };

/** A recorded event: the reducer's own (cards included), plus `nick` where it names a player. */
export type PvpRecordedEvent = { type: string; nick?: string } & Record<string, unknown>;

export type PvpMoveResult = { table: unknown; events: PvpRecordedEvent[] };

/** A seat of the table as the kind sees it (the service adds nick and `me`). */
export type PvpSeatOfKind = Omit<PvpSeat, 'nick' | 'me' | 'seat'>;

export type PvpGameKindModule = {
  kind: PvpGameKind;
  /** The stored config read and checked (a malformed one throws: a seeding mistake, not a player's). */
  roomConfig(stored: unknown): PvpRoomConfig;
  /** A new table, nobody seated, for the stored config. */
  createTable(stored: unknown): unknown;
  /** Applies one move; a refusal throws an AppError with a `pvp_*` code and changes nothing. */
  reduce(table: unknown, move: PvpMove): PvpMoveResult;
  /** The one seat the turn clock runs for, or null. */
  seatToAct(table: unknown): number | null;
  /** No hand runs and enough players hold the stake for one. */
  canStart(table: unknown): boolean;
  /** The running hand's number, or null between hands. */
  handNumber(table: unknown): number | null;
  /** Who sits where with how many chips (not in the pot). */
  seats(table: unknown): ({ playerId: string; chipsMinor: bigint } | null)[];
  /** Chips of every seat + the pot + the rake taken: for the money checks. */
  moneyOnTable(table: unknown): { chipsMinor: bigint; potMinor: bigint; rakeTakenMinor: bigint };
  /** The table as one viewer sees it; never a card that is not theirs (or shown). */
  view(
    table: unknown,
    viewerSeat: number | null,
  ): {
    seats: (PvpSeatOfKind | null)[];
    hand: Omit<PvpHand, 'turnDeadline' | 'serverSeedHash'> | null;
    choices: PvpChoices;
    /** The Rummy part of the view; null for other kinds. */
    rummy: PvpRummy | null;
  };
  /**
   * The recorded events as one viewer (their player id, null for none) may see them, oldest first. The
   * events start at a hand's `dealt` (or between hands), so a `seen` always finds its hand's deal.
   */
  eventsView(events: PvpRecordedEvent[], viewerId: string | null): PvpEvent[];
};

/** The reads every kind shares (pvp-kind-kit.ts `commonTableReads`). */
export type PvpCommonReads = 'handNumber' | 'seats' | 'moneyOnTable';

/** A kind's own part: its rules and views; the registry adds the common reads (pvp-game-kinds.ts). */
export type PvpKindRules = Omit<PvpGameKindModule, PvpCommonReads>;
