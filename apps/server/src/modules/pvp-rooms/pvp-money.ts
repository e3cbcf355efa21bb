import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/unit-of-work.ts';
import { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { WalletResult } from '../vendor-protocol/protocol-types.ts';
import { PvpRoomsRepository, type SeatingRecord } from './pvp-rooms.repository.ts';

/**
 * The PVP vendor's side of the seamless-wallet protocol (docs/pvp.md "Money"). A stay at a table is one
 * round `PVP-<seating id>`: `:buyin` is its debit, `:cashout` its closing credit, `:rollback` cancels the
 * buy-in of a stay that never sat down. Fixed txn ids make every call safe to repeat: after a crash the clock
 * job sends the same call again and the platform replays its first answer.
 *
 * No database transaction is held across a wallet call: the platform answers in this process with its own
 * transaction (on PGlite over the one connection).
 */
export class PvpMoney {
  readonly #uow: UnitOfWork<{ rooms: PvpRoomsRepository<Tx> }>;
  readonly #wallet: WalletClientSource;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: {
    db: Db;
    wallet: WalletClientSource;
    clock: Clock;
    log?: FastifyBaseLogger | undefined;
  }) {
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ rooms: new PvpRoomsRepository(trx) }));
    this.#wallet = deps.wallet;
    this.#clock = deps.clock;
    this.#log = deps.log;
  }

  static roundId(seatingId: bigint): string {
    return `PVP-${seatingId}`;
  }

  #round(seating: SeatingRecord) {
    return {
      playerId: seating.playerRef,
      sessionToken: seating.walletSession,
      roundId: PvpMoney.roundId(seating.id),
      gameCode: seating.gameCode,
    };
  }

  /** The buy-in's debit; throws when the answer was lost (the caller voids the stay). */
  async buyIn(seating: SeatingRecord): Promise<WalletResult> {
    const round = this.#round(seating);
    const client = await this.#wallet();
    return client.debit({ ...round, txnId: `${round.roundId}:buyin`, amountMinor: seating.buyInMinor });
  }

  /**
   * A stay that never sat down gives its buy-in back: joining → voiding (so a late "seat" can no longer
   * take it), then the rollback, then cancelled. True when nothing of it is left at the platform.
   */
  async void(seating: SeatingRecord): Promise<boolean> {
    const at = this.#clock.now();
    if (seating.status === 'joining') {
      const moved = await this.#uow.run(({ rooms }) =>
        rooms.moveSeating(seating.id, 'joining', 'voiding', { at }),
      );
      if (!moved) return false;
    } else if (seating.status !== 'voiding') {
      return false;
    }
    const round = this.#round(seating);
    try {
      const client = await this.#wallet();
      const result = await client.rollback({
        ...round,
        txnId: `${round.roundId}:rollback`,
        targetTxnId: `${round.roundId}:buyin`,
      });
      if (result.status !== 'OK') {
        this.#log?.error({ roundId: round.roundId, status: result.status }, 'pvp buy-in rollback refused');
        return false;
      }
    } catch (error) {
      this.#log?.warn({ err: error, roundId: round.roundId }, 'pvp rollback failed; the clock job retries');
      return false;
    }
    return this.#uow.run(({ rooms }) =>
      rooms.moveSeating(seating.id, 'voiding', 'cancelled', {
        refusal: 'rolled_back',
        at: this.#clock.now(),
      }),
    );
  }

  /** The cash-out of a stay that left the table (leaving → left); safe to repeat. */
  async cashOut(seating: SeatingRecord): Promise<boolean> {
    if (seating.status !== 'leaving' || seating.cashoutMinor === null) return false;
    const round = this.#round(seating);
    try {
      const client = await this.#wallet();
      const result = await client.credit({
        ...round,
        txnId: `${round.roundId}:cashout`,
        amountMinor: seating.cashoutMinor,
        roundClosed: true,
      });
      if (result.status !== 'OK') {
        // Never expected (the round holds the buy-in's debit): an operator must look; retried meanwhile.
        this.#log?.error({ roundId: round.roundId, status: result.status }, 'pvp cash-out refused');
        return false;
      }
    } catch (error) {
      this.#log?.warn({ err: error, roundId: round.roundId }, 'pvp cash-out failed; the clock job retries');
      return false;
    }
    return this.#uow.run(({ rooms }) =>
      rooms.moveSeating(seating.id, 'leaving', 'left', { at: this.#clock.now() }),
    );
  }
}
