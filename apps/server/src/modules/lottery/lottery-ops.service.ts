import { isLotteryFamily, lotteryVariantProblem } from '@lotus/games/lottery/index';
import {
  LOTTERY_VENDOR_CODE,
  type LotteryCreateGameBody,
  type LotteryOperatorDraw,
  type LotteryOperatorGame,
  type LotterySchedule,
  type LotteryUpdateGameBody,
} from '@lotus/shared/lottery.schema';
import type { Db } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isKnownTimeZone } from './draw-calendar.ts';
import type { LotteryGameChange, LotteryGameRecord } from './lottery-draws.repository.ts';
import { type LotteryDrawsUnit, lotteryDrawsUnit, parseDrawId } from './lottery-draws.unit.ts';
import { operatorDrawView, operatorGameView } from './lottery-draws.views.ts';
import type { LotteryOperator } from './lottery-results.service.ts';

const invalid = (field: string) =>
  new AppError('invalid_request', {
    message: field,
    details: { issues: [{ path: field, code: 'invalid' }] },
  });

/** A calendar the schema accepts but the machine cannot run: an unknown zone. */
function checkSchedule(schedule: LotterySchedule | undefined): void {
  if (schedule?.kind === 'daily' && !isKnownTimeZone(schedule.timeZone)) throw invalid('schedule.timeZone');
}

function checkStakes(min: bigint, max: bigint, maxPayout: bigint): void {
  if (max < min) throw invalid('maxStakeMinor');
  if (maxPayout < max) throw invalid('maxPayoutMinor');
}

/**
 * The back office's games and draws (docs/lottery.md "Operators"): create a game (catalogue row under
 * vendor LOTTO and its engine row), change its margin, limits, calendar or enabled flag, list its draws,
 * cancel a draw (scheduled or result_entered only; the engine's settlement job refunds its slips). Every
 * change is audited in its own transaction.
 */
export class LotteryOpsService {
  readonly #unit: LotteryDrawsUnit;

  constructor(deps: { db: Db; clock: Clock }) {
    this.#unit = lotteryDrawsUnit(deps);
  }

