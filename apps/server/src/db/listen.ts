import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * LISTEN/NOTIFY for both backends (docs/wallet-contract.md "Live balance"). A NOTIFY sent inside a
 * transaction is delivered only when it commits, and on PostgreSQL to every connection that listens, so
 * several server processes on one database all hear about a change any of them (or the ops CLI) made.
 */

/**
 * Starts listening; the answer stops it again (idempotent). `onState(true)` once the channel is listened
 * to, `onState(false)` when the connection is lost (notifications sent until it is back are missed), then
 * `true` again after the reconnect: caches built on the channel bypass meanwhile (lib/process-cache.ts).
 */
export type Listen = (
  channel: string,
  onMessage: (payload: string) => void,
  onState?: (up: boolean) => void,
) => Promise<() => Promise<void>>;

/** Channel names go into SQL as identifiers; only plain lower-case names are accepted. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`);
}

/** PGlite: one in-process database, so its own `listen` sees every commit of this process. */
export function pgliteListen(pglite: PGlite): Listen {
  return async (channel, onMessage, onState) => {
    checkChannel(channel);
    const unlisten = await pglite.listen(channel, onMessage);
    // In-process: the channel never goes down while the database is open.
    onState?.(true);
    let stopped = false;
    return async () => {
      if (stopped || pglite.closed) return;
      stopped = true;
      await unlisten();
    };
  };
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * PostgreSQL: a dedicated client outside the pool (a pooled connection would be handed to queries and its
 * LISTEN lost). When the connection drops (database restart, network) it reconnects with a growing delay;
 * notifications sent while it was away are lost: `onState` says so, and the caches that depend on them
 * bypass until it is back (a live display the browser also refreshes on its own just misses a push).
 */
export function postgresListen(databaseUrl: string, onError: (error: Error) => void = () => {}): Listen {
  return async (channel, onMessage, onState) => {
    checkChannel(channel);
    let stopped = false;
    let client: pg.Client | null = null;
    let retryTimer: NodeJS.Timeout | null = null;
    let delay = RETRY_FIRST_MS;

    const connect = async (): Promise<void> => {
      const fresh = new pg.Client({ connectionString: databaseUrl });
      fresh.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      const lost = (error?: Error) => {
        if (client !== fresh) return;
        client = null;
        onState?.(false);
        fresh.end().catch(() => {});
        if (error) onError(error);
        scheduleRetry();
      };
      fresh.on('error', lost);
      fresh.on('end', () => lost());
      client = fresh;
      try {
        await fresh.connect();
        await fresh.query(`LISTEN ${channel}`);
        delay = RETRY_FIRST_MS;
        if (client === fresh && !stopped) onState?.(true);
      } catch (error) {
        if (client === fresh) client = null;
        await fresh.end().catch(() => {});
        throw error;
      }
      if (stopped) await fresh.end().catch(() => {});
    };

    const scheduleRetry = () => {
      if (stopped || retryTimer) return;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        connect().catch((error: Error) => {
          onError(error);
          delay = Math.min(delay * 2, RETRY_MAX_MS);
          scheduleRetry();
        });
      }, delay);
      retryTimer.unref();
    };

    // The first connection must work: a server that cannot listen at start-up should say so at once.
    await connect();
    return async () => {
      if (stopped) return;
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    };
  };
}
