import websocket from '@fastify/websocket';
import {
  liveTableCodeSchema,
  REALTIME_LIVE_MAX_TABLES,
  type RealtimeLiveSubscribedMessage,
  type RealtimeLiveTableMessage,
} from '@lotus/shared/live.schema';
import { lotteryGameCodeSchema } from '@lotus/shared/lottery.schema';
import { pvpRoomCodeSchema } from '@lotus/shared/pvp.schema';
import {
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE_UNAUTHORIZED,
  REALTIME_LOTTERY_MAX_GAMES,
  REALTIME_PATH,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_SPORTS_MAX_EVENTS,
  type RealtimeJackpotPot,
  type RealtimeLotterySubscribedMessage,
  type RealtimePingMessage,
  type RealtimePvpSubscribedMessage,
  type RealtimeReadyMessage,
  type RealtimeSportsSubscribedMessage,
} from '@lotus/shared/realtime';
import { type SportGroup, sportsEventIdSchema } from '@lotus/shared/sportsbook.schema';
import type { WalletBalance } from '@lotus/shared/wallet.schema';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { RawData, WebSocket } from 'ws';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { ChangeSubscription } from '../../lib/process-cache.ts';
import { accessChangeOf } from '../auth/access-changes.ts';
import { BalanceHub } from './balance-hub.ts';
import { JackpotHub } from './jackpot-hub.ts';
import { LiveHub, type LiveTablesPort } from './live-hub.ts';
import { LotteryHub } from './lottery-hub.ts';
import type { LotteryGameSnapshot } from './lottery-snapshot.repository.ts';
import { PvpHub, type PvpTableOf } from './pvp-hub.ts';
import { RealtimeRepository } from './realtime.repository.ts';
import { type SportsEventSnapshot, SportsHub } from './sports-hub.ts';

export type RealtimeDeps = {
  db: Kysely<Database>;
  /** The ledger's balance announcements (`lotus_balance`, lib/process-cache.ts ChangeFeed). */
  balanceChanges: ChangeSubscription;
  /** The access announcements (`lotus_access`, modules/auth/access-changes.ts): sessions ended, members locked. */
  accessChanges: ChangeSubscription;
  /** The session behind a token (AuthService.authenticate); throws `not_logged_in`. */
  authenticate(token: string): Promise<Actor>;
  /** The balance a push carries (WalletService.balance: the main wallet's available balance). */
  balanceOf(memberId: bigint): Promise<WalletBalance>;
  /**
   * The progressive jackpots' announcements (`lotus_jackpot`, payload: brand id) and the brand's pots they
   * push (issue 19, modules/jackpot); without them the socket carries balances only.
   */
  jackpotChanges?: ChangeSubscription;
  jackpotPotsOf?: (brandId: bigint) => Promise<RealtimeJackpotPot[]>;
  /**
   * The lottery draws' announcements (`lotus_lottery`, payload: lottery game id) and the game summary they
   * push to the sockets that follow the game (issue 20, docs/lottery.md "Real time"); without them a
   * `lottery.subscribe` is refused like any message that is not `auth`.
   */
  lotteryChanges?: ChangeSubscription;
  lotteryGameOf?: (lotteryGameId: bigint) => Promise<LotteryGameSnapshot | null>;
  /** A visitor's brand, from the socket request's host (a member's is their session's). */
  lotteryBrandOf?: (host: string) => Promise<bigint>;
  /**
   * The sportsbook's announcements (`lotus_sports`, payload: sports event id) and the event summary they
   * push to the sockets that follow the event or its group (issue 21, docs/sportsbook.md "Real time");
   * without them a `sports.subscribe` is refused like any message that is not `auth`.
   */
  sportsChanges?: ChangeSubscription;
  sportsEventOf?: (eventId: bigint) => Promise<SportsEventSnapshot | null>;
  /** A visitor's brand for sports, from the socket request's host. */
  sportsBrandOf?: (host: string) => Promise<bigint>;
  /**
   * The live tables' announcements (`lotus_live`, payload: live table id), their snapshots and players'
   * count (issue 22, docs/live-tables.md "Server"); without them a `live.subscribe` is refused like any
   * message that is not `auth`.
   */
  liveChanges?: ChangeSubscription;
  liveTables?: LiveTablesPort;
  /** A visitor's brand for the live tables, from the socket request's host. */
  liveBrandOf?: (host: string) => Promise<bigint>;
  /**
   * The PVP rooms' announcements (`lotus_pvp`, payload: room id), the table as one member sees it and a
   * room code's id in the brand (issue 22, docs/pvp.md "Server"); without them `pvp.subscribe` is ignored.
   */
  pvpChanges?: ChangeSubscription;
  pvpTableOf?: PvpTableOf;
  pvpRoomOf?: (brandId: bigint, roomCode: string) => Promise<bigint | null>;
  /** The session idle limit, so a socket does not outlive the session it was opened with. */
  sessionIdleMs: number;
  clock?: Clock;
  /** Tests shorten these. */
  pingIntervalMs?: number;
  authTimeoutMs?: number;
};

