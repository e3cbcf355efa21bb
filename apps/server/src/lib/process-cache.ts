import type { Listen } from '../db/listen.ts';

/**
 * Reads from memory that stay correct across N processes (issue 15 "Reads from memory", docs/scaling.md
 * "Caches"). Two pieces, one way for every cache of the server:
 *
 * - `ProcessCache`: a bounded (LRU) map in one process, whose entries a database NOTIFY removes. Its
 *   `read(key, load)` closes the classic race — a read starts, the change is committed and announced, the
 *   read finishes with the old value and stores it — with a generation guard: every invalidation bumps a
 *   counter, and a value loaded under an older ticket is not stored if its key (or one of its tags) was
 *   invalidated since.
 * - `ChangeFeed`: one LISTEN channel and the caches that follow it. While the LISTEN connection is down
 *   (db/listen.ts reconnects) announcements are lost, so the caches it feeds bypass — every read goes to
 *   the database — and when it is back they start empty.
 */

/** Taken before a database read; a value is stored only if nothing it depends on changed since. */
export type CacheTicket = number;

export type ProcessCacheOptions = {
  /** Entries kept; the least recently used goes first. */
  maxEntries: number;
  /**
   * Recent invalidations remembered for the generation guard. Older ones are forgotten by raising a floor
   * below which no ticket may store, so forgetting costs a few extra database reads, never a stale value.
   */
  maxTombstones?: number;
};

type Entry<V> = { value: V; tags: readonly string[] };

export class ProcessCache<V> {
  readonly #maxEntries: number;
  readonly #maxTombstones: number;
  readonly #entries = new Map<string, Entry<V>>();
  /** Tag → keys holding it (a member's sessions: one notification ends them all). */
  readonly #tagged = new Map<string, Set<string>>();
  /** `k:<key>` / `t:<tag>` → the generation of its last invalidation, oldest first. */
  readonly #tombstones = new Map<string, number>();
  #generation = 0;
  /** Tickets below this may not store (after a clear, or once their tombstones were forgotten). */
  #floor = 0;
  /** False while the feed is down: get answers nothing and set stores nothing. Caches start bypassing. */
  #serving = false;

  constructor(options: ProcessCacheOptions) {
    this.#maxEntries = options.maxEntries;
    this.#maxTombstones = options.maxTombstones ?? Math.max(1_000, options.maxEntries);
  }

