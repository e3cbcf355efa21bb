import { describe, expect, it } from 'vitest';
import type { Listen } from '../db/listen.ts';
import { ChangeFeed, ProcessCache } from './process-cache.ts';

function serving<V>(maxEntries = 10, maxTombstones?: number): ProcessCache<V> {
  const cache = new ProcessCache<V>({
    maxEntries,
    ...(maxTombstones === undefined ? {} : { maxTombstones }),
  });
  cache.resume();
  return cache;
}

/** A load the test finishes by hand, so an invalidation can land while the read is in flight. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A LISTEN the test drives: it sends payloads and takes the connection down and up. */
function fakeListen() {
  const channels = new Map<string, { message: (payload: string) => void; state?: (up: boolean) => void }>();
  const listen: Listen = async (channel, onMessage, onState) => {
    channels.set(channel, { message: onMessage, ...(onState ? { state: onState } : {}) });
    onState?.(true);
    return async () => {
      channels.delete(channel);
    };
  };
  return {
    listen,
    send: (channel: string, payload: string) => channels.get(channel)?.message(payload),
    state: (channel: string, up: boolean) => channels.get(channel)?.state?.(up),
  };
}

describe('ProcessCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = serving<number>(3);
    for (const key of ['a', 'b', 'c']) cache.set(key, 1, cache.ticket());
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('d', 1, cache.ticket());
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 1, 1]);
  });

  it('does not store a value read before an invalidation of its key arrived (the read/NOTIFY race)', async () => {
    const cache = serving<string>();
    const load = deferred<string>();
    const reading = cache.read('member:1', () => load.promise);
    // The entry commits and is announced while the read is in flight; then the read finishes, stale.
    cache.delete('member:1');
    load.resolve('old balance');
    expect(await reading).toBe('old balance');
    expect(cache.get('member:1')).toBeUndefined();
    // A read that starts after the announcement stores its (fresh) value.
    expect(await cache.read('member:1', async () => 'new balance')).toBe('new balance');
    expect(cache.get('member:1')).toBe('new balance');
  });

  it('refuses a value whose tag, or the whole cache, was invalidated while it was read', async () => {
    const cache = serving<string>();
    const tags = () => ['m:7'];
    const first = deferred<string>();
    const reading = cache.read('token-a', () => first.promise, tags);
    cache.deleteTag('m:7');
    first.resolve('session of 7');
    await reading;
    expect(cache.get('token-a')).toBeUndefined();

    // Stored entries with the tag go at once; others stay.
    cache.set('token-b', 'b', cache.ticket(), ['m:7']);
    cache.set('token-c', 'c', cache.ticket(), ['m:8']);
    cache.deleteTag('m:7');
    expect(cache.get('token-b')).toBeUndefined();
    expect(cache.get('token-c')).toBe('c');

    const before = cache.ticket();
    cache.clear();
    expect(cache.set('token-d', 'd', before)).toBe(false);
    expect(cache.set('token-d', 'd', cache.ticket())).toBe(true);
  });

  it('stays safe once it forgets old invalidations: tickets older than the forgotten ones cannot store', () => {
    const cache = serving<string>(10, 2);
    const old = cache.ticket();
    cache.delete('x');
    cache.delete('y');
    cache.delete('z'); // x's tombstone is forgotten: the floor rises past it
    expect(cache.set('x', 'stale', old)).toBe(false);
    expect(cache.set('unrelated', 'v', old)).toBe(false);
    expect(cache.set('x', 'fresh', cache.ticket())).toBe(true);
  });

  it('bypasses until resumed and while suspended, and starts empty when resumed', async () => {
    const cache = new ProcessCache<number>({ maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    expect(cache.serving).toBe(false);
    expect(await cache.read('k', load)).toBe(1);
    expect(await cache.read('k', load)).toBe(2);
    cache.resume();
    expect(await cache.read('k', load)).toBe(3);
    expect(await cache.read('k', load)).toBe(3);
    cache.suspend();
    expect(await cache.read('k', load)).toBe(4);
    cache.resume();
    expect(cache.size).toBe(0);
    expect(await cache.read('k', load)).toBe(5);
  });

  it('updates a present entry in place (the session touch) and ignores a missing one', () => {
    const cache = serving<{ seen: number }>();
    cache.set('s', { seen: 1 }, cache.ticket());
    cache.update('s', (value) => ({ seen: value.seen + 1 }));
    cache.update('gone', () => ({ seen: 99 }));
    expect(cache.get('s')).toEqual({ seen: 2 });
    expect(cache.get('gone')).toBeUndefined();
  });
});

describe('ChangeFeed', () => {
  it('invalidates its caches before telling its readers, and bypasses them while the LISTEN is down', async () => {
    const db = fakeListen();
    const feed = new ChangeFeed(db.listen, 'lotus_test');
    const cache = new ProcessCache<string>({ maxEntries: 10 });
    feed.follow(cache, (payload) => cache.delete(payload));
    const seen: (string | undefined)[] = [];
    let resumed = 0;
    feed.subscribe({
      // What a reader that reloads on the change would find in the cache: nothing.
      changed: (payload) => seen.push(cache.get(payload)),
      resumed: () => {
        resumed += 1;
      },
    });
    expect(cache.serving).toBe(false);
    await feed.start();
    expect(cache.serving).toBe(true);
    expect(resumed).toBe(1);

    cache.set('42', 'cached', cache.ticket());
    db.send('lotus_test', '42');
    expect(seen).toEqual([undefined]);

    cache.set('43', 'cached', cache.ticket());
    db.state('lotus_test', false);
    expect(cache.serving).toBe(false);
    expect(cache.get('43')).toBeUndefined();
    expect(cache.set('43', 'read while down', cache.ticket())).toBe(false);
    db.state('lotus_test', true);
    expect(cache.serving).toBe(true);
    expect(cache.size).toBe(0);
    expect(resumed).toBe(2);

    await feed.stop();
    expect(cache.serving).toBe(false);
  });

  it('caughtUp resolves once its barrier came back through the channel, after the earlier payloads', async () => {
    const db = fakeListen();
    const feed = new ChangeFeed(db.listen, 'lotus_test');
    const cache = new ProcessCache<string>({ maxEntries: 10 });
    const seen: string[] = [];
    feed.follow(cache, (payload) => seen.push(payload));
    await feed.start();
    // The database delivers in commit order: an earlier change, then the barrier.
    await feed.caughtUp(async (channel, payload) => {
      db.send(channel, '42');
      db.send(channel, payload);
    });
    expect(seen).toEqual(['42']); // the barrier itself reaches no cache
  });

  it('never serves without a LISTEN (an offline database handle)', async () => {
    const feed = new ChangeFeed(undefined, 'lotus_test');
    const cache = new ProcessCache<string>({ maxEntries: 10 });
    feed.follow(cache, () => {});
    await feed.start();
    expect(cache.serving).toBe(false);
  });
});
