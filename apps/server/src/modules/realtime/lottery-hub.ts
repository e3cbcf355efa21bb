import type { RealtimeLotteryMessage } from '@lotus/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { PushTarget } from './balance-hub.ts';
import { KeyedThrottle } from './keyed-throttle.ts';
import type { LotteryGameSnapshot } from './lottery-snapshot.repository.ts';

const OPEN = 1;
/** NOTIFY payloads on `lotus_lottery` are lottery game ids (`lottery_games.id`) as text. */
const GAME_ID = /^[1-9][0-9]{0,18}$/;
/** docs/lottery.md "Real time": at most one push a second per game. */
export const LOTTERY_PUSH_MIN_MS = 1_000;

/** Game codes are unique per brand only: a socket follows `<brand id>:<game code>`. */
const keyOf = (brandId: bigint, gameCode: string) => `${brandId}:${gameCode}`;

/**
 * The lottery pushes (issue 20, docs/lottery.md "Real time"). Sockets — visitors' too — follow games by code
 * within their brand;
 * the draws' trigger announces a game id on `lotus_lottery` whenever a draw is created or changes status.
 * The hub answers with at most one read and one push per game and `minIntervalMs`, to the sockets that follow
 * it in this process. The id → key map is learnt from the reads, so a game nobody here follows costs one
 * read at most, then nothing.
 */
export class LotteryHub {
  /** Followers by brand and game code. */
  readonly #sockets = new Map<string, Set<PushTarget>>();
  /** What each socket follows, to replace or drop its list. */
  readonly #follows = new Map<PushTarget, string[]>();
  readonly #keyOfId = new Map<string, string>();
  /** Pushes per game id. */
  readonly #throttle: KeyedThrottle;
  readonly #gameOf: (gameId: bigint) => Promise<LotteryGameSnapshot | null>;
  readonly #log: FastifyBaseLogger;

  constructor(
    gameOf: (gameId: bigint) => Promise<LotteryGameSnapshot | null>,
    log: FastifyBaseLogger,
    minIntervalMs = LOTTERY_PUSH_MIN_MS,
  ) {
    this.#gameOf = gameOf;
    this.#log = log;
    this.#throttle = new KeyedThrottle(minIntervalMs, (id) => this.#push(id));
  }

  /** The socket now follows exactly these games of the brand (an empty list: none). */
  follow(socket: PushTarget, brandId: bigint, gameCodes: readonly string[]): void {
    this.remove(socket);
    const codes = [...new Set(gameCodes)].map((code) => keyOf(brandId, code));
    if (codes.length === 0) return;
    this.#follows.set(socket, codes);
    for (const code of codes) {
      let set = this.#sockets.get(code);
      if (!set) {
        set = new Set();
        this.#sockets.set(code, set);
      }
      set.add(socket);
    }
  }

  remove(socket: PushTarget): void {
    for (const code of this.#follows.get(socket) ?? []) {
      const set = this.#sockets.get(code);
      set?.delete(socket);
      if (set?.size === 0) this.#sockets.delete(code);
    }
    this.#follows.delete(socket);
  }

  /** A NOTIFY arrived: schedule the game's push (now, or when the last one is a second old). */
  changed(payload: string): void {
    if (!GAME_ID.test(payload) || this.#sockets.size === 0) return;
    const key = this.#keyOfId.get(payload);
    if (key !== undefined && !this.#sockets.has(key)) return;
    this.#throttle.schedule(payload);
  }

  /** Announcements may have been missed (the LISTEN connection was down): push every followed game we know. */
  changedAll(): void {
    for (const [id, key] of this.#keyOfId) if (this.#sockets.has(key)) this.changed(id);
  }

  stop(): void {
    this.#throttle.stop();
  }

  async #push(id: string): Promise<void> {
    try {
      const snapshot = await this.#gameOf(BigInt(id));
      if (snapshot === null) return;
      const key = keyOf(snapshot.brandId, snapshot.gameCode);
      this.#keyOfId.set(id, key);
      const { gameCode, nextDraw, lastResult } = snapshot;
      const message: RealtimeLotteryMessage = { type: 'lottery', gameCode, nextDraw, lastResult };
      const text = JSON.stringify(message);
      for (const socket of this.#sockets.get(key) ?? []) {
        if (socket.readyState === OPEN) socket.send(text);
      }
    } catch (error) {
      this.#log.warn({ err: error, lotteryGameId: id }, 'lottery push failed');
    }
  }
}
