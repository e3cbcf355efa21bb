import type { LiveTableSnapshot, RealtimeLiveTableMessage } from '@lotus/shared/live.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { PushTarget } from './balance-hub.ts';
import { KeyedThrottle } from './keyed-throttle.ts';

const OPEN = 1;
/** NOTIFY payloads on `lotus_live` are live table ids (`live_tables.id`) as text. */
const TABLE_ID = /^[1-9][0-9]{0,18}$/;
/** At most one push per table this often: a table moves every few seconds, a forced test run faster. */
export const LIVE_PUSH_MIN_MS = 100;

/** The live tables' side of the hub: snapshots and the players' count (modules/live-tables api). */
export type LiveTablesPort = {
  snapshotById(tableId: bigint): Promise<{ brandId: bigint; table: LiveTableSnapshot } | null>;
  snapshotsOf(brandId: bigint, codes: readonly string[]): Promise<LiveTableSnapshot[]>;
  audience: { add(brandId: bigint, code: string): void; remove(brandId: bigint, code: string): void };
};

/** `seated`: the socket follows exactly one table (its screen) and counts as one of its players. */
type Follow = { brandId: bigint; codes: Set<string>; seated: boolean };

/**
 * The live tables' pushes (issue 22, docs/live-tables.md "Server"). Sockets — visitors' too — follow table
 * codes within their brand (one table's follower counts as one of its players); every phase move of a table announces its
 * id on `lotus_live`, and the hub reads the table's snapshot once per push (at most every LIVE_PUSH_MIN_MS)
 * and sends it to that table's followers.
 */
export class LiveHub {
  readonly #follows = new Map<PushTarget, Follow>();
  readonly #throttle: KeyedThrottle;
  readonly #tables: LiveTablesPort;
  readonly #log: FastifyBaseLogger;

  constructor(tables: LiveTablesPort, log: FastifyBaseLogger, minIntervalMs = LIVE_PUSH_MIN_MS) {
    this.#tables = tables;
    this.#log = log;
    this.#throttle = new KeyedThrottle(minIntervalMs, (id) => this.#push(id));
  }

  /**
   * The socket now follows exactly these tables of the brand: answers the known ones' snapshots (the first
   * pushes); unknown codes are dropped.
   */
  async follow(socket: PushTarget, brandId: bigint, codes: readonly string[]): Promise<LiveTableSnapshot[]> {
    const snapshots = codes.length === 0 ? [] : await this.#tables.snapshotsOf(brandId, codes);
    this.remove(socket);
    if (snapshots.length > 0) {
      const known = new Set(snapshots.map((snapshot) => snapshot.code));
      // A lobby following every table watches them; a socket on one table's screen is at that table.
      const seated = known.size === 1;
      this.#follows.set(socket, { brandId, codes: known, seated });
      if (seated) for (const code of known) this.#tables.audience.add(brandId, code);
    }
    return snapshots;
  }

  remove(socket: PushTarget): void {
    const follow = this.#follows.get(socket);
    if (!follow) return;
    if (follow.seated) for (const code of follow.codes) this.#tables.audience.remove(follow.brandId, code);
    this.#follows.delete(socket);
  }

  /** A NOTIFY arrived: schedule the table's push. */
  changed(payload: string): void {
    if (TABLE_ID.test(payload) && this.#follows.size > 0) this.#throttle.schedule(payload);
  }

  /** Announcements may have been missed (the LISTEN connection was down): the cycle's next move re-sends. */
  changedAll(): void {
    // Tables move every few seconds; their next announcement brings every follower up to date.
  }

  stop(): void {
    this.#throttle.stop();
  }

  async #push(id: string): Promise<void> {
    try {
      const snapshot = await this.#tables.snapshotById(BigInt(id));
      if (snapshot === null) return;
      const message: RealtimeLiveTableMessage = { type: 'live.table', table: snapshot.table };
      const text = JSON.stringify(message);
      for (const [socket, follow] of this.#follows) {
        if (follow.brandId !== snapshot.brandId || !follow.codes.has(snapshot.table.code)) continue;
        if (socket.readyState === OPEN) socket.send(text);
      }
    } catch (error) {
      this.#log.warn({ err: error, liveTableId: id }, 'live push failed');
    }
  }
}
