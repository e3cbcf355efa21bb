import { betReturnMinor } from '@lotus/games/sports/bet-maths';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';
import { type BetRecord, type LegRecord, SportsBetsRepository } from './sportsbook-bets.repository.ts';
import { closeBet, legOutcomeNow, rollbackBet, roundRefOf } from './sportsbook-betting.protocol.ts';

export const SETTLE_JOB = 'sports.settle';
export const SETTLE_EVERY_MS = 2_000;
/** A bet still pending this long after it was written lost its debit's answer: it is rolled back. */
export const STALE_PENDING_MS = 30_000;
/** Bets per kind of work per run; the job runs every 2 s, so a big event settles over a few runs. */
const BATCH = 500;

export type SettlementReport = { voided: number; refunded: number; settled: number; cashedOut: number };

type DecidedLeg = {
  legNo: number;
  oddsMilli: number;
  outcome: NonNullable<LegRecord['outcome']>;
  deadHeatMilli: number | null;
};

/** Every leg's outcome now, or null while one is undecided. */
export function decidedLegs(legs: readonly LegRecord[]): DecidedLeg[] | null {
  const decided: DecidedLeg[] = [];
  for (const leg of legs) {
    const now = legOutcomeNow(leg);
    if (now === null) return null;
    decided.push({ legNo: leg.legNo, oddsMilli: leg.oddsMilli, ...now });
  }
  return decided;
}

/**
 * The `sports.settle` job (docs/sportsbook.md step 7): void pending bets whose debit answer was lost
 * (rollback first); finish cash-outs whose credit answer was lost; for every placed bet whose legs are all
 * decided, refund it by rollback when every leg is void (a cancelled event's legs are void), else pay
 * `betReturnMinor` by one closing credit (0 for a lost bet). The exposure is released as each bet ends.
 *
 * Safe twice and from two processes at once: every wallet call has a fixed txn id per bet (a repeat is a
 * replay and moves nothing), and every status change is guarded by the status it leaves, so only one run
 * records it. No transaction is held across a wallet call.
 */
export class SportsSettlementService {
  readonly #repository: SportsBetsRepository<Db>;
  readonly #uow: UnitOfWork<{ bets: SportsBetsRepository<Tx> }>;
  readonly #wallet: WalletClientSource;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: { db: Db; wallet: WalletClientSource; log?: FastifyBaseLogger }) {
    this.#repository = new SportsBetsRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ bets: new SportsBetsRepository(trx) }));
    this.#wallet = deps.wallet;
    this.#log = deps.log;
  }

  async run(now: Date): Promise<SettlementReport> {
    const report: SettlementReport = { voided: 0, refunded: 0, settled: 0, cashedOut: 0 };
    const stale = await this.#repository.stalePending(new Date(now.getTime() - STALE_PENDING_MS), BATCH);
    const cashouts = await this.#repository.acceptedCashouts(BATCH);
    const decided = await this.#repository.decidedBets(BATCH);
    if (stale.length + cashouts.length + decided.length === 0) return report;
    const client = await this.#wallet();
    const legs = await this.#repository.legsOf([...stale, ...cashouts, ...decided].map((bet) => bet.id));
    for (const bet of stale) {
      if (await this.#rollBack(client, bet, legs.get(bet.id) ?? [], 'pending', 'void', now))
        report.voided += 1;
    }
    for (const bet of cashouts) {
      if (
        await finishCashout(this.#uow, client, bet, legs.get(bet.id) ?? [], bet.valueMinor, now, this.#log)
      ) {
        report.cashedOut += 1;
      }
    }
    for (const bet of decided) {
      const betLegs = legs.get(bet.id) ?? [];
      const outcomes = decidedLegs(betLegs);
      if (outcomes === null) continue;
      if (outcomes.every((leg) => leg.outcome === 'void')) {
        if (await this.#rollBack(client, bet, betLegs, 'placed', 'refunded', now, outcomes))
          report.refunded += 1;
      } else if (await this.#pay(client, bet, betLegs, outcomes, now)) {
        report.settled += 1;
      }
    }
    return report;
  }

  /** Rolls the bet's debit back, then records it and gives its exposure back. */
  async #rollBack(
    client: SeamlessWalletClient,
    bet: BetRecord,
    legs: LegRecord[],
    from: 'pending' | 'placed',
    to: 'void' | 'refunded',
    now: Date,
    outcomes: DecidedLeg[] = [],
  ): Promise<boolean> {
    if (!(await rollbackBet(client, roundRefOf(bet, legs), this.#log))) return false;
    return this.#uow.run(async ({ bets }) => {
      const moved = await bets.moveBet(bet.id, from, to, now);
      if (moved) {
        await bets.setLegOutcomes(bet.id, outcomes);
        await bets.releaseExposure(bet.id);
      }
      return moved;
    });
  }

  /** Sends the bet's closing credit (0 closes a lost bet), then records it. */
  async #pay(
    client: SeamlessWalletClient,
    bet: BetRecord,
    legs: LegRecord[],
    outcomes: DecidedLeg[],
    now: Date,
  ): Promise<boolean> {
    const payoutMinor = betReturnMinor(bet.stakeMinor, outcomes);
    if (!(await closeBet(client, roundRefOf(bet, legs), 'win', payoutMinor, this.#log))) return false;
    return this.#uow.run(async ({ bets }) => {
      const moved = await bets.moveBet(bet.id, 'placed', 'settled', now, { payoutMinor });
      if (moved) {
        await bets.setLegOutcomes(bet.id, outcomes);
        await bets.releaseExposure(bet.id);
      }
      return moved;
    });
  }
}

/** The cash-out's closing credit (`SB-<id>:cashout`), then the bet `cashed_out` and its exposure released. */
export async function finishCashout(
  uow: UnitOfWork<{ bets: SportsBetsRepository<Tx> }>,
  client: SeamlessWalletClient,
  bet: BetRecord,
  legs: LegRecord[],
  valueMinor: bigint,
  now: Date,
  log: FastifyBaseLogger | undefined,
): Promise<boolean> {
  if (!(await closeBet(client, roundRefOf(bet, legs), 'cashout', valueMinor, log))) return false;
  return uow.run(async ({ bets }) => {
    const moved = await bets.moveBet(bet.id, 'placed', 'cashed_out', now, {
      payoutMinor: valueMinor,
      cashoutMinor: valueMinor,
    });
    if (moved) await bets.releaseExposure(bet.id);
    return moved;
  });
}
