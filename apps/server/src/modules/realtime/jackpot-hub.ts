import { JACKPOT_PUSH_MIN_MS } from '@lotus/shared/jackpot.schema';
import type { RealtimeJackpotMessage, RealtimeJackpotPot } from '@lotus/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { PushTarget } from './balance-hub.ts';
import { KeyedThrottle } from './keyed-throttle.ts';

const OPEN = 1;
/** NOTIFY payloads on `lotus_jackpot` are brand ids as text. */
const BRAND_ID = /^[1-9][0-9]{0,18}$/;

/**
 * The brand-wide jackpot pushes (issue 19, docs/jackpot.md "Real time"): every round of a covered game
 * announces its brand on `lotus_jackpot`, which can be hundreds a second; this hub answers with at most one
 * read and one push per brand and `minIntervalMs` (1 s), sent to every socket of the brand in this process.
 * A brand with no socket here costs nothing.
 */
export class JackpotHub {
  readonly #sockets = new Map<string, Set<PushTarget>>();
  /** Pushes per brand id. */
  readonly #throttle: KeyedThrottle;
  readonly #potsOf: (brandId: bigint) => Promise<RealtimeJackpotPot[]>;
  readonly #log: FastifyBaseLogger;

  constructor(
    potsOf: (brandId: bigint) => Promise<RealtimeJackpotPot[]>,
    log: FastifyBaseLogger,
    minIntervalMs = JACKPOT_PUSH_MIN_MS,
  ) {
    this.#potsOf = potsOf;
    this.#log = log;
    this.#throttle = new KeyedThrottle(minIntervalMs, (key) => this.#push(key));
  }

  add(brandId: bigint, socket: PushTarget): void {
    const key = brandId.toString();
    let set = this.#sockets.get(key);
    if (!set) {
      set = new Set();
      this.#sockets.set(key, set);
    }
    set.add(socket);
  }

  remove(brandId: bigint, socket: PushTarget): void {
    const key = brandId.toString();
    const set = this.#sockets.get(key);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.#sockets.delete(key);
  }

  /** A NOTIFY arrived: schedule the brand's push (now, or when the last one is a second old). */
  changed(payload: string): void {
    if (!BRAND_ID.test(payload) || !this.#sockets.has(payload)) return;
    this.#throttle.schedule(payload);
  }

  /** Announcements may have been missed (the LISTEN connection was down): push every brand's pots. */
  changedAll(): void {
    for (const key of this.#sockets.keys()) this.changed(key);
  }

  /** Stops the pending timers (the app closes). */
  stop(): void {
    this.#throttle.stop();
  }

  async #push(key: string): Promise<void> {
    try {
      const message: RealtimeJackpotMessage = { type: 'jackpot', list: await this.#potsOf(BigInt(key)) };
      const text = JSON.stringify(message);
      for (const socket of this.#sockets.get(key) ?? []) if (socket.readyState === OPEN) socket.send(text);
    } catch (error) {
      this.#log.warn({ err: error, brandId: key }, 'jackpot push failed');
    }
  }
}
