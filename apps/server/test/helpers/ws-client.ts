import type { AddressInfo } from 'node:net';
import type { RealtimeServerMessage } from '@lotus/shared/realtime';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** A real WebSocket client of `GET /wps/ws` that queues what the server sends, for the realtime tests. */
export type WsClient = {
  /** The next message that `match`es (earlier non-matching ones are dropped); fails after `timeoutMs`. */
  next<T extends RealtimeServerMessage['type']>(
    type: T,
    match?: (message: Extract<RealtimeServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<RealtimeServerMessage, { type: T }>>;
  send(message: unknown): void;
  /** Resolves with the close code once the socket is closed. */
  closed: Promise<number>;
  close(): void;
};

/** Listens on an ephemeral port of 127.0.0.1 and answers the socket URL. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/wps/ws`;
}

export async function connectWs(url: string): Promise<WsClient> {
  const socket = new WebSocket(url);
  const queue: RealtimeServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    queue.push(JSON.parse(String(data)) as RealtimeServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => {
    socket.on('close', (code) => {
      resolve(code);
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return {
    closed,
    send: (message) => socket.send(JSON.stringify(message)),
    close: () => socket.close(),
    next: (type, match, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const look = () => {
          while (queue.length > 0) {
            const message = queue.shift() as RealtimeServerMessage;
            if (message.type === type && (!match || match(message as never))) {
              finish();
              resolve(message as never);
              return;
            }
          }
          if (socket.readyState === WebSocket.CLOSED) {
            finish();
            reject(new Error(`socket closed while waiting for ${type}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no ${type} message within ${timeoutMs} ms`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(look);
        };
        waiters.add(look);
        look();
      }),
  };
}
