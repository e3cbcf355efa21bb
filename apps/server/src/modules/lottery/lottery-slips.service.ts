import { lineOdds, lotteryOdds, lotteryPayoutMinor, validateLotteryLine } from '@lotus/games/lottery/index';
import type { LotteryVariant } from '@lotus/games/lottery/types';
import type { LotterySlip, LotterySlipRequest } from '@lotus/shared/lottery.schema';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { walletBalance } from '../inhouse-vendor/inhouse-book-sessions.service.ts';
import { refusalError, type WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { SeamlessWalletClient, WalletResult } from '../vendor-protocol/protocol-types.ts';
import {
  type EngineDraw,
  exposureKeyOf,
  LotteryEngineRepository,
  type LotterySession,
  type NewLine,
  type SlipLine,
  type SlipRecord,
} from './lottery-engine.repository.ts';

/** The protocol round of a slip (docs/lottery.md: one slip = one round). */
export function roundIdOf(slipId: bigint): string {
  return `LTO-${slipId}`;
}

function parseSlipId(slipId: string): bigint | null {
  const match = /^LTO-([1-9][0-9]{0,17})$/.exec(slipId);
  return match?.[1] ? BigInt(match[1]) : null;
}

export function nameOf(names: unknown, language: string): string {
  const map = (names ?? {}) as Record<string, unknown>;
  const named = map[language.toUpperCase()] ?? map.EN;
  return typeof named === 'string' ? named : '';
}

export function slipView(record: SlipRecord, lines: SlipLine[], language: string): LotterySlip {
  return {
    slipId: roundIdOf(record.id),
    drawId: record.publicDrawId,
    gameCode: record.gameCode,
    gameName: nameOf(record.gameNames, language),
    drawNo: record.drawNo,
    drawsAt: new Date(record.drawsAt).toISOString(),
    status: record.status,
    totalStakeMinor: String(record.totalStakeMinor),
    payoutMinor: record.payoutMinor === null ? null : String(record.payoutMinor),
    maxPayoutMinor: String(lines.reduce((sum, line) => sum + line.maxPayoutMinor, 0n)),
    createdAt: new Date(record.createdAt).toISOString(),
    lines: lines.map((line) => ({
      lineNo: line.lineNo,
      betType: line.betType,
      selection: line.selection,
      stakeMinor: String(line.stakeMinor),
      odds1e4: String(line.odds1e4),
      maxPayoutMinor: String(line.maxPayoutMinor),
      payoutMinor: line.payoutMinor === null ? null : String(line.payoutMinor),
    })),
  };
}

/** Lines sorted by exposure key (then line number): the one order every writer locks exposure rows in. */
export function byExposureKey<T extends { betType: string; selection: string; lineNo: number }>(
  lines: T[],
): T[] {
  return [...lines].sort((a, b) => {
    const [keyA, keyB] = [exposureKeyOf(a), exposureKeyOf(b)];
    return keyA === keyB ? a.lineNo - b.lineNo : keyA < keyB ? -1 : 1;
  });
}

/** The lines of a request checked by the maths and the game's limits, with odds and liability fixed now. */
function pricedLines(draw: EngineDraw, request: LotterySlipRequest): NewLine[] {
  if (request.lines.length > draw.maxLines) {
    throw new AppError('lottery_too_many_lines', { details: { maxLines: draw.maxLines } });
  }
  const variant = draw.variant as LotteryVariant;
  const odds = lotteryOdds(draw.family, variant, draw.marginBp);
  return request.lines.map((line, index) => {
    const lineNo = index + 1;
    if (validateLotteryLine(draw.family, variant, line) !== null) {
      throw new AppError('lottery_bet_invalid', { details: { lineNo } });
    }
    const stakeMinor = BigInt(line.stakeMinor);
    if (stakeMinor < draw.minStakeMinor || stakeMinor > draw.maxStakeMinor) {
      throw new AppError('lottery_stake_out_of_range', {
        details: {
          lineNo,
          minStakeMinor: String(draw.minStakeMinor),
          maxStakeMinor: String(draw.maxStakeMinor),
        },
      });
    }
    const priced = lineOdds(draw.family, line, odds);
    return {
      lineNo,
      betType: line.betType,
      selection: line.selection,
      stakeMinor,
      odds1e4: priced.odds1e4,
      maxPayoutMinor: lotteryPayoutMinor(stakeMinor, priced.maxUnits),
    };
  });
}

/**
 * Bet slips through the protocol (docs/lottery.md steps 2–4). A slip is written `pending` with its lines and
 * its exposure in one transaction that holds the draw `FOR SHARE` and checks the window against the clock;
 * the debit goes after it commits (never a transaction across a wallet call: the platform answers in this
 * process, on PGlite over the one connection), and one more short transaction records what the debit said.
 */
export class LotterySlipsService {
  readonly #repository: LotteryEngineRepository<Db>;
  readonly #uow: UnitOfWork<{ engine: LotteryEngineRepository<Tx> }>;
  readonly #wallet: WalletClientSource;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: { db: Db; wallet: WalletClientSource; clock: Clock; log?: FastifyBaseLogger }) {
    this.#repository = new LotteryEngineRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ engine: new LotteryEngineRepository(trx) }));
    this.#wallet = deps.wallet;
    this.#clock = deps.clock;
    this.#log = deps.log;
  }

  async place(
    session: LotterySession,
    request: LotterySlipRequest,
  ): Promise<{ slip: LotterySlip; balanceMinor: string }> {
    const replay = await this.#repository.slipByRequest(session.playerRef, request.requestId);
    if (replay) return this.#answer(session, replay.id);
    const draw = await this.#repository.drawOfPlayer(request.drawId, session.playerRef);
    if (!draw) throw new AppError('lottery_draw_not_found');
    const lines = pricedLines(draw, request);
    const totalStakeMinor = lines.reduce((sum, line) => sum + line.stakeMinor, 0n);
    const client = await this.#wallet();

    let slipId: bigint;
    try {
      slipId = await this.#uow.run(async ({ engine }) => {
        const status = await engine.lockDrawForShare(draw.drawId);
        const now = this.#clock.now().getTime();
        // A bet at or after closes_at is refused, checked here against the clock under the draw's lock.
        if (status !== 'scheduled' || now < draw.opensAt.getTime() || now >= draw.closesAt.getTime()) {
          throw new AppError('lottery_draw_closed');
        }
        const id = await engine.insertSlip(
          {
            drawId: draw.drawId,
            gameId: draw.gameId,
            playerRef: session.playerRef,
            sessionId: session.id,
            walletSession: session.walletSession,
            requestId: request.requestId,
            totalStakeMinor,
            marginBp: draw.marginBp,
            createdAt: new Date(now),
          },
          lines,
        );
        // In key order, so two slips naming the same keys lock their exposure rows in one order (no deadlock).
        for (const line of byExposureKey(lines)) {
          const added = await engine.addExposure(
            draw.drawId,
            exposureKeyOf(line),
            line.maxPayoutMinor,
            draw.maxPayoutMinor,
          );
          if (!added.ok) {
            throw new AppError('lottery_liability_reached', {
              details: { lineNo: line.lineNo, leftMinor: String(added.leftMinor) },
            });
          }
        }
        return id;
      });
    } catch (error) {
      // A twin request with the same requestId wrote its slip first: answer with that slip.
      if (!isUniqueViolation(error)) throw error;
      const twin = await this.#repository.slipByRequest(session.playerRef, request.requestId);
      if (!twin) throw error;
      return this.#answer(session, twin.id);
    }

    const debit = await this.#debit(client, session, {
      slipId,
      drawId: draw.drawId,
      gameCode: draw.gameCode,
      totalStakeMinor,
    });
    const at = this.#clock.now();
    if (debit.status !== 'OK') {
      await this.#finish(slipId, draw.drawId, 'refused', at, debit.status);
      throw refusalError(debit);
    }
    // A false here means the stale-slip job voided it first (its rollback then reversed this debit).
    await this.#uow.run(({ engine }) => engine.moveSlip(slipId, 'pending', 'placed', at));
    return { ...(await this.#answer(session, slipId, false)), balanceMinor: String(debit.balanceMinor) };
  }

  async #debit(
    client: SeamlessWalletClient,
    session: LotterySession,
    slip: { slipId: bigint; drawId: bigint; gameCode: string; totalStakeMinor: bigint },
  ): Promise<WalletResult> {
    const roundId = roundIdOf(slip.slipId);
    const bet = {
      playerId: session.playerRef,
      sessionToken: session.walletSession,
      roundId,
      gameCode: slip.gameCode,
    };
    try {
      return await client.debit({ ...bet, txnId: `${roundId}:bet`, amountMinor: slip.totalStakeMinor });
    } catch (error) {
      // The debit may have landed before the answer was lost: cancel it (a rollback that arrives first
      // makes the platform refuse the late debit) and void the slip, releasing its exposure.
      const rolledBack = await rollbackSlip(client, { ...bet, slipId: slip.slipId }, this.#log);
      // Not rolled back: the slip stays pending and the settlement job rolls it back after 30 s.
      if (rolledBack) await this.#finish(slip.slipId, slip.drawId, 'void', this.#clock.now());
      throw new AppError('service_unavailable', { message: 'wallet debit failed', cause: error });
    }
  }

  /** Ends a pending slip that stands for nothing (refused or void) and takes its lines out of the exposure. */
  async #finish(
    slipId: bigint,
    drawId: bigint,
    to: 'refused' | 'void',
    at: Date,
    refusal?: string,
  ): Promise<void> {
    await this.#uow.run(async ({ engine }) => {
      const moved = await engine.moveSlip(slipId, 'pending', to, at, refusal ? { refusal } : {});
      if (moved) await engine.releaseExposure(slipId, drawId);
    });
  }

  async #answer(
    session: LotterySession,
    slipId: bigint,
    withBalance = true,
  ): Promise<{ slip: LotterySlip; balanceMinor: string }> {
    const record = await this.#repository.slipById(slipId);
    if (!record) throw new Error(`slip ${slipId} vanished`);
    const lines = await this.#repository.linesOf(slipId);
    const balanceMinor = withBalance ? String(await walletBalance(await this.#wallet(), session)) : '0';
    return { slip: slipView(record, lines, session.language), balanceMinor };
  }

  async list(
    session: LotterySession,
    query: {
      status: 'open' | 'settled' | 'all';
      gameCode?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
  ): Promise<{ list: LotterySlip[]; pageNum: number; totalPages: number }> {
    const { rows, total } = await this.#repository.slipsOf(session.playerRef, {
      status: query.status,
      gameCode: query.gameCode,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    const lines = await this.#repository.linesOfSlips(rows.map((row) => row.id));
    return {
      list: rows.map((row) => slipView(row, lines.get(row.id) ?? [], session.language)),
      pageNum: query.pageNo,
      totalPages: Math.ceil(total / query.pageSize),
    };
  }

  async one(session: LotterySession, slipId: string): Promise<{ slip: LotterySlip }> {
    const id = parseSlipId(slipId);
    const record = id === null ? undefined : await this.#repository.slipById(id);
    if (!record || record.playerRef !== session.playerRef) throw new AppError('lottery_slip_not_found');
    return { slip: slipView(record, await this.#repository.linesOf(record.id), session.language) };
  }
}

/**
 * Rolls a slip's debit back (`LTO-<id>:rollback`, the same txn id every time, so a repeat is a replay).
 * True when the platform holds no debit of the slip any more: rolled back now or before, or never landed.
 */
export async function rollbackSlip(
  client: SeamlessWalletClient,
  slip: { slipId: bigint; playerId: string; sessionToken: string; gameCode: string },
  log: FastifyBaseLogger | undefined,
): Promise<boolean> {
  const roundId = roundIdOf(slip.slipId);
  try {
    const result = await client.rollback({
      playerId: slip.playerId,
      sessionToken: slip.sessionToken,
      roundId,
      gameCode: slip.gameCode,
      txnId: `${roundId}:rollback`,
      targetTxnId: `${roundId}:bet`,
    });
    if (result.status === 'OK') return true;
    log?.error({ roundId, status: result.status }, 'lottery rollback refused');
    return false;
  } catch (error) {
    log?.warn({ err: error, roundId }, 'lottery rollback failed; retried by the settlement job');
    return false;
  }
}
