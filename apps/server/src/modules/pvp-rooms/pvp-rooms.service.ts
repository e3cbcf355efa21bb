import {
  PVP_LAST_EVENTS,
  type PvpActionRequest,
  type PvpRoomListItem,
  type PvpTable,
} from '@lotus/shared/pvp.schema';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { requestHashOf } from '../../lib/request-hash.ts';
import { refusalError, type WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import { decodeState } from './pvp-codec.ts';
import { gameKindOf, type PvpPlayRequest } from './pvp-game-kinds.ts';
import { PvpMoney } from './pvp-money.ts';
import { PvpRoomsRepository, type RoomRecord, type SeatingRecord } from './pvp-rooms.repository.ts';
import { applyMove, seatOfPlayer } from './pvp-table-moves.ts';

/** The PVP vendor's code in the platform's catalogue. */
export { PVP_VENDOR_CODE } from '@lotus/shared/pvp.schema';

/** A wallet session for the member at a room's game: the protocol's player id, its session and the nick. */
export type PvpWalletSession = { playerRef: string; walletSession: string; nick: string };

export type PvpRoomsDeps = {
  db: Db;
  clock: Clock;
  wallet: WalletClientSource;
  /**
   * Launches the room's catalogue game for the member and authenticates the launch through the protocol,
   * the way any vendor's game does (pvp-rooms-module.ts builds it from the games module's launch).
   */
  openWalletSession: (actor: Actor, gameId: bigint) => Promise<PvpWalletSession>;
  log?: FastifyBaseLogger | undefined;
};

/**
 * A player's name as the others at the table see it: the protocol's nickname falls back to the login name,
 * so it is starred like the leaderboard's names (first two characters and the last; short ones keep one).
 */
export function maskNick(nick: string): string {
  const chars = [...nick];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

function nameOf(room: RoomRecord, language: string | null): string {
  return (language === 'HI' ? room.names.HI : room.names.EN) || room.names.EN || room.code;
}

/**
 * The rooms (docs/pvp.md "Server"): reading a table as one member sees it, and the members' actions. Money
 * moves only on sit (the buy-in's debit) and leave (the cash-out's credit), through `PvpMoney`; every
 * other action is one transaction on the locked room (`applyMove`).
 */
export class PvpRoomsService {
  readonly #reads: PvpRoomsRepository<Db>;
  readonly #uow: UnitOfWork<{ rooms: PvpRoomsRepository<Tx> }>;
  readonly #clock: Clock;
  readonly #money: PvpMoney;
  readonly #openWalletSession: PvpRoomsDeps['openWalletSession'];

  constructor(deps: PvpRoomsDeps) {
    this.#reads = new PvpRoomsRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ rooms: new PvpRoomsRepository(trx) }));
    this.#clock = deps.clock;
    this.#money = new PvpMoney(deps);
    this.#openWalletSession = deps.openWalletSession;
  }

  async list(
    brandId: bigint,
    language: string | null,
  ): Promise<(PvpRoomListItem & { gameCode: string; minBetMinor: string; maxBetMinor: string })[]> {
    const rooms = await this.#reads.listRooms(brandId);
    const taken = await this.#reads.seatsTaken(rooms.map((room) => room.id));
    return rooms.map((room) => {
      const kind = gameKindOf(room.gameKind);
      const config = kind.roomConfig(room.config);
      return {
        roomCode: room.code,
        gameKind: room.gameKind,
        gameCode: room.gameCode,
        name: nameOf(room, language),
        currency: room.currency,
        stakes: config.stakes,
        minBetMinor: config.betRangeMinor[0].toString(),
        maxBetMinor: config.betRangeMinor[1].toString(),
        seatsTotal: config.seats,
        seatsTaken: taken.get(room.id.toString()) ?? 0,
        state: kind.handNumber(decodeState(room.state)) === null ? 'waiting' : 'playing',
      };
    });
  }

  async #room(brandId: bigint, roomCode: string): Promise<RoomRecord> {
    const room = await this.#reads.roomByCode(brandId, roomCode);
    if (!room?.enabled) throw new AppError('pvp_room_not_found');
    return room;
  }

  async roomIdOf(brandId: bigint, roomCode: string): Promise<bigint | null> {
    const room = await this.#reads.roomByCode(brandId, roomCode);
    return room?.enabled ? room.id : null;
  }

  /** `GET /wps/pvp/rooms/:roomCode`. */
  async table(actor: Actor, roomCode: string): Promise<PvpTable> {
    const room = await this.#room(actor.brandId, roomCode);
    return this.#view(room, actor.memberId, actor.language);
  }

  /** The table as the member sees it now, by room id (the WebSocket's pushes); null when the room is gone. */
  async tableById(roomId: bigint, memberId: bigint, language: string | null): Promise<PvpTable | null> {
    const room = await this.#reads.roomById(roomId);
    return room ? this.#view(room, memberId, language) : null;
  }

  async #view(room: RoomRecord, memberId: bigint, language: string | null): Promise<PvpTable> {
    const kind = gameKindOf(room.gameKind);
    const config = kind.roomConfig(room.config);
    const table = decodeState<unknown>(room.state);
    const seatings = await this.#reads.activeSeatings(room.id);
    const mine = seatings.find((s) => s.memberId === memberId && s.status === 'seated');
    const viewerSeat = mine ? seatOfPlayer(room, mine.playerRef) : null;
    const view = kind.view(table, viewerSeat);
    const bySeat = new Map(seatings.filter((s) => s.status === 'seated').map((s) => [s.seat, s] as const));
    const handNumber = kind.handNumber(table);
    const hand = handNumber === null ? undefined : await this.#reads.hand(room.id, handNumber);
    // Fetched generously, then cut after filtering: a viewer's events are fewer than the record's.
    const recorded = await this.#reads.lastEvents(room.id, PVP_LAST_EVENTS * 3);
    const myNick = mine?.nick ?? null;
    const shown = (nick: string) => (nick === myNick ? nick : maskNick(nick));
    const events = kind
      .eventsView(
        recorded.map((row) => decodeState(row.event)),
        mine?.playerRef ?? null,
      )
      .map((event) => ('nick' in event ? { ...event, nick: shown(event.nick) } : event));
    return {
      roomCode: room.code,
      gameKind: room.gameKind,
      name: nameOf(room, language),
      currency: room.currency,
      stakes: config.stakes,
      state: handNumber === null ? 'waiting' : 'playing',
      version: Number(room.version),
      seats: view.seats.map((seat, index) =>
        seat
          ? {
              ...seat,
              seat: index,
              nick: index === viewerSeat ? (mine?.nick ?? '') : maskNick(bySeat.get(index)?.nick ?? ''),
              me: index === viewerSeat,
            }
          : null,
      ),
      mySeat: viewerSeat,
      hand: view.hand && {
        ...view.hand,
        turnDeadline: (room.turnDeadline ?? this.#clock.now()).toISOString(),
        serverSeedHash: hand?.server_seed_hash ?? '',
      },
      choices: view.choices,
      rummy: view.rummy,
      lastEvents: events.slice(-PVP_LAST_EVENTS),
      botPolicy: 'none',
    };
  }

  /** `POST /wps/pvp/rooms/:roomCode/actions`; `key` is the Idempotency-Key (required for sit and leave). */
  async act(
    actor: Actor,
    roomCode: string,
    request: PvpActionRequest,
    key: string | null,
  ): Promise<PvpTable> {
    requireReal(actor);
    const room = await this.#room(actor.brandId, roomCode);
    if (request.type === 'sit' || request.type === 'leave') {
      if (key === null) throw new AppError('idempotency_key_required');
      if (request.type === 'sit') await this.#sit(actor, room, request.seat, BigInt(request.buyInMinor), key);
      else await this.#leave(actor, room, key);
    } else {
      await this.#play(actor, room, request);
    }
    const fresh = await this.#room(actor.brandId, roomCode);
    return this.#view(fresh, actor.memberId, actor.language);
  }

  async #play(actor: Actor, room: RoomRecord, request: PvpPlayRequest): Promise<void> {
    const seating = await this.#reads.memberSeating(room.id, actor.memberId);
    if (seating?.status !== 'seated') throw new AppError('pvp_not_seated');
    await this.#uow.run(async ({ rooms }) => {
      const locked = await rooms.lockRoom(room.id);
      if (!locked) throw new AppError('pvp_room_not_found');
      const seat = seatOfPlayer(locked, seating.playerRef);
      if (seat === null) throw new AppError('pvp_not_seated');
      await applyMove(rooms, locked, { type: 'play', seat, request }, this.#clock.now());
    });
  }

  /**
   * Sit: the seat is claimed (a `joining` stay, unique per seat and per member), the buy-in debited through
   * the protocol, then the stay is seated and the reducer's `sit` applied in one transaction. A refused
   * debit cancels the stay; a lost answer (or a crash, found by the clock job after 30 s) rolls it back.
   */
  async #sit(actor: Actor, room: RoomRecord, seat: number, buyInMinor: bigint, key: string): Promise<void> {
    const requestHash = requestHashOf({
      roomCode: room.code,
      type: 'sit',
      seat,
      buyInMinor: buyInMinor.toString(),
    });
    const earlier = await this.#reads.seatingBySitKey(actor.memberId, key);
    if (earlier) return this.#replaySit(earlier, requestHash);
    const config = gameKindOf(room.gameKind).roomConfig(room.config);
    if (seat >= config.seats) throw new AppError('pvp_seat_invalid');
    if (buyInMinor < config.minBuyInMinor || buyInMinor > config.maxBuyInMinor) {
      throw new AppError('pvp_buy_in_out_of_range', {
        details: {
          minBuyInMinor: config.minBuyInMinor.toString(),
          maxBuyInMinor: config.maxBuyInMinor.toString(),
        },
      });
    }
    if (await this.#reads.memberSeating(room.id, actor.memberId)) throw new AppError('pvp_already_seated');
    if (gameKindOf(room.gameKind).seats(decodeState(room.state))[seat]) throw new AppError('pvp_seat_taken');

    const session = await this.#openWalletSession(actor, room.gameId);
    let seatingId: bigint;
    try {
      seatingId = await this.#uow.run(async ({ rooms }) => {
        const locked = await rooms.lockRoom(room.id);
        if (!locked) throw new AppError('pvp_room_not_found');
        if (gameKindOf(locked.gameKind).seats(decodeState(locked.state))[seat]) {
          throw new AppError('pvp_seat_taken');
        }
        return rooms.insertSeating({
          roomId: room.id,
          seat,
          memberId: actor.memberId,
          playerRef: session.playerRef,
          walletSession: session.walletSession,
          nick: session.nick,
          buyInMinor,
          sitKey: key,
          sitRequestHash: requestHash,
          createdAt: this.#clock.now(),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'pvp_seatings_member_id_sit_key_key')) {
        const twin = await this.#reads.seatingBySitKey(actor.memberId, key);
        if (twin) return this.#replaySit(twin, requestHash);
      }
      if (isUniqueViolation(error, 'pvp_seatings_one_per_seat')) throw new AppError('pvp_seat_taken');
      if (isUniqueViolation(error, 'pvp_seatings_one_per_member')) throw new AppError('pvp_already_seated');
      throw error;
    }
    const seating = await this.#reads.seatingById(seatingId);
    if (!seating) throw new Error(`seating ${seatingId} vanished`);

    let debit: Awaited<ReturnType<PvpMoney['buyIn']>>;
    try {
      debit = await this.#money.buyIn(seating);
    } catch (error) {
      // The debit may have landed before its answer was lost: roll it back (or the clock job will).
      await this.#money.void(seating);
      throw new AppError('service_unavailable', { message: 'wallet debit failed', cause: error });
    }
    if (debit.status !== 'OK') {
      await this.#uow.run(({ rooms }) =>
        rooms.moveSeating(seatingId, 'joining', 'cancelled', {
          refusal: debit.status,
          at: this.#clock.now(),
        }),
      );
      throw refusalError(debit);
    }
    try {
      await this.#uow.run(async ({ rooms }) => {
        const locked = await rooms.lockRoom(room.id);
        if (!locked) throw new AppError('pvp_room_not_found');
        const at = this.#clock.now();
        // False: the clock job found this stay stale and is giving the buy-in back.
        if (!(await rooms.moveSeating(seatingId, 'joining', 'seated', { stackMinor: buyInMinor, at }))) {
          throw new AppError('service_unavailable', { message: 'the stay was voided' });
        }
        await applyMove(rooms, locked, { type: 'sit', seat, playerId: session.playerRef, buyInMinor }, at);
      });
    } catch (error) {
      await this.#money.void(seating);
      throw error;
    }
  }

  /** A repeated sit (same Idempotency-Key): the same request replays, another is refused. */
  async #replaySit(earlier: SeatingRecord, requestHash: string): Promise<void> {
    if (earlier.sitRequestHash !== requestHash) throw new AppError('idempotency_key_reused');
    if (earlier.status === 'joining') throw new AppError('conflict', { message: 'request still running' });
    if (earlier.status === 'cancelled' || earlier.status === 'voiding') {
      // The first try did not seat the player: say so again (a wallet refusal is final for its txn id).
      throw earlier.refusal && earlier.refusal !== 'rolled_back'
        ? refusalError({ status: earlier.refusal as never, balanceMinor: null })
        : new AppError('pvp_sit_cancelled');
    }
  }

  /**
   * Leave: in one transaction the reducer's `leave` (mid-hand the player packs first) and the stay marked
   * leaving with its cash-out; then the closing credit. A crash between them: the clock job credits it.
   */
  async #leave(actor: Actor, room: RoomRecord, key: string): Promise<void> {
    const earlier = await this.#reads.seatingByLeaveKey(actor.memberId, key);
    if (earlier) {
      if (earlier.roomId !== room.id) throw new AppError('idempotency_key_reused');
      await this.#money.cashOut(earlier);
      return;
    }
    const seating = await this.#reads.memberSeating(room.id, actor.memberId);
    if (seating?.status !== 'seated') throw new AppError('pvp_not_seated');
    let cashoutMinor = 0n;
    try {
      await this.#uow.run(async ({ rooms }) => {
        const locked = await rooms.lockRoom(room.id);
        if (!locked) throw new AppError('pvp_room_not_found');
        const seat = seatOfPlayer(locked, seating.playerRef);
        if (seat === null) throw new AppError('pvp_not_seated');
        const at = this.#clock.now();
        const moved = await applyMove(rooms, locked, { type: 'leave', seat }, at);
        const left = moved.events.find((event) => event.type === 'left');
        cashoutMinor = BigInt((left as { chipsMinor?: bigint } | undefined)?.chipsMinor ?? 0n);
        const ok = await rooms.moveSeating(seating.id, 'seated', 'leaving', {
          cashoutMinor,
          leaveKey: key,
          stackMinor: 0n,
          at,
        });
        if (!ok) throw new AppError('pvp_not_seated');
      });
    } catch (error) {
      if (isUniqueViolation(error, 'pvp_seatings_leave_key')) throw new AppError('idempotency_key_reused');
      throw error;
    }
    await this.#money.cashOut({ ...seating, status: 'leaving', cashoutMinor });
  }
}
