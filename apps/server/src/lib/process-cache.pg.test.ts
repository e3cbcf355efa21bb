import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onceAnnounced } from '../../test/helpers/announced.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.ts';
import { LISTEN_APPLICATION_NAME } from '../db/listen.ts';
import { ChangeFeed, ProcessCache } from './process-cache.ts';

/**
 * The cache on a real LISTEN connection (PostgreSQL): a NOTIFY from another connection drops the entry, and
 * while the LISTEN connection is gone (a terminated backend) the cache bypasses, until db/listen.ts has
 * reconnected; then it starts empty, since announcements were missed meanwhile.
 */
describe('process cache on a LISTEN connection [postgres]', () => {
  let database: TestDatabase;
  let feed: ChangeFeed;
  const cache = new ProcessCache<string>({ maxEntries: 100 });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    feed = new ChangeFeed(database.listen, 'lotus_cache_test');
    feed.follow(cache, (payload) => cache.delete(payload));
    await feed.start();
  }, 60_000);
  afterAll(async () => {
    await feed?.stop();
    await database?.close();
  });

  const notify = (payload: string) =>
    sql`select pg_notify('lotus_cache_test', ${payload})`.execute(database.db);

  it('drops an entry on NOTIFY, bypasses while the connection is down and clears when it is back', async () => {
    expect(cache.serving).toBe(true);
    cache.set('a', 'cached', cache.ticket());
    await notify('a');
    expect(
      await onceAnnounced(
        async () => cache.get('a'),
        (value) => value === undefined,
      ),
    ).toBeUndefined();

    cache.set('b', 'cached', cache.ticket());
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`.execute(
      database.db,
    );
    expect(
      await onceAnnounced(
        async () => cache.serving,
        (up) => !up,
      ),
    ).toBe(false);
    // Down: nothing is served or stored.
    expect(cache.get('b')).toBeUndefined();
    expect(cache.set('c', 'read while down', cache.ticket())).toBe(false);
    // Back (the first retry comes after 500 ms): empty, and announcements arrive again.
    expect(
      await onceAnnounced(
        async () => cache.serving,
        (up) => up,
      ),
    ).toBe(true);
    expect(cache.size).toBe(0);
    cache.set('d', 'cached', cache.ticket());
    await notify('d');
    expect(
      await onceAnnounced(
        async () => cache.get('d'),
        (value) => value === undefined,
      ),
    ).toBeUndefined();
  });
});
