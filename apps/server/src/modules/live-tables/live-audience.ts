import { randomUUID } from 'node:crypto';

/** Payloads on the live channel that carry a process's counts start with this (table ids are digits). */
export const AUDIENCE_PREFIX = 'aud:';
/** A process with followers re-announces its counts this often, so a process that starts later learns them. */
export const AUDIENCE_HEARTBEAT_MS = 10_000;
/** A process not heard from for this long (killed, cut off) no longer counts. */
export const AUDIENCE_STALE_MS = 3 * AUDIENCE_HEARTBEAT_MS;
/** Changes within this window go out as one announcement (a lobby of sockets opening at once). */
export const AUDIENCE_DEBOUNCE_MS = 200;

type Counts = Map<string, number>;

export type LiveAudienceOptions = {
  /** Sends a payload on the live channel (`pg_notify`); without it the count is this process's only. */
  announce?: (payload: string) => Promise<void>;
  now?: () => number;
};

/**
 * Players at each live table (docs/live-tables.md "Players"): the sockets that follow exactly that table
 * (`live.subscribe` from the table's screen; a lobby following every table watches, it does not sit).
 *
 * Counted across processes without a table of sockets: each process announces its own counts on the live
 * channel when they change (debounced) and every AUDIENCE_HEARTBEAT_MS while it has any, and sums the
 * counts it last heard from the others. A process that dies stops being heard and drops out after
 * AUDIENCE_STALE_MS, so a kill -9 never leaves phantom players. The figure is a display: eventually right
 * within a debounce (same process: at once), never used for money.
 */
export class LiveAudience {
  readonly #local: Counts = new Map();
  readonly #others = new Map<string, { heardAt: number; counts: Counts }>();
  readonly #processId = randomUUID();
  readonly #announce: ((payload: string) => Promise<void>) | undefined;
  readonly #now: () => number;
  #debounce: ReturnType<typeof setTimeout> | null = null;
  #heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(options: LiveAudienceOptions = {}) {
    this.#announce = options.announce;
    this.#now = options.now ?? Date.now;
  }

  static key(brandId: bigint, tableCode: string): string {
    return `${brandId}:${tableCode}`;
  }

  add(brandId: bigint, tableCode: string): void {
    const key = LiveAudience.key(brandId, tableCode);
    this.#local.set(key, (this.#local.get(key) ?? 0) + 1);
    this.#changed();
  }

  remove(brandId: bigint, tableCode: string): void {
    const key = LiveAudience.key(brandId, tableCode);
    const left = (this.#local.get(key) ?? 0) - 1;
    if (left > 0) this.#local.set(key, left);
    else this.#local.delete(key);
    this.#changed();
  }

  /** This process's followers of the table plus what the other live processes last announced. */
  count(brandId: bigint, tableCode: string): number {
    const key = LiveAudience.key(brandId, tableCode);
    const freshSince = this.#now() - AUDIENCE_STALE_MS;
    let total = this.#local.get(key) ?? 0;
    for (const [processId, heard] of this.#others) {
      if (heard.heardAt < freshSince) this.#others.delete(processId);
      else total += heard.counts.get(key) ?? 0;
    }
    return total;
  }

  /** A payload on the live channel: another process's counts (its own echo and table ids are ignored). */
  heard(payload: string): void {
    if (!payload.startsWith(AUDIENCE_PREFIX)) return;
    const rest = payload.slice(AUDIENCE_PREFIX.length);
    const colon = rest.indexOf(':');
    if (colon <= 0) return;
    const processId = rest.slice(0, colon);
    if (processId === this.#processId) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(rest.slice(colon + 1));
    } catch {
      return;
    }
    if (typeof parsed !== 'object' || parsed === null) return;
    const counts: Counts = new Map();
    for (const [key, value] of Object.entries(parsed)) {
      if (Number.isSafeInteger(value) && (value as number) > 0) counts.set(key, value as number);
    }
    if (counts.size === 0) this.#others.delete(processId);
    else this.#others.set(processId, { heardAt: this.#now(), counts });
  }

  /** The channel was down (announcements missed): say ours again; the others' heartbeats bring theirs. */
  resumed(): void {
    if (this.#local.size > 0) this.#send();
  }

  /** Stops the timers (the app closing); the others drop this process after AUDIENCE_STALE_MS. */
  stop(): void {
    if (this.#debounce) clearTimeout(this.#debounce);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#debounce = null;
    this.#heartbeat = null;
  }

  #changed(): void {
    if (!this.#announce) return;
    if (!this.#debounce) {
      this.#debounce = setTimeout(() => {
        this.#debounce = null;
        this.#send();
      }, AUDIENCE_DEBOUNCE_MS);
      this.#debounce.unref?.();
    }
    if (this.#local.size > 0 && !this.#heartbeat) {
      this.#heartbeat = setInterval(() => this.#send(), AUDIENCE_HEARTBEAT_MS);
      this.#heartbeat.unref?.();
    }
  }

  #send(): void {
    if (!this.#announce) return;
    // The last announcement of an empty process is `{}`: the others drop it at once instead of waiting.
    if (this.#local.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = null;
    }
    const payload = `${AUDIENCE_PREFIX}${this.#processId}:${JSON.stringify(Object.fromEntries(this.#local))}`;
    // A lost announcement is repaired by the next heartbeat; the count is a display, not worth a failure.
    this.#announce(payload).catch(() => undefined);
  }
}
