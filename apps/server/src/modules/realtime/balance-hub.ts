import type { RealtimeBalanceMessage } from '@lotus/shared/realtime';
import type { WalletBalance } from '@lotus/shared/wallet.schema';
import type { FastifyBaseLogger } from 'fastify';

/** The part of a socket the hub uses (a `ws` WebSocket). */
export type PushTarget = { readonly readyState: number; send(data: string): void };

const OPEN = 1;
/** NOTIFY payloads are member ids as text; anything else on the channel is ignored. */
const MEMBER_ID = /^[1-9][0-9]{0,18}$/;

/**
 * The sockets of this process by member, and the push of a fresh balance when the database says a
 * member's wallet changed. A burst of changes for one member costs at most one balance read in flight
 * plus one after it, and a change for a member with no socket here costs nothing.
 */
export class BalanceHub {
  readonly #sockets = new Map<string, Set<PushTarget>>();
  /** Members whose balance is being read; `true` when another change arrived meanwhile. */
  readonly #reading = new Map<string, boolean>();
  readonly #balanceOf: (memberId: bigint) => Promise<WalletBalance>;
  readonly #log: FastifyBaseLogger;

  constructor(balanceOf: (memberId: bigint) => Promise<WalletBalance>, log: FastifyBaseLogger) {
    this.#balanceOf = balanceOf;
    this.#log = log;
  }

  add(memberId: bigint, socket: PushTarget): void {
    const key = memberId.toString();
    let set = this.#sockets.get(key);
    if (!set) {
      set = new Set();
      this.#sockets.set(key, set);
    }
    set.add(socket);
  }

  remove(memberId: bigint, socket: PushTarget): void {
    const key = memberId.toString();
    const set = this.#sockets.get(key);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.#sockets.delete(key);
  }

  get socketCount(): number {
    let count = 0;
    for (const set of this.#sockets.values()) count += set.size;
    return count;
  }

  /** A NOTIFY arrived: push the member's balance to their sockets in this process. */
  changed(payload: string): void {
    if (!MEMBER_ID.test(payload) || !this.#sockets.has(payload)) return;
    if (this.#reading.has(payload)) {
      this.#reading.set(payload, true);
      return;
    }
    this.#reading.set(payload, false);
    void this.#push(payload);
  }

  /** Announcements may have been missed (the LISTEN connection was down): push every member's balance. */
  changedAll(): void {
    for (const key of this.#sockets.keys()) this.changed(key);
  }

  /** Sends `socket` the member's current balance (right after it authenticated). */
  async sendCurrent(memberId: bigint, socket: PushTarget): Promise<void> {
    send(socket, balanceMessage(await this.#balanceOf(memberId)));
  }

  async #push(key: string): Promise<void> {
    try {
      for (;;) {
        const message = balanceMessage(await this.#balanceOf(BigInt(key)));
        for (const socket of this.#sockets.get(key) ?? []) send(socket, message);
        if (!this.#reading.get(key)) break;
        this.#reading.set(key, false);
      }
    } catch (error) {
      this.#log.warn({ err: error, memberId: key }, 'balance push failed');
    } finally {
      this.#reading.delete(key);
    }
  }
}

function balanceMessage(balance: WalletBalance): string {
  const message: RealtimeBalanceMessage = { type: 'balance', ...balance };
  return JSON.stringify(message);
}

function send(socket: PushTarget, text: string): void {
  if (socket.readyState === OPEN) socket.send(text);
}
