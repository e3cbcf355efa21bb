/**
 * Messages of the live-balance WebSocket `GET /wps/ws` (docs/wallet-contract.md "Live balance"). Zod-free:
 * the browser's socket client imports these types only. The session token travels in the first message,
 * never in the URL (URLs end up in logs).
 */

import type {
  RealtimeLiveSubscribedMessage,
  RealtimeLiveSubscribeMessage,
  RealtimeLiveTableMessage,
} from './live.schema.ts';
import type { LotteryDraw } from './lottery.schema.ts';
import type { PvpTable } from './pvp.schema.ts';
import type { SportGroup, SportsEventSummary } from './sportsbook.schema.ts';

export const REALTIME_PATH = '/wps/ws';

/** The socket is closed with this code when the first message is not a valid `auth` (or comes too late). */
export const REALTIME_CLOSE_UNAUTHORIZED = 4401;
/** The server sends `ping` this often so proxies keep the socket open and the browser can see it is alive. */
export const REALTIME_PING_INTERVAL_MS = 25_000;
/** How long the server waits for the `auth` message after the socket opens. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;

/** Browser → server. */
export type RealtimeAuthMessage = { type: 'auth'; token: string };
/**
 * Issue 20 (docs/lottery.md "Real time"): the games whose draws this socket follows. Needs no login: it may
 * be a socket's first message (a visitor's socket, no balance), or come after `auth`; each one replaces the
 * previous list (at most `REALTIME_LOTTERY_MAX_GAMES` codes; an empty list stops the pushes).
 */
export type RealtimeLotterySubscribeMessage = { type: 'lottery.subscribe'; gameCodes: string[] };
/**
 * Issue 21 (docs/sportsbook.md "Real time"): the sports events this socket follows — a list of event ids
 * (an event page, the bet slip's legs) or a whole group (a lobby). Needs no login, like `lottery.subscribe`;
 * each one replaces the previous (at most `REALTIME_SPORTS_MAX_EVENTS` ids; neither ids nor group: none).
 */
export type RealtimeSportsSubscribeMessage = {
  type: 'sports.subscribe';
  eventIds?: string[];
  group?: SportGroup;
};
/**
 * Issue 22 (docs/pvp.md "Server"): the PVP room this socket follows (one at a time; null stops). Private:
 * only on a socket opened with `auth`, since every push is the table as this member sees it (their cards).
 * Refused (no `pvp.subscribed`) on a visitor's socket or for a room code that is not the brand's.
 */
export type RealtimePvpSubscribeMessage = { type: 'pvp.subscribe'; roomCode: string | null };
export type RealtimeClientMessage =
  | RealtimeAuthMessage
  | RealtimeLotterySubscribeMessage
  | RealtimeSportsSubscribeMessage
  | RealtimeLiveSubscribeMessage
  | RealtimePvpSubscribeMessage;
/** Most sports events one socket may follow by id (a slip holds 12 legs; an event page one). */
export const REALTIME_SPORTS_MAX_EVENTS = 50;
/** Most games one socket may follow (a lobby shows every game: a dozen or two). */
export const REALTIME_LOTTERY_MAX_GAMES = 50;

/** Server → browser. */
export type RealtimeReadyMessage = { type: 'ready' };
export type RealtimePingMessage = { type: 'ping' };
/** The member's main wallet as `GET /wps/v2/wallets/balance` answers it (available balance). */
export type RealtimeBalanceMessage = {
  type: 'balance';
  balanceMinor: string;
  sumBalance: string;
  currency: string;
};
/**
 * The brand's progressive jackpot pots (issue 19, docs/jackpot.md), pushed to every socket of the brand when
 * a pot changes, at most once a second per process.
 */
export type RealtimeJackpotPot = { code: string; potMinor: string; currency: string };
export type RealtimeJackpotMessage = { type: 'jackpot'; list: RealtimeJackpotPot[] };
/**
 * A followed lottery game changed (a draw was created, closed, drawn, settled or cancelled): its summary as
 * `GET /lotto/api/games` answers it (next draw, last result), at most once a second per game.
 */
export type RealtimeLotteryMessage = {
  type: 'lottery';
  gameCode: string;
  nextDraw: LotteryDraw | null;
  lastResult: LotteryDraw | null;
};
/** A `lottery.subscribe` was taken: pushes of these games follow from now on. */
export type RealtimeLotterySubscribedMessage = { type: 'lottery.subscribed'; gameCodes: string[] };
/** A `sports.subscribe` was taken: pushes of these events (or of the group's) follow from now on. */
export type RealtimeSportsSubscribedMessage = {
  type: 'sports.subscribed';
  eventIds: string[];
  group: SportGroup | null;
};
/**
 * A followed sports event changed (a price, a market's status, the score, the event's status): its summary
 * as `GET /sportsbook/api/events` answers it, at most once per 500 ms per event. An event page re-reads its
 * detail when the summary's `mainMarket.version` or score moved.
 */
