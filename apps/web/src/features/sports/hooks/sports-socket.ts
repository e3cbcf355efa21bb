import { parseRealtimeServerMessage, REALTIME_PATH } from '@lotus/shared/realtime';
import type { SportGroup, SportsEventSummary } from '@lotus/shared/sportsbook.schema';

/**
 * The book's live pushes (docs/sportsbook.md "Real time"): one visitor socket per page that sends
 * `{ type: 'sports.subscribe', eventIds, group }` (no login, so it never touches the member's balance
 * socket) with the union of what the mounted pages follow, and reconnects with backoff (1 s … 30 s).
 * A push names an event (`eventId`, or the summary's `id`); what it carries is not trusted beyond that: the
 * page refetches the event, so the screen always shows the book's own answer.
 */
export type SportsFollower = {
  eventIds: readonly string[];
  group: SportGroup | null;
  /** `summary`: the event's summary when the push carries one (`sports.event`), else null. */
  pushed(eventId: string, summary: SportsEventSummary | null): void;
  /** The socket came back after a drop: pushes may have been missed. */
  resumed(): void;
};

/** The event a server message is about, or null when it is no sports push. */
export function pushedEventId(text: string): string | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { type, eventId, event, summary } = message as Record<string, unknown>;
  if (typeof type !== 'string' || !type.startsWith('sports') || type === 'sports.subscribed') return null;
  if (typeof eventId === 'string') return eventId;
  for (const inner of [event, summary]) {
    const id = typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>).id : null;
    if (typeof id === 'string') return id;
  }
  return null;
}

class SportsSocket {
  private readonly followers = new Set<SportsFollower>();
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private wasOpen = false;

  follow(follower: SportsFollower): () => void {
    this.followers.add(follower);
    this.sync();
    return () => {
      this.followers.delete(follower);
      this.sync();
    };
  }

  private subscription(): string {
    const eventIds = new Set<string>();
    const groups = new Set<SportGroup>();
    for (const follower of this.followers) {
      for (const id of follower.eventIds) eventIds.add(id);
      if (follower.group) groups.add(follower.group);
    }
    // The server takes one group per message: a page follows one lobby at a time.
    const [group] = [...groups];
    return JSON.stringify({
      type: 'sports.subscribe',
      eventIds: [...eventIds].sort(),
      ...(group ? { group } : {}),
    });
  }

  private sync(): void {
    if (this.followers.size === 0) {
      if (this.timer !== null) clearTimeout(this.timer);
      this.timer = null;
      const closing = this.socket;
      this.socket = null;
      this.wasOpen = false;
      closing?.close(1000);
    } else if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(this.subscription());
    } else if (this.socket === null && this.timer === null) {
      this.open();
    }
  }

  private open(): void {
    this.timer = null;
    if (this.followers.size === 0 || typeof WebSocket === 'undefined') return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${window.location.host}${REALTIME_PATH}`);
    this.socket = socket;
    socket.onopen = () => socket.send(this.subscription());
    socket.onmessage = (message: MessageEvent) => this.received(message.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.followers.size === 0) return;
      this.timer = setTimeout(() => this.open(), Math.min(30_000, 1000 * 2 ** this.failures));
      this.failures += 1;
    };
  }

  private received(data: unknown): void {
    if (typeof data !== 'string') return;
    if (parseRealtimeServerMessage(data)?.type === 'ready') {
      this.failures = 0;
      if (this.wasOpen) for (const follower of this.followers) follower.resumed();
      this.wasOpen = true;
      return;
    }
    const eventId = pushedEventId(data);
    if (eventId === null) return;
    const parsed = parseRealtimeServerMessage(data);
    const summary = parsed?.type === 'sports.event' && parsed.event.id === eventId ? parsed.event : null;
    for (const follower of this.followers) follower.pushed(eventId, summary);
  }
}

const shared = new SportsSocket();

/** Follows events (and a lobby's group) until the returned function is called. */
export function followSports(follower: SportsFollower): () => void {
  return shared.follow(follower);
}
