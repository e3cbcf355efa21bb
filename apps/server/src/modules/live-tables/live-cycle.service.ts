import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LivePhaseColumn } from '../../db/tables/live-tables.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';
import { commitmentOf, cutIndexOf, dealRound, decksOf, SEED_ROUNDS, spotReturn } from './live-dealer.ts';
import { closeBet, rollbackBet, roundRefOf } from './live-protocol.ts';
import {
  type BetRecord,
  LiveTablesRepository,
  type RoundRecord,
  type ShoeRecord,
  type TableRecord,
} from './live-tables.repository.ts';

export const CYCLE_JOB = 'live.cycle';
export const CYCLE_EVERY_MS = 1_000;
/** A bet still pending this long after it was written lost its debit's answer: it is rolled back. */
export const STALE_PENDING_MS = 30_000;
/**
 * A phase that ended less than this long ago: the next one is timed from its planned end, so the rounds
 * keep their rhythm whatever the scheduler's poll; a table found later than that (the server was down)
 * restarts its timing from now instead of running through the phases it missed.
 */
const CATCH_UP_MS = 5_000;
const TABLES_PER_RUN = 200;
const BETS_PER_RUN = 2_000;
/** Wallet calls of one settlement run at once (each is its own short transaction on the platform's side). */
const SETTLE_PARALLEL = 8;

export type CycleReport = { moved: number; settled: number; voided: number };

type Repos = { live: LiveTablesRepository<Tx> };

const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

/** Whether the shoe ends with the round just dealt from it (its seed is revealed at that round's result). */
function shoeEnded(table: TableRecord, shoe: ShoeRecord): boolean {
  if (table.kind === 'andar-bahar') return true;
  if (table.kind === 'roulette' || table.kind === 'sic-bo') return shoe.rounds >= SEED_ROUNDS;
  return shoe.cardsDealt > shoe.cutIndex;
}

/**
 * The round cycle of every live table (docs/live-tables.md "Server"), run by the `live.cycle` job: each
 * table whose phase has ended makes one move — betting → closed ("no more bets") → dealing (the outcome
 * from the shoe, written with the round) → result (the shoe's seed revealed if it ended) → the next round's
 * betting (a new shoe with a new commitment when the last one ended). A move is one transaction that holds
 * the table's row (`FOR UPDATE SKIP LOCKED`: another process on the same table skips it) and moves the
 * round by a guarded update, so it happens once across processes.
 *
 * Then the settlement: every placed bet of a round whose result is in gets its one closing credit
 * (`LV-<id>:win`, 0 for a loss) and is marked settled by a guarded move, so it is paid exactly once whatever
 * runs twice; bets whose debit went unanswered for 30 s are rolled back and voided. No transaction is held
 * across a wallet call.
 */
