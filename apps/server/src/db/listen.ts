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

/** The LISTEN connection's name in `pg_stat_activity`, for an operator (and the tests) to find it. */
export const LISTEN_APPLICATION_NAME = 'lotus-listen';

type Subscriber = { onMessage: (payload: string) => void; onState?: (up: boolean) => void };

/**
 * PostgreSQL: one dedicated client outside the pool (a pooled connection would be handed to queries and its
 * LISTEN lost), shared by every channel this handle listens on: a process follows seven change feeds, and a
 * connection each made it 17 connections a process where 11 do (docs/scaling.md).
 *
 * When the connection drops (database restart, network) it reconnects with a growing delay and listens on
 * every channel again; notifications sent while it was away are lost: `onState` says so to every channel,
 * and the caches that depend on them bypass until it is back (a live display the browser also refreshes on
 * its own just misses a push). The connection closes when the last channel stops.
 */
export function postgresListen(databaseUrl: string, onError: (error: Error) => void = () => {}): Listen {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = RETRY_FIRST_MS;
  /** Lost and not yet back: the channels were told `false` and are told `true` on the next connection. */
  let down = false;

  const tellAll = (up: boolean) => {
    for (const subscribers of channels.values()) for (const { onState } of subscribers) onState?.(up);
  };

  const connect = async (): Promise<pg.Client> => {
    const fresh = new pg.Client({ connectionString: databaseUrl, application_name: LISTEN_APPLICATION_NAME });
    fresh.on('notification', (message) => {
      for (const { onMessage } of channels.get(message.channel) ?? []) onMessage(message.payload ?? '');
    });
    const lost = (error?: Error) => {
      if (client !== fresh) return;
      client = null;
      down = true;
      tellAll(false);
      fresh.end().catch(() => {});
      if (error) onError(error);
      scheduleRetry();
    };
    fresh.on('error', lost);
    fresh.on('end', () => lost());
    try {
      await fresh.connect();
      for (const channel of channels.keys()) await fresh.query(`LISTEN ${channel}`);
    } catch (error) {
      await fresh.end().catch(() => {});
      throw error;
    }
    client = fresh;
    delay = RETRY_FIRST_MS;
    if (down) {
      down = false;
      tellAll(true);
    }
    return fresh;
  };

  /** The connection, opened (or being opened) once for every channel that asks at the same time. */
  const connected = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const scheduleRetry = () => {
    if (retryTimer || channels.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (channels.size === 0) return;
      connected().catch((error: Error) => {
        onError(error);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
        scheduleRetry();
      });
    }, delay);
    retryTimer.unref();
  };

  const close = async () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const current = client ?? (await connecting?.catch(() => null));
    client = null;
    await current?.end().catch(() => {});
  };

  return async (channel, onMessage, onState) => {
    checkChannel(channel);
    const subscriber: Subscriber = { onMessage, onState };
    const subscribers = channels.get(channel) ?? new Set<Subscriber>();
    const first = subscribers.size === 0;
    subscribers.add(subscriber);
    channels.set(channel, subscribers);
    try {
      // The first connection must work: a server that cannot listen at start-up should say so at once. A
      // connection opened meanwhile has listened on this channel already.
      const listening = client !== null;
      const current = await connected();
      if (first && listening) await current.query(`LISTEN ${channel}`);
    } catch (error) {
      subscribers.delete(subscriber);
      if (subscribers.size === 0) channels.delete(channel);
      if (channels.size === 0) await close();
      throw error;
    }
    onState?.(true);
    let stopped = false;
    return async () => {
      if (stopped) return;
      stopped = true;
      subscribers.delete(subscriber);
      if (subscribers.size > 0) return;
      channels.delete(channel);
      if (channels.size === 0) return close();
      await client?.query(`UNLISTEN ${channel}`).catch(() => {});
    };
  };
}
