import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../src/db/unit-of-work.ts';

/**
 * Waits until `app` has applied every announcement committed so far (lib/process-cache.ts ChangeFeed
 * caughtUp): after a fixture changed a member, a session or a balance behind the app's back, the next
 * request sees it. A state, not a delay: a barrier NOTIFY, delivered after all the earlier ones.
 */
export async function appCaughtUp(app: FastifyInstance, db: Db): Promise<void> {
  for (const feed of app.changeFeeds) {
    await feed.caughtUp(async (channel, payload) => {
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    });
  }
}

/**
 * Waits for a change made outside the app under test (another process, the ops CLI, a repository used by
 * the test itself, SQL typed by hand) to reach the app's caches through the database's NOTIFY
 * (lib/process-cache.ts). It reads until `done` holds and answers the last reading, which the caller then
 * asserts: the bound only stops a hang (on PostgreSQL the announcement takes about a millisecond; on PGlite
 * it is delivered before the writer's commit returns).
 */
export async function onceAnnounced<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  hangBoundMs = 10_000,
): Promise<T> {
  const until = Date.now() + hangBoundMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
