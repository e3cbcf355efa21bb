import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import { decodeState } from './pvp-codec.ts';
import { gameKindOf } from './pvp-game-kinds.ts';
import { PvpMoney } from './pvp-money.ts';
import { PvpRoomsRepository, type RoomRecord } from './pvp-rooms.repository.ts';
import { applyMove } from './pvp-table-moves.ts';

/** A stay still joining after this long lost its sit request (a crash, a cut connection): roll it back. */
export const PVP_STALE_JOINING_MS = 30_000;
const BATCH = 50;

export type PvpClockReport = { timeouts: number; started: number; settled: number };

/**
 * The tables' clock (`pvp.clock`, one job on the one queue, docs/jobs.md): the time-outs of seats whose turn
 * ran out, the next hands of rooms whose pause is over, and the money of stays left in flight (a buy-in whose
 * stay never sat down is rolled back, a cash-out not yet credited is credited). Each room move re-checks
 * its reason under the room's lock and lands only on the version it read, so two processes running the
 * job (or a player acting at the same moment) can never apply one time-out twice.
 */
export class PvpClockService {
  readonly #reads: PvpRoomsRepository<Db>;
  readonly #uow: UnitOfWork<{ rooms: PvpRoomsRepository<Tx> }>;
  readonly #money: PvpMoney;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: {
    db: Db;
    clock: Clock;
    wallet: WalletClientSource;
    log?: FastifyBaseLogger | undefined;
  }) {
    this.#reads = new PvpRoomsRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ rooms: new PvpRoomsRepository(trx) }));
    this.#money = new PvpMoney(deps);
    this.#log = deps.log;
  }

  async run(now: Date): Promise<PvpClockReport> {
    const report: PvpClockReport = { timeouts: 0, started: 0, settled: 0 };
    for (const id of await this.#reads.dueRoomIds(now, BATCH)) {
      if (await this.#guarded(id, (rooms, room) => this.#timeout(rooms, room, now))) report.timeouts += 1;
    }
    for (const id of await this.#reads.startableRoomIds(now, BATCH)) {
      if (await this.#guarded(id, (rooms, room) => this.#start(rooms, room, now))) report.started += 1;
    }
    const stale = new Date(now.getTime() - PVP_STALE_JOINING_MS);
    for (const seating of await this.#reads.unsettledSeatings(stale, BATCH)) {
      const done =
        seating.status === 'leaving' ? await this.#money.cashOut(seating) : await this.#money.void(seating);
      if (done) report.settled += 1;
    }
    return report;
  }

  /** One room's move in its own transaction; a failure is logged and leaves the room for the next run. */
  async #guarded(
    roomId: bigint,
    work: (rooms: PvpRoomsRepository<Tx>, room: RoomRecord) => Promise<boolean>,
  ): Promise<boolean> {
    try {
      return await this.#uow.run(async ({ rooms }) => {
        const room = await rooms.lockRoom(roomId);
        return room ? work(rooms, room) : false;
      });
    } catch (error) {
      this.#log?.error({ err: error, roomId: roomId.toString() }, 'pvp clock move failed');
      return false;
    }
  }

  async #timeout(rooms: PvpRoomsRepository<Tx>, room: RoomRecord, now: Date): Promise<boolean> {
    // Re-checked under the lock: a player's action (or another process) may have moved the turn meanwhile.
    if (!room.turnDeadline || room.turnDeadline > now) return false;
    const seat = gameKindOf(room.gameKind).seatToAct(decodeState(room.state));
    if (seat === null) return false;
    await applyMove(rooms, room, { type: 'timeout', seat }, now);
    return true;
  }

  async #start(rooms: PvpRoomsRepository<Tx>, room: RoomRecord, now: Date): Promise<boolean> {
    if (!room.nextHandAt || room.nextHandAt > now) return false;
    if (!room.enabled || !gameKindOf(room.gameKind).canStart(decodeState(room.state))) {
      // Fewer than two players with the boot: the next sit schedules a hand again.
      await rooms.clearNextHand(room.id, room.version);
      return false;
    }
    await applyMove(rooms, room, { type: 'start' }, now);
    return true;
  }
}