export type RealtimeSportsEventMessage = { type: 'sports.event'; event: SportsEventSummary };
/** A `pvp.subscribe` was taken: the room's snapshot follows at once, then after every change. */
export type RealtimePvpSubscribedMessage = { type: 'pvp.subscribed'; roomCode: string | null };
/**
 * The followed room changed (a sit, an action, a time-out, a new hand): the table as this member sees it
 * (`GET /wps/pvp/rooms/:roomCode`). Drop a push whose `table.version` is lower than the one shown.
 */
export type RealtimePvpTableMessage = { type: 'pvp.table'; table: PvpTable };
export type RealtimeServerMessage =
  | RealtimeLiveSubscribedMessage
  | RealtimeLiveTableMessage
  | RealtimePvpSubscribedMessage
  | RealtimePvpTableMessage
  | RealtimeSportsSubscribedMessage
  | RealtimeSportsEventMessage
  | RealtimeLotterySubscribedMessage
  | RealtimeReadyMessage
  | RealtimePingMessage
  | RealtimeBalanceMessage
  | RealtimeJackpotMessage
  | RealtimeLotteryMessage;

function jackpotPotOf(value: unknown): RealtimeJackpotPot | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, potMinor, currency } = value as Record<string, unknown>;
  if (typeof code !== 'string' || typeof potMinor !== 'string' || typeof currency !== 'string') return null;
  if (!/^[0-9]+$/.test(potMinor)) return null;
  return { code, potMinor, currency };
}

/** A pushed draw (the server's own shape, checked loosely: the browser only shows it), null, or undefined when malformed. */
function drawOf(value: unknown): LotteryDraw | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object' || value === undefined) return undefined;
  const { drawId, gameCode, status } = value as Record<string, unknown>;
  if (typeof drawId !== 'string' || typeof gameCode !== 'string' || typeof status !== 'string')
    return undefined;
  return value as LotteryDraw;
}

/** Reads a server message from the socket's text, or null when it is not one. */
export function parseRealtimeServerMessage(text: string): RealtimeServerMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
      return { type: 'ready' };
    case 'ping':
      return { type: 'ping' };
    case 'balance':
      if (
        typeof message.balanceMinor === 'string' &&
        typeof message.sumBalance === 'string' &&
        typeof message.currency === 'string'
      ) {
        return {
          type: 'balance',
          balanceMinor: message.balanceMinor,
          sumBalance: message.sumBalance,
          currency: message.currency,
        };
      }
      return null;
    case 'jackpot': {
      if (!Array.isArray(message.list)) return null;
      const list = message.list.map(jackpotPotOf);
      return list.every((pot) => pot !== null)
        ? { type: 'jackpot', list: list as RealtimeJackpotPot[] }
        : null;
    }
    case 'lottery.subscribed':
      return Array.isArray(message.gameCodes) && message.gameCodes.every((code) => typeof code === 'string')
        ? { type: 'lottery.subscribed', gameCodes: message.gameCodes as string[] }
        : null;
    case 'lottery': {
      if (typeof message.gameCode !== 'string') return null;
      const nextDraw = drawOf(message.nextDraw);
      const lastResult = drawOf(message.lastResult);
      if (nextDraw === undefined || lastResult === undefined) return null;
      return { type: 'lottery', gameCode: message.gameCode, nextDraw, lastResult };
    }
    case 'sports.subscribed':
      return Array.isArray(message.eventIds) &&
        message.eventIds.every((id) => typeof id === 'string') &&
        (message.group === null || typeof message.group === 'string')
        ? {
            type: 'sports.subscribed',
            eventIds: message.eventIds as string[],
            group: message.group as SportGroup | null,
          }
        : null;
    case 'sports.event': {
      const event = message.event as Record<string, unknown> | null;
      // The server's own shape, checked loosely: the browser only shows it.
      if (typeof event !== 'object' || event === null || typeof event.id !== 'string') return null;
      if (typeof event.status !== 'string' || typeof event.sport !== 'string') return null;
      return { type: 'sports.event', event: event as unknown as SportsEventSummary };
    }
    case 'live.subscribed':
      return Array.isArray(message.tableCodes) && message.tableCodes.every((code) => typeof code === 'string')
        ? { type: 'live.subscribed', tableCodes: message.tableCodes as string[] }
        : null;
    case 'live.table': {
      const table = message.table as Record<string, unknown> | null;
      // The server's own shape (live.schema.ts liveTableSnapshotSchema), checked loosely: the browser only shows it.
      if (typeof table !== 'object' || table === null || typeof table.code !== 'string') return null;
      if (typeof table.phase !== 'string' || typeof table.roundId !== 'string') return null;
      return { type: 'live.table', table: table as unknown as RealtimeLiveTableMessage['table'] };
    }
    case 'pvp.subscribed':
      return message.roomCode === null || typeof message.roomCode === 'string'
        ? { type: 'pvp.subscribed', roomCode: message.roomCode as string | null }
        : null;
    case 'pvp.table': {
      const table = message.table as Record<string, unknown> | null;
      // The server's own shape, checked loosely: the browser only shows it.
      if (typeof table !== 'object' || table === null || typeof table.roomCode !== 'string') return null;
      if (typeof table.version !== 'number' || !Array.isArray(table.seats)) return null;
      return { type: 'pvp.table', table: table as unknown as PvpTable };
    }
    default:
      return null;
  }
}