  get serving(): boolean {
    return this.#serving;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached value (and marks it recently used); undefined on a miss or while bypassing. */
  get(key: string): V | undefined {
    if (!this.#serving) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  ticket(): CacheTicket {
    return this.#generation;
  }

  /**
   * Stores a value read from the database under `ticket`; refused (false) while bypassing, or when the key
   * or one of `tags` was invalidated after the ticket was taken (the value may predate that change).
   */
  set(key: string, value: V, ticket: CacheTicket, tags: readonly string[] = []): boolean {
    if (!this.#serving || ticket < this.#floor) return false;
    if ((this.#tombstones.get(`k:${key}`) ?? -1) > ticket) return false;
    for (const tag of tags) if ((this.#tombstones.get(`t:${tag}`) ?? -1) > ticket) return false;
    this.#drop(key);
    this.#entries.set(key, { value, tags });
    for (const tag of tags) {
      let keys = this.#tagged.get(tag);
      if (!keys) {
        keys = new Set();
        this.#tagged.set(tag, keys);
      }
      keys.add(key);
    }
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#drop(oldest);
    }
    return true;
  }

  /** Replaces a value this process itself wrote to the database (a session's idle timer); no-op on a miss. */
  update(key: string, change: (value: V) => V): void {
    const entry = this.#entries.get(key);
    if (entry) entry.value = change(entry.value);
  }

  /**
   * The cached value, else `load()` from the database, stored under the generation guard.
   *
   * A hit first lets the event loop finish the I/O it has already received: a request and the NOTIFY that
   * invalidates what it asks for can arrive in the same poll of the loop, and a hit answered at once (no
   * I/O at all) would be written out before the notification's socket is read. After one `setImmediate`
   * every notification that reached this process before the request has been applied.
   */
  async read(
    key: string,
    load: () => Promise<V | undefined>,
    tagsOf: (value: V) => readonly string[] = () => [],
  ): Promise<V | undefined> {
    if (this.get(key) !== undefined) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const cached = this.get(key);
      if (cached !== undefined) return cached;
    }
    return this.reload(key, load, tagsOf);
  }

  /** `load()` from the database regardless of what is cached, and store the answer (guarded as in read). */
  async reload(
    key: string,
    load: () => Promise<V | undefined>,
    tagsOf: (value: V) => readonly string[] = () => [],
  ): Promise<V | undefined> {
    const ticket = this.ticket();
    const value = await load();
    if (value !== undefined) this.set(key, value, ticket, tagsOf(value));
    return value;
  }

  /** The key changed in the database. */
  delete(key: string): void {
    this.#tombstone(`k:${key}`);
    this.#drop(key);
  }

  /** Every entry stored with this tag changed in the database. */
  deleteTag(tag: string): void {
    this.#tombstone(`t:${tag}`);
    for (const key of this.#tagged.get(tag) ?? []) this.#drop(key);
  }

  /** Everything may have changed: drop every entry, and refuse every value read before now. */
  clear(): void {
    this.#generation += 1;
    this.#floor = this.#generation;
    this.#tombstones.clear();
    this.#entries.clear();
    this.#tagged.clear();
  }

  /** Announcements may be lost from now on: bypass until `resume`. */
  suspend(): void {
    this.#serving = false;
    this.clear();
  }

  /** Announcements arrive again (the ones missed meanwhile are lost): start empty and serve. */
  resume(): void {
    this.clear();
    this.#serving = true;
  }

  #tombstone(name: string): void {
    this.#generation += 1;
    this.#tombstones.delete(name);
    this.#tombstones.set(name, this.#generation);
    while (this.#tombstones.size > this.#maxTombstones) {
      const [oldest, generation] = this.#tombstones.entries().next().value as [string, number];
      this.#tombstones.delete(oldest);
      this.#floor = Math.max(this.#floor, generation);
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.#tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#tagged.delete(tag);
    }
  }
}

/** What a feed's reader gets: each payload, and a call when announcements may have been missed. */
export type ChangeListener = { changed(payload: string): void; resumed?(): void };

/** The part of a feed other modules subscribe with; the answer unsubscribes. */
export type ChangeSubscription = { subscribe(listener: ChangeListener): () => void };

/**
 * One LISTEN channel of this process and everything that reads it. Caches follow the feed (they run first
 * on each payload, so a reader that reloads after a change never sees the cached old value) and bypass
 * while it is down; readers subscribe. Without a LISTEN (an offline handle) the caches never serve.
 */
export class ChangeFeed implements ChangeSubscription {
  readonly #listen: Listen | undefined;
  readonly #channel: string;
  readonly #caches: { cache: ProcessCache<unknown>; changed: (payload: string) => void }[] = [];
  readonly #listeners = new Set<ChangeListener>();
  /** Barrier payloads (`sync:<n>`) awaited by caughtUp. */
  readonly #barriers = new Map<string, () => void>();
  #barrierCount = 0;
  #unlisten: (() => Promise<void>) | null = null;

  constructor(listen: Listen | undefined, channel: string) {
    this.#listen = listen;
    this.#channel = channel;
  }

  get channel(): string {
    return this.#channel;
  }

  /** `cache` bypasses while the feed is down; `changed` removes what a payload names. */
  follow<V>(cache: ProcessCache<V>, changed: (payload: string) => void): void {
    this.#caches.push({ cache: cache as ProcessCache<unknown>, changed });
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Starts listening (the app's onReady); the first connection must work, as a start-up check. */
  async start(): Promise<void> {
    if (!this.#listen || this.#unlisten) return;
    this.#unlisten = await this.#listen(
      this.#channel,
      (payload) => {
        const barrier = this.#barriers.get(payload);
        if (barrier) return barrier();
        for (const { changed } of this.#caches) changed(payload);
        for (const listener of this.#listeners) listener.changed(payload);
      },
      (up) => {
        for (const { cache } of this.#caches) {
          if (up) cache.resume();
          else cache.suspend();
        }
        if (up) for (const listener of this.#listeners) listener.resumed?.();
      },
    );
  }

  /**
   * Resolves once every announcement committed before the call has been applied here: `notify` sends a
   * barrier payload on the channel, and the database delivers notifications in commit order. For a change
   * made outside this process's own paths (a test's fixture, a tool in the same process) that must be seen
   * by the next request. Answers at once when the feed is not listening (the caches bypass then).
   */
  async caughtUp(notify: (channel: string, payload: string) => Promise<void>): Promise<void> {
    if (!this.#unlisten) return;
    this.#barrierCount += 1;
    const payload = `sync:${process.pid}:${this.#barrierCount}`;
    const arrived = new Promise<void>((resolve) => this.#barriers.set(payload, resolve));
    try {
      await notify(this.#channel, payload);
      await arrived;
    } finally {
      this.#barriers.delete(payload);
    }
  }

  async stop(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = null;
    for (const { cache } of this.#caches) cache.suspend();
    await unlisten?.();
  }
}
