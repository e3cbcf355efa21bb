import type { LiveTableSnapshot } from '@lotus/shared/live.schema';
import { REALTIME_LIVE_MAX_TABLES } from '@lotus/shared/live-constants';
import {
  parseRealtimeServerMessage,
  REALTIME_PATH,
  type RealtimeClientMessage,
} from '@lotus/shared/realtime';

/**
 * The live tables' pushes (docs/live-tables.md "Server", WebSocket): one visitor socket of the page that
 * sends `live.subscribe` with the union of the tables the mounted screens follow (no login, so it never
 * touches the member's balance socket), takes `live.table` snapshots, and reconnects with backoff
 * (1 s, 2 s … 30 s). A reconnect tells the followers, since pushes sent meanwhile are lost.
 */
export type LiveFollower = {
  codes: readonly string[];
  table(table: LiveTableSnapshot): void;
  resumed(): void;
};

const followers = new Set<LiveFollower>();
const state: {
  socket: WebSocket | null;
  retry: ReturnType<typeof setTimeout> | null;
  failures: number;
  wasReady: boolean;
} = { socket: null, retry: null, failures: 0, wasReady: false };

function codesFollowed(): string[] {
  const codes = new Set<string>();
  for (const follower of followers) for (const code of follower.codes) codes.add(code);
  return [...codes].sort().slice(0, REALTIME_LIVE_MAX_TABLES);
}

function sendSubscription(target: WebSocket): void {
  const message: RealtimeClientMessage = { type: 'live.subscribe', tableCodes: codesFollowed() };
  target.send(JSON.stringify(message));
}

function onMessage(event: MessageEvent): void {
  const message = typeof event.data === 'string' ? parseRealtimeServerMessage(event.data) : null;
  if (message?.type === 'live.table') {
    for (const follower of followers) {
      if (follower.codes.includes(message.table.code)) follower.table(message.table);
    }
  } else if (message?.type === 'ready') {
    state.failures = 0;
    if (state.wasReady) for (const follower of followers) follower.resumed();
    state.wasReady = true;
  }
}

function open(): void {
  state.retry = null;
  if (followers.size === 0 || typeof WebSocket === 'undefined') return;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const next = new WebSocket(`${scheme}://${window.location.host}${REALTIME_PATH}`);
  state.socket = next;
  next.onopen = () => sendSubscription(next);
  next.onmessage = onMessage;
  next.onclose = () => {
    if (state.socket !== next) return;
    state.socket = null;
    if (followers.size === 0) return;
    state.retry = setTimeout(open, Math.min(30_000, 1000 * 2 ** state.failures));
    state.failures += 1;
  };
}

function sync(): void {
  if (followers.size > 0) {
    if (state.socket?.readyState === WebSocket.OPEN) sendSubscription(state.socket);
    else if (state.socket === null && state.retry === null) open();
    return;
  }
  if (state.retry !== null) clearTimeout(state.retry);
  const closing = state.socket;
  Object.assign(state, { socket: null, retry: null, wasReady: false });
  closing?.close(1000);
}

/** Follows the tables until the returned function is called. */
export function followLiveTables(follower: LiveFollower): () => void {
  followers.add(follower);
  sync();
  return () => {
    followers.delete(follower);
    sync();
  };
}
