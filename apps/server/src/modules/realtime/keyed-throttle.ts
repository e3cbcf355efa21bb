/**
 * The hubs' per-key throttle (jackpot per brand, lottery per game): a key's run happens now, or when its last
 * run is `minIntervalMs` old; scheduling a key whose run is already due does nothing more. `run` must not
 * throw (the hubs log their own failures).
 */
export class KeyedThrottle {
  /** Per key: when the last run started, and the timer of the next one when one is due. */
  readonly #state = new Map<string, { lastAt: number; timer: ReturnType<typeof setTimeout> | null }>();
  readonly #minIntervalMs: number;
  readonly #run: (key: string) => Promise<void>;

  constructor(minIntervalMs: number, run: (key: string) => Promise<void>) {
    this.#minIntervalMs = minIntervalMs;
    this.#run = run;
  }

  schedule(key: string): void {
    const state = this.#state.get(key) ?? { lastAt: 0, timer: null };
    this.#state.set(key, state);
    if (state.timer !== null) return;
    const wait = Math.max(0, state.lastAt + this.#minIntervalMs - Date.now());
    state.timer = setTimeout(() => this.#fire(key), wait);
    state.timer.unref?.();
  }

  /** Stops the pending timers (the app closes). */
  stop(): void {
    for (const state of this.#state.values()) if (state.timer !== null) clearTimeout(state.timer);
    this.#state.clear();
  }

  #fire(key: string): void {
    const state = this.#state.get(key);
    if (!state) return;
    state.lastAt = Date.now();
    // A change announced while this run reads schedules the next one (an interval later), so none is lost.
    state.timer = null;
    void this.#run(key);
  }
}
