import { JACKPOT_PUSH_MIN_MS } from '@lotus/shared/jackpot.schema';
import type { RealtimeJackpotMessage, RealtimeJackpotPot } from '@lotus/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { PushTarget } from './balance-hub.ts';

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
  /** Per brand: when the last push was read, and the timer of the next one when one is due. */
  readonly #state = new Map<string, { lastAt: number; timer: ReturnType<typeof setTimeout> | null }>();
  readonly #potsOf: (brandId: bigint) => Promise<RealtimeJackpotPot[]>;
  readonly #log: FastifyBaseLogger;
  readonly #minIntervalMs: number;

  constructor(
    potsOf: (brandId: bigint) => Promise<RealtimeJackpotPot[]>,
    log: FastifyBaseLogger,
    minIntervalMs = JACKPOT_PUSH_MIN_MS,
  ) {
    this.#potsOf = potsOf;
    this.#log = log;
    this.#minIntervalMs = minIntervalMs;
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
    const state = this.#state.get(payload) ?? { lastAt: 0, timer: null };
    this.#state.set(payload, state);
    if (state.timer !== null) return;
    const wait = Math.max(0, state.lastAt + this.#minIntervalMs - Date.now());
    state.timer = setTimeout(() => void this.#push(payload), wait);
    state.timer.unref?.();
  }

  /** Announcements may have been missed (the LISTEN connection was down): push every brand's pots. */
  changedAll(): void {
    for (const key of this.#sockets.keys()) this.changed(key);
  }

  /** Stops the pending timers (the app closes). */
  stop(): void {
    for (const state of this.#state.values()) if (state.timer !== null) clearTimeout(state.timer);
    this.#state.clear();
  }

  async #push(key: string): Promise<void> {
    const state = this.#state.get(key);
    if (!state) return;
    state.lastAt = Date.now();
    // A change announced while this read runs schedules the next push (a second later), so none is lost.
    state.timer = null;
    try {
      const message: RealtimeJackpotMessage = { type: 'jackpot', list: await this.#potsOf(BigInt(key)) };
      const text = JSON.stringify(message);
      for (const socket of this.#sockets.get(key) ?? []) if (socket.readyState === OPEN) socket.send(text);
    } catch (error) {
      this.#log.warn({ err: error, brandId: key }, 'jackpot push failed');
    }
  }
}
