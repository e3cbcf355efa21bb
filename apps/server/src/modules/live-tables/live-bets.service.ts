import type { LiveBet, LiveBetRequest } from '@lotus/shared/live.schema';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { requestHashOf } from '../../lib/request-hash.ts';
import { walletBalance } from '../inhouse-vendor/inhouse-book-sessions.service.ts';
import { refusalError, type WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { WalletResult } from '../vendor-protocol/protocol-types.ts';
import { canonicalSpot } from './live-dealer.ts';
import { betView, debitBet, type LiveRoundRef, rollbackBet } from './live-protocol.ts';
import {
  type BetRecord,
  type LiveSession,
  LiveTablesRepository,
  type RoundRecord,
  type TableRecord,
} from './live-tables.repository.ts';

const LIST_LIMIT = 50;

type Spot = { spot: string; amountMinor: bigint; minMinor: bigint; maxMinor: bigint };

/** The request's spots written the one way, each with its kind's limits; the first problem is thrown. */
function checkSpots(table: TableRecord, bets: LiveBetRequest['bets']): Spot[] {
  const spots = new Map<string, Spot>();
  for (const [written, amount] of Object.entries(bets)) {
    const spot = canonicalSpot(table.kind, written);
    if (spot === null || spots.has(spot))
      throw new AppError('live_bet_invalid', { details: { spot: written } });
    const limits = table.limits[spot.split(':')[0] ?? ''];
    if (!limits) throw new AppError('live_bet_invalid', { details: { spot: written } });
    const [minMinor, maxMinor] = limits.map(BigInt) as [bigint, bigint];
    const amountMinor = BigInt(amount);
    if (amountMinor < minMinor) {
      throw new AppError('live_bet_below_min', { details: { spot, minMinor: String(minMinor) } });
    }
    if (amountMinor > maxMinor) {
      throw new AppError('live_bet_above_max', { details: { spot, maxMinor: String(maxMinor) } });
    }
    spots.set(spot, { spot, amountMinor, minMinor, maxMinor });
  }
  // One order for every writer of the exposure rows: no deadlock between two bets of one player.
  return [...spots.values()].sort((a, b) => (a.spot < b.spot ? -1 : 1));
}

/** `live_bets_closed` unless the round is the table's current one and still betting at `now`. */
function checkBetting(table: TableRecord, round: RoundRecord | undefined, now: Date): RoundRecord {
  if (
    !round ||
    round.id !== table.currentRoundId ||
    round.phase !== 'betting' ||
    round.bettingEndsAt.getTime() <= now.getTime()
  ) {
    throw new AppError('live_bets_closed', {
      details: { roundId: table.currentRoundId === null ? null : String(table.currentRoundId) },
    });
  }
  return round;
}

type LiveBetsDeps = {
  db: Db;
  wallet: WalletClientSource;
  clock: Clock;
  log?: FastifyBaseLogger | undefined;
};

/**
 * Bets at a live table through the protocol (docs/live-tables.md "Server"). A bet is checked against the
 * table (its spots, the limits, the betting window); one transaction holds the round `FOR SHARE` — so "no
 * more bets" (an update of the round) waits for it, or it sees the round closed — checks the window again,
 * writes the bet `pending` with its spots and adds each spot to the player's sum in the round by a
 * conditional upsert (the maximum holds under 50 requests at once). The debit goes after it commits (never
 * a transaction across a wallet call); player protection applies there (`vendor_call_begin`).
 */
export class LiveBetsService {
  readonly #reads: LiveTablesRepository<Db>;
  readonly #uow: UnitOfWork<{ live: LiveTablesRepository<Tx> }>;
  readonly #wallet: WalletClientSource;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger | undefined;

  constructor({ db, wallet, clock, log }: LiveBetsDeps) {
    this.#reads = new LiveTablesRepository(db);
    this.#uow = new UnitOfWork(db, (trx) => ({ live: new LiveTablesRepository(trx) }));
    this.#wallet = wallet;
    this.#clock = clock;
    this.#log = log;
  }

  async place(
    session: LiveSession,
    tableCode: string,
    requestKey: string,
    request: LiveBetRequest,
  ): Promise<{ bet: LiveBet; balanceMinor: string }> {
    const requestHash = requestHashOf({ tableCode, ...request });
    const replay = await this.#reads.betByKey(session.playerRef, requestKey);
    if (replay) return this.#replay(session, replay, requestHash);
    const brandId = await this.#reads.brandOfPlayer(session.playerRef);
    const table = brandId === undefined ? undefined : await this.#reads.tableByCode(brandId, tableCode);
    if (!table) throw new AppError('live_table_not_found');
    const spots = checkSpots(table, request.bets);
    const roundId = BigInt(request.roundId);
    checkBetting(table, await this.#reads.roundById(roundId), this.#clock.now());
    const client = await this.#wallet();

    let betId: bigint;
    try {
      betId = await this.#uow.run(async ({ live }) => {
        const round = await live.lockRoundForShare(roundId);
        const now = this.#clock.now();
        // Under the round's lock the close cannot pass: this is the check the bet stands on.
        checkBetting(table, round, now);
        const stakeMinor = spots.reduce((sum, spot) => sum + spot.amountMinor, 0n);
        const id = await live.insertBet(
          {
            tableId: table.id,
            roundId,
            playerRef: session.playerRef,
            sessionId: session.id,
            walletSession: session.walletSession,
            requestKey,
            requestHash,
            stakeMinor,
            createdAt: now,
          },
          spots,
        );
        for (const spot of spots) {
          if (
            !(await live.addExposure(roundId, session.playerRef, spot.spot, spot.amountMinor, spot.maxMinor))
          ) {
            throw new AppError('live_bet_above_max', {
              details: { spot: spot.spot, maxMinor: String(spot.maxMinor) },
            });
          }
        }
        return id;
      });
    } catch (error) {
      // A twin request with the same key wrote its bet first: answer as it does.
      if (!isUniqueViolation(error)) throw error;
      const twin = await this.#reads.betByKey(session.playerRef, requestKey);
      if (!twin) throw error;
      return this.#replay(session, twin, requestHash);
    }

    const bet = await this.#reads.betById(betId);
    if (!bet) throw new Error(`live bet ${betId} vanished`);
    const round: LiveRoundRef = {
      betId,
      playerRef: session.playerRef,
      walletSession: session.walletSession,
      tableCode,
    };
    let debit: WalletResult;
    try {
      debit = await debitBet(client, round, bet.stakeMinor);
    } catch (error) {
      // The debit may have landed before its answer was lost: roll it back (a rollback that arrives first
      // makes the platform refuse the late debit); if that fails too, the cycle rolls it back after 30 s.
      if (await rollbackBet(client, round, this.#log)) await this.#finish(bet, 'void');
      throw new AppError('service_unavailable', { message: 'wallet debit failed', cause: error });
    }
    if (debit.status !== 'OK') {
      await this.#finish(bet, 'refused', debit.status);
      throw refusalError(debit);
    }
    // False only when the cycle voided it first (its rollback then reversed this debit).
    await this.#uow.run(({ live }) => live.moveBet(betId, 'pending', 'placed', this.#clock.now()));
    const placed = (await this.#reads.betById(betId)) ?? bet;
    const spotsOf = await this.#reads.spotsOf([betId]);
    return { bet: betView(placed, spotsOf.get(betId) ?? []), balanceMinor: String(debit.balanceMinor) };
  }

  /** Ends a pending bet that stands for nothing and takes it out of the round's sums. */
  async #finish(bet: BetRecord, to: 'refused' | 'void', refusal?: string): Promise<void> {
    await this.#uow.run(async ({ live }) => {
      const moved = await live.moveBet(bet.id, 'pending', to, this.#clock.now(), refusal ? { refusal } : {});
      if (moved) await live.releaseExposure(bet);
    });
  }

  /** The same key again: the same request answers as the first did; another request is refused. */
  async #replay(
    session: LiveSession,
    bet: BetRecord,
    requestHash: string,
  ): Promise<{ bet: LiveBet; balanceMinor: string }> {
    if (bet.requestHash !== requestHash) throw new AppError('idempotency_key_reused');
    if (bet.status === 'refused' || bet.status === 'void') {
      const refused = await this.#reads.refusalOf(bet.id);
      // The first answer was this refusal (or a lost debit): the repeat answers the same.
      const result = { status: refused ?? 'ERROR', balanceMinor: null };
      throw refusalError(result as unknown as Exclude<WalletResult, { status: 'OK' }>);
    }
    const spots = await this.#reads.spotsOf([bet.id]);
    const balanceMinor = await walletBalance(await this.#wallet(), session);
    return { bet: betView(bet, spots.get(bet.id) ?? []), balanceMinor: String(balanceMinor) };
  }

  async list(
    session: LiveSession,
    query: { tableCode?: string | undefined; roundId?: string | undefined },
  ): Promise<LiveBet[]> {
    let tableId: bigint | undefined;
    if (query.tableCode !== undefined) {
      const brandId = await this.#reads.brandOfPlayer(session.playerRef);
      const table =
        brandId === undefined ? undefined : await this.#reads.tableByCode(brandId, query.tableCode);
      if (!table) throw new AppError('live_table_not_found');
      tableId = table.id;
    }
    const bets = await this.#reads.betsOf(
      session.playerRef,
      { tableId, roundId: query.roundId === undefined ? undefined : BigInt(query.roundId) },
      LIST_LIMIT,
    );
    const spots = await this.#reads.spotsOf(bets.map((bet) => bet.id));
    return bets.map((bet) => betView(bet, spots.get(bet.id) ?? []));
  }
}