  async #game(brandId: bigint, gameCode: string): Promise<LotteryGameRecord> {
    const game = await this.#unit.reads.gameByCode(brandId, gameCode);
    if (!game) throw new AppError('lottery_game_not_found');
    return game;
  }

  async games(brandId: bigint): Promise<LotteryOperatorGame[]> {
    return (await this.#unit.reads.gamesOf(brandId, { enabledOnly: false })).map(operatorGameView);
  }

  async game(brandId: bigint, gameCode: string): Promise<LotteryOperatorGame> {
    return operatorGameView(await this.#game(brandId, gameCode));
  }

  async createGame(operator: LotteryOperator, body: LotteryCreateGameBody): Promise<LotteryOperatorGame> {
    if (!isLotteryFamily(body.family) || lotteryVariantProblem(body.family, body.variant) !== null) {
      throw invalid('variant');
    }
    checkSchedule(body.schedule);
    const min = BigInt(body.minStakeMinor);
    const max = BigInt(body.maxStakeMinor);
    const maxPayout = BigInt(body.maxPayoutMinor);
    checkStakes(min, max, maxPayout);
    const vendorId = await this.#unit.reads.lotteryVendorId(operator.brandId, LOTTERY_VENDOR_CODE);
    if (vendorId === undefined) {
      throw new AppError('not_found', { message: `brand has no ${LOTTERY_VENDOR_CODE} vendor` });
    }
    await this.#unit.uow.run(async ({ lottery, audit }) => {
      const id = await lottery.insertGame({
        brandId: operator.brandId,
        vendorId,
        gameCode: body.gameCode,
        names: { EN: body.nameEn, HI: body.nameHi },
        gameType: body.gameType,
        family: body.family,
        variant: body.variant,
        region: body.region,
        source: body.source,
        schedule: body.schedule,
        marginBp: body.marginBp,
        minStakeMinor: min,
        maxStakeMinor: max,
        maxLines: body.maxLines,
        maxPayoutMinor: maxPayout,
        sort: body.sort,
        createdBy: operator.name,
      });
      if (id === undefined) throw new AppError('lottery_game_code_taken');
      await audit.record({
        brandId: operator.brandId,
        operatorId: operator.operatorId,
        memberId: null,
        action: 'lottery.game_created',
        ip: operator.ip,
        detail: { via: operator.via, operator: operator.name, ...body },
      });
    });
    return this.game(operator.brandId, body.gameCode);
  }

  async updateGame(
    operator: LotteryOperator,
    gameCode: string,
    body: LotteryUpdateGameBody,
  ): Promise<LotteryOperatorGame> {
    const game = await this.#game(operator.brandId, gameCode);
    checkSchedule(body.schedule);
    const min = body.minStakeMinor === undefined ? game.min_stake_minor : BigInt(body.minStakeMinor);
    const max = body.maxStakeMinor === undefined ? game.max_stake_minor : BigInt(body.maxStakeMinor);
    const maxPayout = body.maxPayoutMinor === undefined ? game.max_payout_minor : BigInt(body.maxPayoutMinor);
    checkStakes(min, max, maxPayout);
    const change: LotteryGameChange = {
      ...(body.marginBp === undefined ? {} : { margin_bp: body.marginBp }),
      ...(body.minStakeMinor === undefined ? {} : { min_stake_minor: min }),
      ...(body.maxStakeMinor === undefined ? {} : { max_stake_minor: max }),
      ...(body.maxLines === undefined ? {} : { max_lines: body.maxLines }),
      ...(body.maxPayoutMinor === undefined ? {} : { max_payout_minor: maxPayout }),
      ...(body.schedule === undefined ? {} : { schedule: JSON.stringify(body.schedule) }),
      ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    };
    await this.#unit.uow.run(async ({ lottery, audit }) => {
      await lottery.updateGame(game, change);
      await audit.record({
        brandId: operator.brandId,
        operatorId: operator.operatorId,
        memberId: null,
        action: 'lottery.game_changed',
        ip: operator.ip,
        detail: {
          via: operator.via,
          operator: operator.name,
          gameCode,
          before: operatorGameView(game),
          change: body,
        },
      });
    });
    return this.game(operator.brandId, gameCode);
  }

  async draws(
    brandId: bigint,
    gameCode: string,
    query: { status?: LotteryOperatorDraw['storedStatus'] | undefined; pageNo: number; pageSize: number },
  ): Promise<{ list: LotteryOperatorDraw[]; pageNum: number; totalPages: number }> {
    const game = await this.#game(brandId, gameCode);
    const statuses = query.status
      ? [query.status]
      : (['scheduled', 'result_entered', 'drawn', 'settled', 'cancelled'] as const);
    const { rows, total } = await this.#unit.reads.history(game.id, query, [...statuses]);
    const entries = await this.#unit.reads.latestEntries(rows.map((row) => row.id));
    const now = this.#unit.clock.now();
    return {
      list: rows.map((row) => operatorDrawView(row, entries.get(row.id), now)),
      pageNum: query.pageNo,
      totalPages: Math.ceil(total / query.pageSize),
    };
  }

  async cancel(operator: LotteryOperator, drawId: string, reason: string): Promise<LotteryOperatorDraw> {
    const { gameCode, drawNo } = parseDrawId(drawId);
    return this.#unit.uow.run(async ({ lottery, audit }) => {
      const now = this.#unit.clock.now();
      // FOR UPDATE: a slip being placed holds the draw FOR SHARE, so the cancel waits for it (and then
      // the settlement job refunds it with the others).
      const draw = await lottery.drawForUpdate(operator.brandId, gameCode, drawNo);
      if (!draw) throw new AppError('lottery_draw_not_found');
      if (draw.status !== 'scheduled' && draw.status !== 'result_entered') {
        throw new AppError('lottery_draw_not_cancellable');
      }
      await lottery.cancel(draw.id, operator.name, reason, now);
      await audit.record({
        brandId: operator.brandId,
        operatorId: operator.operatorId,
        memberId: null,
        action: 'lottery.draw_cancelled',
        ip: operator.ip,
        detail: { via: operator.via, operator: operator.name, drawId, reason, status: draw.status },
      });
      const entries = await lottery.latestEntries([draw.id]);
      const cancelled = {
        ...draw,
        status: 'cancelled' as const,
        cancelled_at: now,
        cancelled_by: operator.name,
        cancel_reason: reason,
      };
      return operatorDrawView(cancelled, entries.get(draw.id), now);
    });
  }
}
