import type { PvpTable } from '@lotus/shared/pvp.schema';
import type { RealtimePvpTableMessage } from '@lotus/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { PushTarget } from './balance-hub.ts';
import { KeyedThrottle } from './keyed-throttle.ts';

const OPEN = 1;
/** NOTIFY payloads on `lotus_pvp` are room ids (`pvp_rooms.id`) as text. */
const ROOM_ID = /^[1-9][0-9]{0,18}$/;
/** At most one round of pushes per room every 100 ms: a time-out and the next turn come as one. */
export const PVP_PUSH_MIN_MS = 100;

/** The table as one member sees it (PvpRoomsApi.tableById). */
export type PvpTableOf = (
  roomId: bigint,
  memberId: bigint,
  language: string | null,
) => Promise<PvpTable | null>;

type Follow = { roomId: string; memberId: bigint; language: string | null };

/**
 * The PVP rooms' pushes (issue 22, docs/pvp.md "Server"). Only authenticated sockets follow a room (one at a
 * time), because every push is private: each socket gets the table as its own member sees it (their cards,
 * their choices), read for that member. The rooms' trigger announces a room id on `lotus_pvp` whenever its
 * version moves.
 */
export class PvpHub {
  readonly #follows = new Map<PushTarget, Follow>();
  readonly #throttle: KeyedThrottle;
  readonly #tableOf: PvpTableOf;
  readonly #log: FastifyBaseLogger;

  constructor(tableOf: PvpTableOf, log: FastifyBaseLogger, minIntervalMs = PVP_PUSH_MIN_MS) {
    this.#tableOf = tableOf;
    this.#log = log;
    this.#throttle = new KeyedThrottle(minIntervalMs, (id) => this.#push(id));
  }

  /** The socket follows this room now (null: none), and gets its table at once. */
  async follow(socket: PushTarget, follow: Follow | null): Promise<void> {
    if (follow === null) {
      this.#follows.delete(socket);
      return;
    }
    this.#follows.set(socket, follow);
    await this.#send(socket, follow);
  }

  remove(socket: PushTarget): void {
    this.#follows.delete(socket);
  }

  changed(payload: string): void {
    if (!ROOM_ID.test(payload)) return;
    for (const follow of this.#follows.values()) {
      if (follow.roomId === payload) {
        this.#throttle.schedule(payload);
        return;
      }
    }
  }

  /** Announcements may have been missed (the LISTEN connection was down): push every followed room. */
  changedAll(): void {
    for (const id of new Set([...this.#follows.values()].map((follow) => follow.roomId))) this.changed(id);
  }

  stop(): void {
    this.#throttle.stop();
  }

  async #push(roomId: string): Promise<void> {
    await Promise.all(
      [...this.#follows]
        .filter(([, follow]) => follow.roomId === roomId)
        .map(([socket, follow]) => this.#send(socket, follow)),
    );
  }

  async #send(socket: PushTarget, follow: Follow): Promise<void> {
    try {
      const table = await this.#tableOf(BigInt(follow.roomId), follow.memberId, follow.language);
      // Still following this room (not switched meanwhile) and still open.
      if (table === null || this.#follows.get(socket) !== follow || socket.readyState !== OPEN) return;
      const message: RealtimePvpTableMessage = { type: 'pvp.table', table };
      socket.send(JSON.stringify(message));
    } catch (error) {
      this.#log.warn({ err: error, pvpRoomId: follow.roomId }, 'pvp push failed');
    }
  }
}
