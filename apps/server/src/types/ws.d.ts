// `ws` (the WebSocket library under @fastify/websocket) ships no type declarations; this covers what the
// realtime module and its tests use, and what @fastify/websocket's own types refer to.
declare module 'ws' {
  import { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';

  export type RawData = Buffer | ArrayBuffer | Buffer[];

  export class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string | URL, protocols?: string | string[], options?: Record<string, unknown>);
    readonly readyState: 0 | 1 | 2 | 3;
    send(data: string | Buffer, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'open', listener: () => void): this;
    on(event: 'upgrade', listener: (response: IncomingMessage) => void): this;
    on(event: string | symbol, listener: (...args: unknown[]) => void): this;
  }

  export type ServerOptions = Record<string, unknown>;

  export class WebSocketServer extends EventEmitter {
    constructor(options: ServerOptions);
    readonly clients: Set<WebSocket>;
    close(callback?: (error?: Error) => void): void;
  }
  export { WebSocketServer as Server };

  export function createWebSocketStream(socket: WebSocket, options?: Record<string, unknown>): Duplex;

  export default WebSocket;
}