export class LiveCycleService {
  readonly #reads: LiveTablesRepository<Db>;
  readonly #uow: UnitOfWork<Repos>;
  readonly #wallet: WalletClientSource;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: { db: Db; wallet: WalletClientSource; log?: FastifyBaseLogger | undefined }) {
    this.#reads = new LiveTablesRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ live: new LiveTablesRepository(trx) }));
    this.#wallet = deps.wallet;
    this.#log = deps.log;
  }

  async tick(now: Date): Promise<CycleReport> {
    let moved = 0;
    for (const tableId of await this.#reads.dueTableIds(now, TABLES_PER_RUN)) {
      if ((await this.advance(tableId, now)) !== null) moved += 1;
    }
    return { moved, ...(await this.settle(now)) };
  }

  /**
   * One move of a table: when its phase has ended by `now`, or at once with `force` (the dev route and the
   * tests, which wait on state, not time). Answers the phase the table moved to, or null (not due, or
   * another process is moving it).
   */
  async advance(tableId: bigint, now: Date, force = false): Promise<LivePhaseColumn | null> {
    return this.#uow.run(async ({ live }) => {
      const table = await live.lockTable(tableId);
      if (!table) return null;
      const round = table.currentRoundId === null ? undefined : await live.roundById(table.currentRoundId);
      if (round && !force && round.phaseEndsAt.getTime() > now.getTime()) return null;
      const late = round === undefined || force || now.getTime() - round.phaseEndsAt.getTime() > CATCH_UP_MS;
      const from = late ? now : round.phaseEndsAt;
      switch (round?.phase) {
        case undefined:
        case 'result':
        case 'done':
          return this.#openRound(live, table, round, from, now);
        case 'betting':
          return (await live.moveRound(round.id, 'betting', 'closed', later(from, table.closedMs)))
            ? 'closed'
            : null;
        case 'closed':
          return this.#deal(live, table, round, from, now);
        case 'dealing': {
          if (
            !(await live.moveRound(
              round.id,
              'dealing',
              'result',
              later(from, table.resultMs),
              undefined,
              now,
            ))
          )
            return null;
          const shoe = await live.shoeById(round.shoeId);
          if (shoe && shoeEnded(table, shoe)) await live.revealShoe(shoe.id, now);
          return 'result';
        }
      }
    });
  }

  async #deal(
    live: LiveTablesRepository<Tx>,
    table: TableRecord,
    round: RoundRecord,
    from: Date,
    now: Date,
  ): Promise<LivePhaseColumn | null> {
    const shoe = await live.shoeById(round.shoeId);
    if (!shoe) throw new Error(`live round ${round.id} has no shoe`);
    const dealt = dealRound(table.kind, table.code, round.roundNo, shoe);
    const moved = await live.moveRound(round.id, 'closed', 'dealing', later(from, table.dealingMs), {
      outcome: dealt.outcome,
      firstCard: dealt.firstCard,
      cardCount: dealt.cardCount,
      at: now,
    });
    if (!moved) return null;
    await live.advanceShoe(shoe.id, dealt.cardsDealt, null);
    return 'dealing';
  }

  /** Ends the round in its result (if any) and opens the next, on a new shoe when the last one ended. */
  async #openRound(
    live: LiveTablesRepository<Tx>,
    table: TableRecord,
    round: RoundRecord | undefined,
    from: Date,
    now: Date,
  ): Promise<LivePhaseColumn | null> {
    if (round?.phase === 'result' && !(await live.moveRound(round.id, 'result', 'done', now))) return null;
    let shoe = await live.lastShoe(table.id);
    if (!shoe || shoe.revealedAt !== null) {
      const seed = randomBytes(32).toString('hex');
      shoe = await live.insertShoe({
        tableId: table.id,
        shoeNo: (shoe?.shoeNo ?? 0) + 1,
        seed,
        commitment: commitmentOf(seed),
        decks: decksOf(table.kind),
        cutIndex: cutIndexOf(table.kind),
        openedAt: now,
      });
    }
    const roundId = await live.insertRound({
      tableId: table.id,
      shoeId: shoe.id,
      roundNo: (round?.roundNo ?? 0) + 1,
      openedAt: from,
      bettingEndsAt: later(from, table.bettingMs),
    });
    await live.setCurrentRound(table.id, roundId);
    return 'betting';
  }

  /** Voids stale pending bets and settles every placed bet whose round's result is in. */
  async settle(now: Date): Promise<{ settled: number; voided: number }> {
    const stale = await this.#reads.stalePending(new Date(now.getTime() - STALE_PENDING_MS), BETS_PER_RUN);
    const decided = await this.#reads.decidedBets(BETS_PER_RUN);
    if (stale.length + decided.length === 0) return { settled: 0, voided: 0 };
    const client = await this.#wallet();
    let voided = 0;
    for (const bet of stale) if (await this.#void(client, bet, now)) voided += 1;
    const rounds = await this.#reads.roundsById([...new Set(decided.map((bet) => bet.roundId))]);
    const spots = await this.#reads.spotsOf(decided.map((bet) => bet.id));
    const tables = new Map<bigint, TableRecord | undefined>();
    for (const tableId of new Set(decided.map((bet) => bet.tableId))) {
      tables.set(tableId, await this.#reads.tableById(tableId));
    }
    let settled = 0;
    for (let i = 0; i < decided.length; i += SETTLE_PARALLEL) {
      const batch = decided.slice(i, i + SETTLE_PARALLEL);
      const done = await Promise.all(
        batch.map((bet) =>
          this.#pay(
            client,
            bet,
            tables.get(bet.tableId),
            rounds.get(bet.roundId),
            spots.get(bet.id) ?? [],
            now,
          ),
        ),
      );
      settled += done.filter(Boolean).length;
    }
    return { settled, voided };
  }

  async #void(client: SeamlessWalletClient, bet: BetRecord, now: Date): Promise<boolean> {
    if (!(await rollbackBet(client, roundRefOf(bet), this.#log))) return false;
    return this.#uow.run(async ({ live }) => {
      const moved = await live.moveBet(bet.id, 'pending', 'void', now);
      if (moved) await live.releaseExposure(bet);
      return moved;
    });
  }

  /** The bet's closing credit (the sum of its spots' returns; 0 closes a loss), then the bet settled once. */
  async #pay(
    client: SeamlessWalletClient,
    bet: BetRecord,
    table: TableRecord | undefined,
    round: RoundRecord | undefined,
    spots: readonly { spotNo: number; spot: string; amountMinor: bigint }[],
    now: Date,
  ): Promise<boolean> {
    const outcome = round?.outcome;
    if (!outcome || !table) return false;
    const pays = spots.map((spot) => ({
      lineNo: spot.spotNo,
      pay_minor: spotReturn(table.kind, spot.spot, spot.amountMinor, outcome),
    }));
    const payoutMinor = pays.reduce((sum, spot) => sum + (spot.pay_minor ?? 0n), 0n);
    if (!(await closeBet(client, roundRefOf(bet), payoutMinor, this.#log))) return false;
    return this.#uow.run(async ({ live }) => {
      const moved = await live.moveBet(bet.id, 'placed', 'settled', now, { payoutMinor });
      if (moved) await live.setSpotPays(bet.id, pays);
      return moved;
    });
  }
}
