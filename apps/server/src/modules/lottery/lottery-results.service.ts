import { lotteryResultProblem } from '@lotus/games/lottery/index';
import type { LotteryImportBody, LotteryOperatorDraw } from '@lotus/shared/lottery.schema';
import type { Db } from '../../db/unit-of-work.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LotteryDrawRecord } from './lottery-draws.repository.ts';
import {
  type LotteryDrawsRepos,
  type LotteryDrawsUnit,
  lotteryDrawsUnit,
  mathsKey,
  parseDrawId,
} from './lottery-draws.unit.ts';
import { operatorDrawView } from './lottery-draws.views.ts';

/**
 * Who acts in the back office: the operator's brand, id (null from the CLI and the seed), the name the
 * four-eyes rule compares (the operator's username) and where from (the audit row's ip and `via`).
 */
export type LotteryOperator = {
  brandId: bigint;
  operatorId: bigint | null;
  name: string;
  ip: string;
  via: 'api' | 'cli' | 'seed';
};

async function lockedDraw(
  repos: LotteryDrawsRepos,
  brandId: bigint,
  drawId: string,
): Promise<LotteryDrawRecord> {
  const { gameCode, drawNo } = parseDrawId(drawId);
  const draw = await repos.lottery.drawForUpdate(brandId, gameCode, drawNo);
  if (!draw) throw new AppError('lottery_draw_not_found');
  return draw;
}

const auditOf = (operator: LotteryOperator, action: string, detail: Record<string, unknown>) => ({
  brandId: operator.brandId,
  operatorId: operator.operatorId,
  memberId: null,
  action,
  ip: operator.ip,
  detail: { via: operator.via, operator: operator.name, ...detail },
});

/**
 * External results with four eyes (docs/lottery.md "Sources"): one operator enters a result after the
 * draw's time (API, CLI or a file of many), the draw waits as `result_entered`; ANOTHER operator confirms
 * it (the draw is drawn with that result) or rejects it (the draw is open for a new entry). The database
 * refuses a decision by the entering operator too (check constraint); here it is a 409 first. Every step
 * is audited in its own transaction.
 */
export class LotteryResultsService {
  readonly #unit: LotteryDrawsUnit;

  constructor(deps: { db: Db; clock: Clock }) {
    this.#unit = lotteryDrawsUnit(deps);
  }

  async #enter(
    repos: LotteryDrawsRepos,
    operator: LotteryOperator,
    drawId: string,
    result: unknown,
    file: { source: 'api' | 'file'; fileName: string | null },
  ): Promise<LotteryOperatorDraw> {
    const now = this.#unit.clock.now();
    const draw = await lockedDraw(repos, operator.brandId, drawId);
    // Only an external draw whose time has passed and that has no entry waiting takes a result.
    if (
      draw.source !== 'external' ||
      draw.status !== 'scheduled' ||
      draw.draws_at.getTime() > now.getTime()
    ) {
      throw new AppError('lottery_result_not_pending', { details: { drawId } });
    }
    const { family, variant } = mathsKey(draw);
    const problem = lotteryResultProblem(family, variant, result);
    if (problem !== null) throw new AppError('lottery_result_invalid', { details: { drawId, problem } });
    const entry = await repos.lottery.insertEntry({
      drawId: draw.id,
      result,
      source: file.source,
      fileName: file.fileName,
      enteredBy: operator.name,
      at: now,
    });
    await repos.lottery.setStatus(draw.id, 'result_entered');
    await repos.audit.record(
      auditOf(operator, 'lottery.result_entered', { drawId, entryId: entry.id, source: file.source }),
    );
    return operatorDrawView({ ...draw, status: 'result_entered' }, entry, now);
  }

  enter(operator: LotteryOperator, drawId: string, result: unknown): Promise<LotteryOperatorDraw> {
    return this.#unit.uow.run((repos) =>
      this.#enter(repos, operator, drawId, result, { source: 'api', fileName: null }),
    );
  }

  /** A file of results, all or nothing: the first refused draw refuses the file (its details name it). */
  importFile(
    operator: LotteryOperator,
    body: LotteryImportBody,
  ): Promise<{ drawId: string; entryId: string }[]> {
    return this.#unit.uow.run(async (repos) => {
      const list: { drawId: string; entryId: string }[] = [];
      for (const { drawId, result } of body.entries) {
        const view = await this.#enter(repos, operator, drawId, result, {
          source: 'file',
          fileName: body.fileName ?? null,
        });
        list.push({ drawId, entryId: view.entry?.entryId ?? '' });
      }
      await repos.audit.record(
        auditOf(operator, 'lottery.results_imported', {
          fileName: body.fileName ?? null,
          count: list.length,
        }),
      );
      return list;
    });
  }

  async #decide(
    operator: LotteryOperator,
    drawId: string,
    decision: { confirm: true } | { confirm: false; reason: string },
  ): Promise<LotteryOperatorDraw> {
    try {
      return await this.#unit.uow.run(async (repos) => {
        const now = this.#unit.clock.now();
        const draw = await lockedDraw(repos, operator.brandId, drawId);
        const entry =
          draw.status === 'result_entered' ? await repos.lottery.pendingEntry(draw.id) : undefined;
        if (!entry) throw new AppError('lottery_result_not_pending');
        if (entry.entered_by === operator.name) throw new AppError('lottery_four_eyes');
        const reason = decision.confirm ? null : decision.reason;
        await repos.lottery.decideEntry(entry.id, {
          status: decision.confirm ? 'confirmed' : 'rejected',
          by: operator.name,
          at: now,
          reason,
        });
        if (decision.confirm) await repos.lottery.markDrawn(draw.id, entry.result, now, entry.id);
        else await repos.lottery.setStatus(draw.id, 'scheduled');
        await repos.audit.record(
          auditOf(operator, decision.confirm ? 'lottery.result_confirmed' : 'lottery.result_rejected', {
            drawId,
            entryId: entry.id,
            enteredBy: entry.entered_by,
            ...(reason ? { reason } : {}),
          }),
        );
        const decided = {
          ...entry,
          status: decision.confirm ? ('confirmed' as const) : ('rejected' as const),
          decided_by: operator.name,
          decided_at: now,
          reject_reason: reason,
        };
        const stored = decision.confirm
          ? {
              ...draw,
              status: 'drawn' as const,
              result: entry.result,
              drawn_at: now,
              result_entry_id: entry.id,
            }
          : { ...draw, status: 'scheduled' as const };
        return operatorDrawView(stored, decided, now);
      });
    } catch (error) {
      // The check constraint is the last word on four eyes (a decision racing a rename, a hand-made call).
      if (
        !isAppError(error) &&
        String((error as { constraint?: string }).constraint ?? error).includes('four_eyes')
      ) {
        throw new AppError('lottery_four_eyes');
      }
      throw error;
    }
  }

  confirm(operator: LotteryOperator, drawId: string): Promise<LotteryOperatorDraw> {
    return this.#decide(operator, drawId, { confirm: true });
  }

  reject(operator: LotteryOperator, drawId: string, reason: string): Promise<LotteryOperatorDraw> {
    return this.#decide(operator, drawId, { confirm: false, reason });
  }
}
