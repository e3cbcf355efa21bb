import { sql } from 'kysely';
import type { PvpGameKindColumn, PvpSeatingStatusColumn } from '../../db/tables/pvp.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import { encodeState } from './pvp-codec.ts';

/** The SQL of the PVP rooms (migration 0038_pvp_rooms, docs/pvp.md "Server"). */

export type RoomRecord = {
  id: bigint;
  brandId: bigint;
  code: string;
  gameKind: PvpGameKindColumn;
  gameId: bigint;
  gameCode: string;
  names: { EN: string; HI: string };
  config: unknown;
  state: unknown;
  version: bigint;
  turnDeadline: Date | null;
  nextHandAt: Date | null;
  enabled: boolean;
  currency: string;
};

export type SeatingRecord = {
  id: bigint;
  roomId: bigint;
  seat: number;
  memberId: bigint;
  playerRef: string;
  walletSession: string;
  nick: string;
  status: PvpSeatingStatusColumn;
  buyInMinor: bigint;
  stackMinor: bigint;
  cashoutMinor: bigint | null;
  sitKey: string;
  sitRequestHash: string;
  leaveKey: string | null;
  refusal: string | null;
  createdAt: Date;
  gameCode: string;
};

export type NewSeating = {
  roomId: bigint;
  seat: number;
  memberId: bigint;
  playerRef: string;
  walletSession: string;
  nick: string;
  buyInMinor: bigint;
  sitKey: string;
  sitRequestHash: string;
  createdAt: Date;
};

export type RecordedEventRow = { id: bigint; event: unknown; handNumber: number | null };