const OPEN = 1;
/** A session token is a short random string; anything longer is not one. */
const TOKEN_MAX = 512;
/** Close code a browser sees when the server shuts down (it reconnects, like after any drop). */
const CLOSE_GOING_AWAY = 1001;

/**
 * The live-balance WebSocket (docs/wallet-contract.md "Live balance"). The first message authenticates
 * (`{ type: 'auth', token }`; tokens never go in URLs, which end up in logs); then the server pushes the
 * member's balance whenever the ledger announces a change on the `lotus_balance` channel, and a ping every
 * 25 s. The socket closes with 4401 when authentication fails or the session ends: at once when its end is
 * announced on `lotus_access` (a logout or lock through any process), else at the next ping (idleness).
 */
export function realtimeRoutes(deps: RealtimeDeps): FastifyPluginAsync {
  const clock = deps.clock ?? systemClock;
  const pingIntervalMs = deps.pingIntervalMs ?? REALTIME_PING_INTERVAL_MS;
  const authTimeoutMs = deps.authTimeoutMs ?? REALTIME_AUTH_TIMEOUT_MS;

  return async (app) => {
    const sockets = new Set<WebSocket>();
    await app.register(websocket, {
      options: { maxPayload: 4096 },
      // Going-away instead of the default 1000, so browsers reconnect to the next process; a client that
      // does not answer the close handshake is cut off rather than holding the shutdown up.
      preClose: (done) => {
        for (const socket of sockets) {
          socket.close(CLOSE_GOING_AWAY, 'server closing');
          setTimeout(() => socket.terminate(), 1_000).unref();
        }
        done();
      },
    });

    const hub = new BalanceHub(deps.balanceOf, app.log);
    const jackpots = deps.jackpotPotsOf ? new JackpotHub(deps.jackpotPotsOf, app.log) : null;
    const lotteryBrandOf = deps.lotteryBrandOf;
    const lotteries =
      deps.lotteryGameOf && lotteryBrandOf ? new LotteryHub(deps.lotteryGameOf, app.log) : null;
    const sportsBrandOf = deps.sportsBrandOf;
    const sports = deps.sportsEventOf && sportsBrandOf ? new SportsHub(deps.sportsEventOf, app.log) : null;
    const liveBrandOf = deps.liveBrandOf;
    const live = deps.liveTables && liveBrandOf ? new LiveHub(deps.liveTables, app.log) : null;
    const pvpRoomOf = deps.pvpRoomOf;
    const pvp = deps.pvpTableOf && pvpRoomOf ? new PvpHub(deps.pvpTableOf, app.log) : null;
    const sessions = new RealtimeRepository(deps.db);
    /** Authenticated sockets by member, with the session each was opened with. */
    const sessionsOf = new Map<string, Map<WebSocket, bigint>>();

    /** Whether the session is still live (not revoked, not expired, not idle, member active), without touching it. */
    const sessionAlive = async (sessionId: bigint): Promise<boolean> => {
      const row = await sessions.sessionState(sessionId);
      const now = clock.now();
      return (
        row !== undefined &&
        row.revoked_at === null &&
        row.expires_at > now &&
        row.last_seen_at.getTime() + deps.sessionIdleMs > now.getTime() &&
        row.member_status === 'active'
      );
    };
    const refuseSocket = (socket: WebSocket, reason: string) => {
      if (socket.readyState === OPEN) socket.close(REALTIME_CLOSE_UNAUTHORIZED, reason);
    };
    const check = (socket: WebSocket, sessionId: bigint) => {
      sessionAlive(sessionId)
        .then((alive) => {
          if (!alive) refuseSocket(socket, 'session ended');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'realtime session check failed'));
    };
    /** A member's access changed (any process, the CLI, hand-typed SQL): their sockets check their sessions. */
    const accessChanged = (memberId: string, sessionId: bigint | null) => {
      for (const [socket, opened] of sessionsOf.get(memberId) ?? []) {
        if (sessionId === null || sessionId === opened) check(socket, opened);
      }
    };

    const stops: (() => void)[] = [];
    app.addHook('onReady', async () => {
      stops.push(
        deps.balanceChanges.subscribe({
          changed: (payload) => hub.changed(payload),
          // Pushes missed while the LISTEN connection was down: every socket gets its balance again.
          resumed: () => hub.changedAll(),
        }),
        deps.accessChanges.subscribe({
          changed: (payload) => {
            const change = accessChangeOf(payload);
            if (change) accessChanged(change.memberId.toString(), change.sessionId);
          },
          resumed: () => {
            for (const member of sessionsOf.keys()) accessChanged(member, null);
          },
        }),
      );
      if (jackpots && deps.jackpotChanges) {
        stops.push(
          deps.jackpotChanges.subscribe({
            changed: (payload) => jackpots.changed(payload),
            resumed: () => jackpots.changedAll(),
          }),
        );
      }
      if (lotteries && deps.lotteryChanges) {
        stops.push(
          deps.lotteryChanges.subscribe({
            changed: (payload) => lotteries.changed(payload),
            resumed: () => lotteries.changedAll(),
          }),
        );
      }
      if (sports && deps.sportsChanges) {
        stops.push(
          deps.sportsChanges.subscribe({
            changed: (payload) => sports.changed(payload),
            resumed: () => sports.changedAll(),
          }),
        );
      }
      if (live && deps.liveChanges) {
        stops.push(
          deps.liveChanges.subscribe({
            changed: (payload) => live.changed(payload),
            resumed: () => live.changedAll(),
          }),
        );
      }
      if (pvp && deps.pvpChanges) {
        stops.push(
          deps.pvpChanges.subscribe({
            changed: (payload) => pvp.changed(payload),
            resumed: () => pvp.changedAll(),
          }),
        );
      }
    });
    app.addHook('onClose', async () => {
      for (const stop of stops.splice(0)) stop();
      jackpots?.stop();
      lotteries?.stop();
      sports?.stop();
      live?.stop();
      pvp?.stop();
    });

    app.get(REALTIME_PATH, { websocket: true }, (socket, request) => {
      sockets.add(socket);
      let memberId: bigint | null = null;
      let brandId: bigint | null = null;
      let sessionId: bigint | null = null;
      let pvpLanguage: string | null = null;
      let firstMessageSeen = false;
      /** Opened by a `lottery.subscribe` instead of `auth`: lottery pushes and pings only. */
      let visitor = false;
      const refuse = (reason: string) => refuseSocket(socket, reason);
      const send = (
        message:
          | RealtimeReadyMessage
          | RealtimePingMessage
          | RealtimeLotterySubscribedMessage
          | RealtimeSportsSubscribedMessage
          | RealtimeLiveSubscribedMessage
          | RealtimeLiveTableMessage
          | RealtimePvpSubscribedMessage,
      ) => {
        if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
      };

      const authTimer = setTimeout(() => refuse('authentication timeout'), authTimeoutMs);
      // The ping still checks the session: it catches idleness, which no announcement reports.
      const pingTimer = setInterval(() => {
        if (sessionId === null) {
          if (visitor) send({ type: 'ping' });
          return;
        }
        sessionAlive(sessionId)
          .then((alive) => (alive ? send({ type: 'ping' }) : refuse('session ended')))
          .catch((error: unknown) => request.log.warn({ err: error }, 'realtime session check failed'));
      }, pingIntervalMs);
      pingTimer.unref();
      authTimer.unref();

      // Subscriptions apply in the order they came. Each waits for the brand lookup, and a page that
      // follows one more event sends a second list right after the first (a slip's follower re-registered):
      // applied as they finished, the older list could win and the socket stop hearing of an event it follows.
      let subscriptions: Promise<void> = Promise.resolve();
      const inOrder = (apply: () => Promise<void>, failed: (error: unknown) => void) => {
        subscriptions = subscriptions.then(apply).catch(failed);
      };

      /** Follows the games in the socket's brand (a member's, else the host's), then acknowledges. */
      const subscribeLottery = async (gameCodes: string[], opening: boolean) => {
        if (!lotteries || !lotteryBrandOf) return;
        const brand = brandId ?? (await lotteryBrandOf(request.host));
        if (socket.readyState !== OPEN) return;
        lotteries.follow(socket, brand, gameCodes);
        if (opening) send({ type: 'ready' });
        send({ type: 'lottery.subscribed', gameCodes });
      };

      /** Follows sports events (or a group) in the socket's brand, then acknowledges. */
      const subscribeSports = async (
        subscription: { eventIds: string[]; group: SportGroup | null },
        opening: boolean,
      ) => {
        if (!sports || !sportsBrandOf) return;
        const brand = brandId ?? (await sportsBrandOf(request.host));
        if (socket.readyState !== OPEN) return;
        sports.follow(socket, brand, subscription.eventIds, subscription.group);
        if (opening) send({ type: 'ready' });
        send({ type: 'sports.subscribed', ...subscription });
      };

      /** Follows live tables in the socket's brand, then acknowledges and sends each table's snapshot. */
      const subscribeLive = async (tableCodes: string[], opening: boolean) => {
        if (!live || !liveBrandOf) return;
        const brand = brandId ?? (await liveBrandOf(request.host));
        if (socket.readyState !== OPEN) return;
        const tables = await live.follow(socket, brand, tableCodes);
        // Closed while the snapshots were read: it must not stay counted among the players.
        if (socket.readyState !== OPEN) return live.remove(socket);
        if (opening) send({ type: 'ready' });
        send({ type: 'live.subscribed', tableCodes: tables.map((table) => table.code) });
        for (const table of tables) send({ type: 'live.table', table });
      };

      /** Follows a PVP room (or none) as the socket's member; private, so only after `auth`. */
      const subscribePvp = async (roomCode: string | null) => {
        if (!pvp || !pvpRoomOf || memberId === null || brandId === null) return;
        const roomId = roomCode === null ? null : await pvpRoomOf(brandId, roomCode);
        // A room code that is not the brand's: refused (no acknowledgement), the old follow stays.
        if (roomCode !== null && roomId === null) return;
        if (socket.readyState !== OPEN) return;
        send({ type: 'pvp.subscribed', roomCode });
        await pvp.follow(
          socket,
          roomId === null ? null : { roomId: roomId.toString(), memberId, language: pvpLanguage },
        );
      };

      const authenticate = async (data: RawData, isBinary: boolean) => {
        const token = isBinary ? null : tokenOf(data.toString());
        if (token === null) return refuse('expected an auth message');
        let actor: Actor;
        try {
          actor = await deps.authenticate(token);
        } catch {
          return refuse('not logged in');
        }
        clearTimeout(authTimer);
        if (socket.readyState !== OPEN) return;
        memberId = actor.memberId;
        sessionId = actor.sessionId;
        hub.add(memberId, socket);
        brandId = actor.brandId;
        pvpLanguage = actor.language;
        jackpots?.add(brandId, socket);
        const key = memberId.toString();
        const ofMember = sessionsOf.get(key) ?? new Map<WebSocket, bigint>();
        ofMember.set(socket, sessionId);
        sessionsOf.set(key, ofMember);
        send({ type: 'ready' });
        // The balance right away: the browser is current after every (re)connect, even if it missed pushes.
        await hub.sendCurrent(memberId, socket);
      };

      /**
       * A public subscription (live tables, sports, lottery) needs no login: as the first message it opens a
       * visitor's socket (no balance; a later `auth` is ignored), later it replaces the socket's list.
       */
      const followPublic = (what: string, subscribe: (opening: boolean) => Promise<void>) => {
        const opening = !firstMessageSeen;
        if (opening) {
          firstMessageSeen = true;
          visitor = true;
          clearTimeout(authTimer);
        }
        inOrder(
          () => subscribe(opening),
          (error) => {
            request.log.warn({ err: error }, `realtime ${what} subscription failed`);
            if (opening) refuse(`${what} subscription failed`);
          },
        );
      };

      socket.on('message', (data, isBinary) => {
        const text = isBinary ? null : data.toString();
        const liveCodes = live && text !== null ? liveSubscriptionOf(text) : null;
        if (liveCodes !== null) return followPublic('live', (opening) => subscribeLive(liveCodes, opening));
        // A PVP subscription needs the authenticated socket (its pushes are the member's own view).
        const pvpFollow = pvp && text !== null && memberId !== null ? pvpSubscriptionOf(text) : undefined;
        if (pvpFollow !== undefined) {
          inOrder(
            () => subscribePvp(pvpFollow),
            (error) => request.log.warn({ err: error }, 'realtime pvp subscription failed'),
          );
          return;
        }
        const sportsFollow = sports && text !== null ? sportsSubscriptionOf(text) : null;
        if (sportsFollow !== null)
          return followPublic('sports', (opening) => subscribeSports(sportsFollow, opening));
        const gameCodes = lotteries && text !== null ? lotterySubscriptionOf(text) : null;
        if (gameCodes !== null)
          return followPublic('lottery', (opening) => subscribeLottery(gameCodes, opening));
        // Otherwise only the first message means anything (auth); later ones, or any while it is being
        // checked, are ignored.
        if (firstMessageSeen) return;
        firstMessageSeen = true;
        authenticate(data, isBinary).catch((error: unknown) => {
          request.log.warn({ err: error }, 'realtime authentication failed');
          refuse('authentication failed');
        });
      });
      socket.on('error', (error) => request.log.info({ err: error }, 'realtime socket error'));
      socket.on('close', () => {
        clearTimeout(authTimer);
        clearInterval(pingTimer);
        sockets.delete(socket);
        lotteries?.remove(socket);
        sports?.remove(socket);
        live?.remove(socket);
        pvp?.remove(socket);
        if (brandId !== null) jackpots?.remove(brandId, socket);
        if (memberId !== null) {
          hub.remove(memberId, socket);
          const ofMember = sessionsOf.get(memberId.toString());
          ofMember?.delete(socket);
          if (ofMember?.size === 0) sessionsOf.delete(memberId.toString());
        }
      });
    });
  };
}

