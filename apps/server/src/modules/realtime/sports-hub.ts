import type { RealtimeSportsEventMessage } from '@lotus/shared/realtime';
import { SPORT_GROUPS, type SportGroup, type SportsEventSummary } from '@lotus/shared/sportsbook.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { PushTarget } from './balance-hub.ts';
import { KeyedThrottle } from './keyed-throttle.ts';

const OPEN = 1;
/** NOTIFY payloads on `lotus_sports` are sports event ids (`sb_events.id`) as text. */
const EVENT_ID = /^[1-9][0-9]{0,18}$/;
/** docs/sportsbook.md "Real time": at most one push per 500 ms per event. */
export const SPORTS_PUSH_MIN_MS = 500;

/** An event's summary with the brand it belongs to (the hub pushes only to that brand's sockets). */
export type SportsEventSnapshot = { brandId: bigint; event: SportsEventSummary };

type Follow = { brandId: bigint; eventIds: Set<string>; group: SportGroup | null };

const groupOf = (sport: string): SportGroup | null => {
  for (const [group, sports] of Object.entries(SPORT_GROUPS)) {
    if ((sports as readonly string[]).includes(sport)) return group as SportGroup;
  }
  return null;
};

/**
 * The sportsbook pushes (issue 21, docs/sportsbook.md "Real time"). Sockets — visitors' too — follow event
 * ids or a whole group within their brand; the book's triggers announce an event id on `lotus_sports` on
 * every price, market status, score or event status change. The hub reads the event's summary at most once
 * per event and `minIntervalMs` (a football tick reprices a dozen markets: one read, one push), and only
 * while some socket here follows anything.
 */
export class SportsHub {
  readonly #follows = new Map<PushTarget, Follow>();
  readonly #throttle: KeyedThrottle;
  readonly #eventOf: (eventId: bigint) => Promise<SportsEventSnapshot | null>;
  readonly #log: FastifyBaseLogger;

  constructor(
    eventOf: (eventId: bigint) => Promise<SportsEventSnapshot | null>,
    log: FastifyBaseLogger,
    minIntervalMs = SPORTS_PUSH_MIN_MS,
  ) {
    this.#eventOf = eventOf;
    this.#log = log;
    this.#throttle = new KeyedThrottle(minIntervalMs, (id) => this.#push(id));
  }

  /** The socket now follows exactly these events, or this group, of the brand (neither: nothing). */
  follow(socket: PushTarget, brandId: bigint, eventIds: readonly string[], group: SportGroup | null): void {
    if (eventIds.length === 0 && group === null) {
      this.#follows.delete(socket);
      return;
    }
    this.#follows.set(socket, { brandId, eventIds: new Set(eventIds), group });
  }

  remove(socket: PushTarget): void {
    this.#follows.delete(socket);
  }

  /** A NOTIFY arrived: schedule the event's push (now, or when its last one is 500 ms old). */
  changed(payload: string): void {
    if (!EVENT_ID.test(payload) || this.#follows.size === 0) return;
    // Without a group follower, an event nobody here follows by id costs nothing.
    let wanted = false;
    for (const follow of this.#follows.values()) {
      if (follow.group !== null || follow.eventIds.has(payload)) {
        wanted = true;
        break;
      }
    }
    if (wanted) this.#throttle.schedule(payload);
  }

  /** Announcements may have been missed (the LISTEN connection was down): push every followed event id. */
  changedAll(): void {
    const ids = new Set<string>();
    for (const follow of this.#follows.values()) for (const id of follow.eventIds) ids.add(id);
    for (const id of ids) this.changed(id);
  }

  stop(): void {
    this.#throttle.stop();
  }

  async #push(id: string): Promise<void> {
    try {
      const snapshot = await this.#eventOf(BigInt(id));
      if (snapshot === null) return;
      const group = groupOf(snapshot.event.sport);
      const message: RealtimeSportsEventMessage = { type: 'sports.event', event: snapshot.event };
      const text = JSON.stringify(message);
      for (const [socket, follow] of this.#follows) {
        if (follow.brandId !== snapshot.brandId) continue;
        if (!follow.eventIds.has(id) && (follow.group === null || follow.group !== group)) continue;
        if (socket.readyState === OPEN) socket.send(text);
      }
    } catch (error) {
      this.#log.warn({ err: error, sportsEventId: id }, 'sports push failed');
    }
  }
}