export class PvpRoomsRepository<E extends Executor = Executor> extends Repository<E> {
  #rooms() {
    return this.db
      .selectFrom('pvp_rooms')
      .innerJoin('games', 'games.id', 'pvp_rooms.game_id')
      .innerJoin('brands', 'brands.id', 'pvp_rooms.brand_id')
      .select([
        'pvp_rooms.id',
        'pvp_rooms.brand_id as brandId',
        'pvp_rooms.code',
        'pvp_rooms.game_kind as gameKind',
        'pvp_rooms.game_id as gameId',
        'games.game_code as gameCode',
        'pvp_rooms.names',
        'pvp_rooms.config',
        'pvp_rooms.state',
        'pvp_rooms.version',
        'pvp_rooms.turn_deadline as turnDeadline',
        'pvp_rooms.next_hand_at as nextHandAt',
        'pvp_rooms.enabled',
        'brands.currency',
      ]);
  }

  async roomByCode(brandId: bigint, code: string): Promise<RoomRecord | undefined> {
    return this.#rooms()
      .where('pvp_rooms.brand_id', '=', brandId)
      .where('pvp_rooms.code', '=', code)
      .executeTakeFirst();
  }

  async roomById(id: bigint): Promise<RoomRecord | undefined> {
    return this.#rooms().where('pvp_rooms.id', '=', id).executeTakeFirst();
  }

  async listRooms(brandId: bigint): Promise<RoomRecord[]> {
    return this.#rooms()
      .where('pvp_rooms.brand_id', '=', brandId)
      .where('pvp_rooms.enabled', '=', true)
      .orderBy('pvp_rooms.sort')
      .orderBy('pvp_rooms.id')
      .execute();
  }

  /** The room under a row lock: every move of a room is made by one transaction at a time. */
  async lockRoom(this: PvpRoomsRepository<Tx>, id: bigint): Promise<RoomRecord | undefined> {
    return this.#rooms().where('pvp_rooms.id', '=', id).forUpdate('pvp_rooms').executeTakeFirst();
  }

  /** Rooms whose turn clock has run out, oldest first. */
  async dueRoomIds(now: Date, limit: number): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('pvp_rooms')
      .select('id')
      .where('turn_deadline', '<=', now)
      .orderBy('turn_deadline')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Rooms whose next hand may start. */
  async startableRoomIds(now: Date, limit: number): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('pvp_rooms')
      .select('id')
      .where('next_hand_at', '<=', now)
      .where('enabled', '=', true)
      .orderBy('next_hand_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * One accepted move: the new state under the version it was computed from (`WHERE version = n`), so a
   * move computed from an older state can never land. False: someone else moved first.
   */
  async saveMove(
    this: PvpRoomsRepository<Tx>,
    id: bigint,
    fromVersion: bigint,
    move: { state: unknown; turnDeadline: Date | null; nextHandAt: Date | null },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('pvp_rooms')
      .set({
        state: encodeState(move.state),
        version: fromVersion + 1n,
        turn_deadline: move.turnDeadline,
        next_hand_at: move.nextHandAt,
      })
      .where('id', '=', id)
      .where('version', '=', fromVersion)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Between hands, when no hand can start: nothing more to wait for. */
  async clearNextHand(this: PvpRoomsRepository<Tx>, id: bigint, version: bigint): Promise<void> {
    await this.db
      .updateTable('pvp_rooms')
      .set({ next_hand_at: null })
      .where('id', '=', id)
      .where('version', '=', version)
      .execute();
  }

  async insertEvents(
    this: PvpRoomsRepository<Tx>,
    roomId: bigint,
    version: bigint,
    handNumber: number | null,
    events: unknown[],
    at: Date,
  ): Promise<void> {
    if (events.length === 0) return;
    await this.db
      .insertInto('pvp_events')
      .values(
        events.map((event) => ({
          room_id: roomId,
          version,
          hand_number: handNumber,
          event: encodeState(event),
          created_at: at,
        })),
      )
      .execute();
  }

  /** The room's last `limit` events, oldest first. */
  async lastEvents(roomId: bigint, limit: number): Promise<RecordedEventRow[]> {
    const rows = await this.db
      .selectFrom('pvp_events')
      .select(['id', 'event', 'hand_number as handNumber'])
      .where('room_id', '=', roomId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  async insertHand(
    this: PvpRoomsRepository<Tx>,
    hand: {
      roomId: bigint;
      number: number;
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
      nonce: number;
      startedAt: Date;
    },
  ): Promise<void> {
    await this.db
      .insertInto('pvp_hands')
      .values({
        room_id: hand.roomId,
        number: hand.number,
        server_seed: hand.serverSeed,
        server_seed_hash: hand.serverSeedHash,
        client_seed: hand.clientSeed,
        nonce: hand.nonce,
        started_at: hand.startedAt,
      })
      .execute();
  }

  async hand(roomId: bigint, number: number) {
    return this.db
      .selectFrom('pvp_hands')
      .select(['server_seed', 'server_seed_hash', 'client_seed', 'nonce', 'ended_at'])
      .where('room_id', '=', roomId)
      .where('number', '=', number)
      .executeTakeFirst();
  }

  async endHand(this: PvpRoomsRepository<Tx>, roomId: bigint, number: number, at: Date): Promise<void> {
    await this.db
      .updateTable('pvp_hands')
      .set({ ended_at: at })
      .where('room_id', '=', roomId)
      .where('number', '=', number)
      .execute();
  }

  #seatings() {
    return this.db
      .selectFrom('pvp_seatings')
      .innerJoin('pvp_rooms', 'pvp_rooms.id', 'pvp_seatings.room_id')
      .innerJoin('games', 'games.id', 'pvp_rooms.game_id')
      .select([
        'pvp_seatings.id',
        'pvp_seatings.room_id as roomId',
        'pvp_seatings.seat',
        'pvp_seatings.member_id as memberId',
        'pvp_seatings.player_ref as playerRef',
        'pvp_seatings.wallet_session as walletSession',
        'pvp_seatings.nick',
        'pvp_seatings.status',
        'pvp_seatings.buy_in_minor as buyInMinor',
        'pvp_seatings.stack_minor as stackMinor',
        'pvp_seatings.cashout_minor as cashoutMinor',
        'pvp_seatings.sit_key as sitKey',
        'pvp_seatings.sit_request_hash as sitRequestHash',
        'pvp_seatings.leave_key as leaveKey',
        'pvp_seatings.refusal',
        'pvp_seatings.created_at as createdAt',
        'games.game_code as gameCode',
      ]);
  }

  async seatingById(id: bigint): Promise<SeatingRecord | undefined> {
    return this.#seatings().where('pvp_seatings.id', '=', id).executeTakeFirst();
  }

  /** The room's seatings that hold a seat or are taking one (joining or seated). */
  async activeSeatings(roomId: bigint): Promise<SeatingRecord[]> {
    return this.#seatings()
      .where('pvp_seatings.room_id', '=', roomId)
      .where('pvp_seatings.status', 'in', ['joining', 'seated'])
      .orderBy('pvp_seatings.seat')
      .execute();
  }

  /** How many seats each room has taken or being taken. */
  async seatsTaken(roomIds: bigint[]): Promise<Map<string, number>> {
    if (roomIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('pvp_seatings')
      .select(['room_id', (eb) => eb.fn.countAll<string>().as('taken')])
      .where('room_id', 'in', roomIds)
      .where('status', 'in', ['joining', 'seated'])
      .groupBy('room_id')
      .execute();
    return new Map(rows.map((row) => [row.room_id.toString(), Number(row.taken)]));
  }

  async memberSeating(roomId: bigint, memberId: bigint): Promise<SeatingRecord | undefined> {
    return this.#seatings()
      .where('pvp_seatings.room_id', '=', roomId)
      .where('pvp_seatings.member_id', '=', memberId)
      .where('pvp_seatings.status', 'in', ['joining', 'seated'])
      .executeTakeFirst();
  }

  async seatingBySitKey(memberId: bigint, key: string): Promise<SeatingRecord | undefined> {
    return this.#seatings()
      .where('pvp_seatings.member_id', '=', memberId)
      .where('pvp_seatings.sit_key', '=', key)
      .executeTakeFirst();
  }

  async seatingByLeaveKey(memberId: bigint, key: string): Promise<SeatingRecord | undefined> {
    return this.#seatings()
      .where('pvp_seatings.member_id', '=', memberId)
      .where('pvp_seatings.leave_key', '=', key)
      .executeTakeFirst();
  }

  /** Seatings whose money is in flight: joining since before `before` (a crash?), voiding, leaving. */
  async unsettledSeatings(before: Date, limit: number): Promise<SeatingRecord[]> {
    return this.#seatings()
      .where((eb) =>
        eb.or([
          eb.and([eb('pvp_seatings.status', '=', 'joining'), eb('pvp_seatings.created_at', '<', before)]),
          eb('pvp_seatings.status', 'in', ['voiding', 'leaving']),
        ]),
      )
      .orderBy('pvp_seatings.id')
      .limit(limit)
      .execute();
  }

  async insertSeating(this: PvpRoomsRepository<Tx>, seating: NewSeating): Promise<bigint> {
    const row = await this.db
      .insertInto('pvp_seatings')
      .values({
        room_id: seating.roomId,
        seat: seating.seat,
        member_id: seating.memberId,
        player_ref: seating.playerRef,
        wallet_session: seating.walletSession,
        nick: seating.nick,
        buy_in_minor: seating.buyInMinor,
        sit_key: seating.sitKey,
        sit_request_hash: seating.sitRequestHash,
        created_at: seating.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The guarded status move (`WHERE status = from`); false when the seating was elsewhere already. */
  async moveSeating(
    this: PvpRoomsRepository<Tx>,
    id: bigint,
    from: PvpSeatingStatusColumn,
    to: PvpSeatingStatusColumn,
    set: {
      stackMinor?: bigint;
      cashoutMinor?: bigint;
      leaveKey?: string | null;
      refusal?: string;
      at: Date;
    },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('pvp_seatings')
      .set({
        status: to,
        ...(set.stackMinor === undefined ? {} : { stack_minor: set.stackMinor }),
        ...(set.cashoutMinor === undefined ? {} : { cashout_minor: set.cashoutMinor }),
        ...(set.leaveKey === undefined ? {} : { leave_key: set.leaveKey }),
        ...(set.refusal === undefined ? {} : { refusal: set.refusal }),
        ...(to === 'seated' ? { seated_at: set.at } : {}),
        ...(to === 'leaving' ? { left_at: set.at } : {}),
        ...(to === 'left' || to === 'cancelled' ? { settled_at: set.at } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The seated players' chips after a move, mirrored from the room's state (one statement). */
  async setStacks(
    this: PvpRoomsRepository<Tx>,
    roomId: bigint,
    stacks: { playerRef: string; stackMinor: bigint }[],
  ): Promise<void> {
    if (stacks.length === 0) return;
    const values = sql.join(stacks.map((s) => sql`(${s.playerRef}::text, ${s.stackMinor}::bigint)`));
    await sql`update pvp_seatings set stack_minor = v.stack
      from (values ${values}) as v(ref, stack)
      where pvp_seatings.room_id = ${roomId} and pvp_seatings.status = 'seated'
        and pvp_seatings.player_ref = v.ref and pvp_seatings.stack_minor <> v.stack`.execute(this.db);
  }
}