/** A client message's JSON object, or null (not JSON, or not an object). */
function objectOf(text: string): Record<string, unknown> | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof message === 'object' && message !== null ? (message as Record<string, unknown>) : null;
}

/** The token of a `{ "type": "auth", "token": "..." }` message, or null. */
function tokenOf(text: string): string | null {
  const message = objectOf(text);
  if (message === null) return null;
  const { type, token } = message;
  if (type !== 'auth' || typeof token !== 'string' || token === '' || token.length > TOKEN_MAX) return null;
  return token;
}

/** The game codes of a valid `{ "type": "lottery.subscribe", "gameCodes": [...] }` message, or null. */
function lotterySubscriptionOf(text: string): string[] | null {
  const message = objectOf(text);
  if (message === null) return null;
  const { type, gameCodes } = message;
  if (type !== 'lottery.subscribe' || !Array.isArray(gameCodes)) return null;
  if (gameCodes.length > REALTIME_LOTTERY_MAX_GAMES) return null;
  return gameCodes.every((code) => lotteryGameCodeSchema.safeParse(code).success)
    ? (gameCodes as string[])
    : null;
}

const SPORT_GROUP_NAMES: readonly string[] = ['sports', 'esports', 'cockfight'];

/** The event ids and group of a valid `{ "type": "sports.subscribe", "eventIds"?: [...], "group"?: ... }`, or null. */
function sportsSubscriptionOf(text: string): { eventIds: string[]; group: SportGroup | null } | null {
  const message = objectOf(text);
  if (message === null || message.type !== 'sports.subscribe') return null;
  const { eventIds = [], group = null } = message;
  if (!Array.isArray(eventIds) || eventIds.length > REALTIME_SPORTS_MAX_EVENTS) return null;
  if (!eventIds.every((id) => sportsEventIdSchema.safeParse(id).success)) return null;
  if (group !== null && !(typeof group === 'string' && SPORT_GROUP_NAMES.includes(group))) return null;
  return { eventIds: eventIds as string[], group: group as SportGroup | null };
}

/** The table codes of a valid `{ "type": "live.subscribe", "tableCodes": [...] }` message, or null. */
function liveSubscriptionOf(text: string): string[] | null {
  const message = objectOf(text);
  if (message === null || message.type !== 'live.subscribe') return null;
  const { tableCodes } = message;
  if (!Array.isArray(tableCodes) || tableCodes.length > REALTIME_LIVE_MAX_TABLES) return null;
  return tableCodes.every((code) => liveTableCodeSchema.safeParse(code).success)
    ? (tableCodes as string[])
    : null;
}

/** The room code of a valid `{ "type": "pvp.subscribe", "roomCode": "…" | null }`, or undefined. */
function pvpSubscriptionOf(text: string): string | null | undefined {
  const message = objectOf(text);
  if (message === null || message.type !== 'pvp.subscribe') return undefined;
  const { roomCode } = message;
  if (roomCode === null) return null;
  return pvpRoomCodeSchema.safeParse(roomCode).success ? (roomCode as string) : undefined;
}
