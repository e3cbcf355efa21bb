import pg from 'pg';
import { beforeAll } from 'vitest';
import { testDatabaseUrl } from '../../src/config/env.ts';

/**
 * The PostgreSQL server's connections, shared by the test files of one run (and of any run beside it).
 *
 * A concurrency file opens pools of its own: two app instances (20 + 10), 52 transactions held open at once,
 * a server process or two. Three of them side by side passed the server's `max_connections` (100 here) and a
 * file failed with "sorry, too many clients already" (CI, 2026-11-28: 100 connections sampled in a run that
 * passed). So a file that opens more than its test database's small pool first reserves what it will open at
 * most, with `usePostgresConnections(n)`, and waits, in arrival order, until that many are free.
 *
 * The units are PostgreSQL session advisory locks (class `BUDGET_CLASS`, keys 1…budget) held by one client
 * per file: they go back when the file releases them, and by themselves when a worker dies and its
 * connection closes. Key 0 is the queue: one file at a time gathers units, so a file that needs many is not
 * passed forever by files that need few. Files that reserve nothing (a test database's pool of 4 and its
 * LISTEN connection, an app on it: 12 at most measured) run beside them in the connections kept out of the
 * budget.
 */

const BUDGET_CLASS = 0x4c6f7475; // "Lotu"
const QUEUE_KEY = 0;
const RELEASED = 'lotus_test_connections_released';
/**
 * Kept out of the budget: up to two files that reserve nothing beside one that does (three workers; a test
 * database, an app on it and its LISTEN connection: 12 at most), the budget's own clients (one per worker),
 * and a person's psql.
 */
const UNRESERVED = 30;
/** A bound on a hang while waiting, not a wait: the budget frees as other files end. */
const RESERVE_TIMEOUT_MS = 30 * 60_000;

/** What a test database keeps open by itself: its pool of 4 and its LISTEN connection (test-database.ts). */
const OWN_TEST_DATABASE = 5;

let reserving = false;
let reserved = 0;
let opened = 0;

/**
 * Reserves `count` connections of the server for this file: the most it holds open at once, its test
 * database's included. They are taken before its other hooks run (call this first in the file or its outer
 * `describe`) and given back after its last `afterAll`.
 */
export function usePostgresConnections(count: number): void {
  // Without a server the file's PostgreSQL tests are left out (scripts/test.mjs), and so is its budget.
  if (!testDatabaseUrl()) return;
  if (reserving) throw new Error("usePostgresConnections is called once per file, with the file's peak");
  reserving = true;
  beforeAll(async () => {
    const client = await reserve(count);
    reserved = count;
    // A cleanup returned by `beforeAll` runs after the suite's `afterAll` hooks, once its pools are closed.
    return async () => {
      reserved = 0;
      // Units first, then the word: a waiting file that wakes finds them free.
      await client.query('select pg_advisory_unlock_all(), pg_notify($1, $2)', [RELEASED, String(count)]);
      await client.end();
    };
  }, RESERVE_TIMEOUT_MS);
}

/**
 * Counts `count` more connections this file opens (a pool and its LISTEN connection), failing at once when
 * they pass what it reserved; the returned function gives them back.
 */
export function openingConnections(count: number, what: string): () => void {
  const total = OWN_TEST_DATABASE + opened + count;
  if (total > reserved)
    throw new Error(
      `${what} opens ${count} PostgreSQL connections, ${total} in all in this file, but the file reserved ` +
        `${reserved}: call usePostgresConnections(n) first in the file with n at least its peak ` +
        '(test/helpers/postgres-budget.ts)',
    );
  opened += count;
  let open = true;
  return () => {
    if (open) opened -= count;
    open = false;
  };
}

async function reserve(count: number): Promise<pg.Client> {
  const url = testDatabaseUrl();
  if (!url) throw new Error('usePostgresConnections needs TEST_DATABASE_URL (a PostgreSQL server)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ max: number }>(
      "select current_setting('max_connections')::int as max",
    );
    const budget = (rows[0]?.max ?? 0) - UNRESERVED;
    if (count > budget)
      throw new Error(
        `this file reserves ${count} PostgreSQL connections; the server allows ${budget} to test files ` +
          '(max_connections less those kept for unreserved files)',
      );
    await client.query(`listen ${RELEASED}`);
    let released = wakeOnRelease(client);
    await client.query('select pg_advisory_lock($1, $2)', [BUDGET_CLASS, QUEUE_KEY]);
    const mine = new Set<number>();
    for (;;) {
      for (let key = 1; key <= budget && mine.size < count; key++) {
        // A session's advisory lock is re-entrant: a key already held must not be counted twice.
        if (mine.has(key)) continue;
        const { rows: got } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1, $2) as locked',
          [BUDGET_CLASS, key],
        );
        if (got[0]?.locked) mine.add(key);
      }
      if (mine.size === count) break;
      // Not enough free: wait until a file gives some back (a dead worker's connection frees its units
      // without a word, hence the bound on this wait), then look again.
      await released;
      released = wakeOnRelease(client);
    }
    await client.query('select pg_advisory_unlock($1, $2)', [BUDGET_CLASS, QUEUE_KEY]);
    return client;
  } catch (error) {
    await client.end();
    throw error;
  }
}

function wakeOnRelease(client: pg.Client): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('notification', done);
      resolve();
    };
    const timer = setTimeout(done, 2_000).unref();
    client.on('notification', done);
  });
}
