import {
  parseRealtimeServerMessage,
  REALTIME_CLOSE_UNAUTHORIZED,
  REALTIME_PATH,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@lotus/shared/realtime';
import { useEffect, useRef } from 'react';

/** Reconnect delays: 1 s, 2 s, 4 s … capped at 30 s, so a restarting server is not hammered. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
}

/** Same origin as the page: wss under https, ws otherwise. */
export function memberSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
}

/**
 * A member's realtime socket (`/wps/ws`): `auth` with the session token, then, once `ready`, the optional
 * subscribe message (e.g. `pvp.subscribe`, whose pushes are this member's own view of a table). The layout's
 * live balance (features/wallet) opens one without a subscription; a PVP table opens its own while it is
 * shown. Reconnects with backoff and says when it came back, since pushes sent while it was down are lost.
 * A refused token (4401) is not retried: the session check (member info → 401) signs the browser out.
 */
export type MemberSocket = {
  token: string;
  subscribe?: RealtimeClientMessage | null;
  /** Every server message but `ready`. */
  onMessage: (message: RealtimeServerMessage) => void;
  /** The socket is authenticated again after a drop: refetch what the pushes would have said. */
  onResumed: () => void;
};

/** Opens the socket; returns the function that closes it for good. */
export function openMemberSocket({
  token,
  subscribe = null,
  onMessage,
  onResumed,
}: MemberSocket): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let readyBefore = false;
  let closed = false;

  const connect = () => {
    if (closed) return;
    const current = new WebSocket(memberSocketUrl());
    socket = current;
    // The token goes in the first message, never in the URL (URLs end up in logs).
    current.onopen = () => current.send(JSON.stringify({ type: 'auth', token }));
    current.onmessage = (event: MessageEvent) => {
      const message = typeof event.data === 'string' ? parseRealtimeServerMessage(event.data) : null;
      if (message === null) return;
      if (message.type === 'ready') {
        attempt = 0;
        if (subscribe !== null) current.send(JSON.stringify(subscribe));
        if (readyBefore) onResumed();
        readyBefore = true;
        return;
      }
      onMessage(message);
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      socket = null;
      if (closed || event.code === REALTIME_CLOSE_UNAUTHORIZED) return;
      timer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };
  };

  connect();
  return () => {
    closed = true;
    if (timer !== null) clearTimeout(timer);
    const current = socket;
    socket = null;
    if (current) {
      current.onopen = null;
      current.onmessage = null;
      current.onclose = null;
      current.close(1000);
    }
  };
}

/**
 * Keeps a member socket with a subscription open while mounted with a token and a subscribe message (`key` names it: a new
 * key opens a new socket). The callbacks may change on every render without reopening the socket.
 */
export function useMemberSubscription(
  token: string | null,
  key: string | null,
  subscribe: RealtimeClientMessage,
  onMessage: (message: RealtimeServerMessage) => void,
  onResumed: () => void,
): void {
  const latest = useRef({ subscribe, onMessage, onResumed });
  latest.current = { subscribe, onMessage, onResumed };
  useEffect(() => {
    if (token === null || key === null || typeof WebSocket === 'undefined') return;
    return openMemberSocket({
      token,
      subscribe: latest.current.subscribe,
      onMessage: (message) => latest.current.onMessage(message),
      onResumed: () => latest.current.onResumed(),
    });
  }, [token, key]);
}
