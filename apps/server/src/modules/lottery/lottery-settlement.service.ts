import { lotteryOdds, lotteryPayoutMinor, settleLotteryLine } from '@lotus/games/lottery/index';
import type { LotteryResult, LotteryVariant } from '@lotus/games/lottery/types';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';
import {
  type EngineDraw,
  LotteryEngineRepository,
  type SlipLine,
  type SlipRecord,
} from './lottery-engine.repository.ts';
import { rollbackSlip, roundIdOf } from './lottery-slips.service.ts';

export const SETTLE_JOB = 'lottery.settle';
export const SETTLE_EVERY_MS = 2_000;
/** A slip still pending this long after it was written lost its debit's answer: it is rolled back. */
export const STALE_PENDING_MS = 30_000;
/** Slips per kind of work per run; the job runs every 2 s, so a big draw settles over a few runs. */
const BATCH = 500;

export type SettlementReport = { voided: number; refunded: number; settled: number; drawsSettled: number };

/** Each line's payout for a result, under the odds of the margin fixed when the slip was placed. */
export function payoutsOf(
  draw: Pick<EngineDraw, 'family' | 'variant' | 'result'>,
  marginBp: number,
  lines: SlipLine[],
): { lineNo: number; payoutMinor: bigint }[] {
  const odds = lotteryOdds(draw.family, draw.variant as LotteryVariant, marginBp);
  const result = draw.result as LotteryResult;
  return lines.map((line) => ({
    lineNo: line.lineNo,
    payoutMinor: lotteryPayoutMinor(line.stakeMinor, settleLotteryLine(draw.family, line, result, odds)),
  }));
}

/**
 * The `lottery.settle` job (docs/lottery.md step 5–6): void pending slips whose debit answer was lost
 * (rollback first), refund cancelled draws' placed slips (rollback), pay drawn draws' placed slips (one
 * closing credit each, 0 for a lost slip), then mark drawn draws with no open slip settled.
 *
 * Safe twice and from two processes at once: every wallet call has a fixed txn id per slip (a repeat is a
 * replay and moves nothing), and every status change is guarded by the status it leaves, so only one run
 * records it. No transaction is held across a wallet call.
 */
export class LotterySettlementService {
  readonly #repository: LotteryEngineRepository<Db>;
  readonly #uow: UnitOfWork<{ engine: LotteryEngineRepository<Tx> }>;
  readonly #wallet: WalletClientSource;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: { db: Db; wallet: WalletClientSource; log?: FastifyBaseLogger }) {
    this.#repository = new LotteryEngineRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ engine: new LotteryEngineRepository(trx) }));
    this.#wallet = deps.wallet;
    this.#log = deps.log;
  }

  async run(now: Date): Promise<SettlementReport> {
    const report: SettlementReport = { voided: 0, refunded: 0, settled: 0, drawsSettled: 0 };
    const stale = await this.#repository.stalePending(new Date(now.getTime() - STALE_PENDING_MS), BATCH);
    const cancelled = await this.#repository.placedSlipsOfDraws('cancelled', BATCH);
    const drawn = await this.#repository.placedSlipsOfDraws('drawn', BATCH);
    if (stale.length + cancelled.length + drawn.length > 0) {
      const client = await this.#wallet();
      for (const slip of stale) {
        if (await this.#rollBack(client, slip, 'pending', 'void', now)) report.voided += 1;
      }
      for (const slip of cancelled) {
        if (await this.#rollBack(client, slip, 'placed', 'refunded', now)) report.refunded += 1;
      }
      const draws = new Map<bigint, EngineDraw | undefined>();
      for (const slip of drawn) {
        if (!draws.has(slip.drawId)) draws.set(slip.drawId, await this.#repository.drawById(slip.drawId));
        const draw = draws.get(slip.drawId);
        if (draw && (await this.#pay(client, slip, draw, now))) report.settled += 1;
      }
    }
    for (const drawId of await this.#repository.drawnWithoutOpenSlips(BATCH)) {
      const moved = await this.#uow.run(({ engine }) => engine.markDrawSettled(drawId, now));
      if (moved) report.drawsSettled += 1;
    }
    return report;
  }

  /** Rolls the slip's debit back, then records it (a void slip also gives its exposure back). */
  async #rollBack(
    client: SeamlessWalletClient,
    slip: SlipRecord,
    from: 'pending' | 'placed',
    to: 'void' | 'refunded',
    now: Date,
  ): Promise<boolean> {
    const rolledBack = await rollbackSlip(
      client,
      {
        slipId: slip.id,
        playerId: slip.playerRef,
        sessionToken: slip.walletSession,
        gameCode: slip.gameCode,
      },
      this.#log,
    );
    if (!rolledBack) return false;
    return this.#uow.run(async ({ engine }) => {
      const moved = await engine.moveSlip(slip.id, from, to, now);
      if (moved && to === 'void') await engine.releaseExposure(slip.id, slip.drawId);
      return moved;
    });
  }

  /** Sends the slip's closing credit (its lines' payouts summed; 0 closes a lost slip), then records it. */
  async #pay(client: SeamlessWalletClient, slip: SlipRecord, draw: EngineDraw, now: Date): Promise<boolean> {
    const payouts = payoutsOf(draw, slip.marginBp, await this.#repository.linesOf(slip.id));
    const payoutMinor = payouts.reduce((sum, line) => sum + line.payoutMinor, 0n);
    const roundId = roundIdOf(slip.id);
    try {
      const result = await client.credit({
        playerId: slip.playerRef,
        sessionToken: slip.walletSession,
        txnId: `${roundId}:win`,
        roundId,
        gameCode: slip.gameCode,
        amountMinor: payoutMinor,
        roundClosed: true,
      });
      if (result.status !== 'OK') {
        // A refused credit of a debited slip needs a person: it stays placed (retried) and is logged.
        this.#log?.error({ roundId, status: result.status }, 'lottery credit refused');
        return false;
      }
    } catch (error) {
      this.#log?.warn({ err: error, roundId }, 'lottery credit failed; retried by the next run');
      return false;
    }
    return this.#uow.run(async ({ engine }) => {
      const moved = await engine.moveSlip(slip.id, 'placed', 'settled', now, { payoutMinor });
      if (moved) await engine.setLinePayouts(slip.id, payouts);
      return moved;
    });
  }
}
