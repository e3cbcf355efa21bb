import {
  parseRealtimeServerMessage,
  REALTIME_PATH,
  type RealtimeClientMessage,
  type RealtimeLotteryMessage,
} from '@lotus/shared/realtime';

/**
 * One visitor socket of the page for the lottery's pushes (issue 20): it opens with `lottery.subscribe`
 * (no login, so it works for visitors and never touches the member's balance socket), follows the union of
 * what the mounted hooks ask for, and reconnects with backoff (1 s, 2 s … 30 s).
 */
export type LotteryListener = {
  gameCodes: readonly string[];
  push(message: RealtimeLotteryMessage): void;
  /** The socket (re)connected after a drop: pushes may have been missed. */
  resumed(): void;
};

const listeners = new Set<LotteryListener>();
let socket: WebSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let attempt = 0;
let openedBefore = false;

const followed = () => [...new Set([...listeners].flatMap((listener) => listener.gameCodes))].sort();

function subscribeMessage(): string {
  const message: RealtimeClientMessage = { type: 'lottery.subscribe', gameCodes: followed() };
  return JSON.stringify(message);
}

function connect(): void {
  retryTimer = null;
  if (listeners.size === 0 || typeof WebSocket === 'undefined') return;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const current = new WebSocket(`${scheme}://${window.location.host}${REALTIME_PATH}`);
  socket = current;
  current.onopen = () => current.send(subscribeMessage());
  current.onmessage = (event: MessageEvent) => {
    const message = typeof event.data === 'string' ? parseRealtimeServerMessage(event.data) : null;
    if (message?.type === 'lottery') {
      for (const listener of listeners)
        if (listener.gameCodes.includes(message.gameCode)) listener.push(message);
    } else if (message?.type === 'ready') {
      attempt = 0;
      if (openedBefore) for (const listener of listeners) listener.resumed();
      openedBefore = true;
    }
  };
  current.onclose = () => {
    if (socket !== current) return;
    socket = null;
    if (listeners.size === 0) return;
    retryTimer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempt));
    attempt += 1;
  };
}

/** Tells the open socket the new list (or opens one); closes it when nothing is followed. */
function refresh(): void {
  if (listeners.size === 0) {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    const current = socket;
    socket = null;
    openedBefore = false;
    current?.close(1000);
    return;
  }
  if (socket === null) {
    if (retryTimer === null) connect();
  } else if (socket.readyState === WebSocket.OPEN) {
    socket.send(subscribeMessage());
  }
}

/** Follows the listener's games until the returned function is called. */
export function followLottery(listener: LotteryListener): () => void {
  listeners.add(listener);
  refresh();
  return () => {
    listeners.delete(listener);
    refresh();
  };
}
