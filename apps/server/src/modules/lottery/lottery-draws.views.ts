import type {
  LotteryDraw,
  LotteryDrawStatus,
  LotteryGameSummary,
  LotteryOperatorDraw,
  LotteryOperatorGame,
  LotterySchedule,
} from '@lotus/shared/lottery.schema';
import type { LotteryDrawRecord, LotteryEntryRow, LotteryGameRecord } from './lottery-draws.repository.ts';
import { drawIdOf, nameOf } from './lottery-draws.unit.ts';

/**
 * The public status of a draw: the stored one plus the clock (docs/lottery.md "Draw statuses"). A draw whose
 * time has passed without a result — an external one waiting for its confirmed result, or an in-house one
 * the draw job has not reached yet — is `awaiting_result`.
 */
export function publicStatus(draw: LotteryDrawRecord, now: Date): LotteryDrawStatus {
  switch (draw.status) {
    case 'drawn':
    case 'settled':
    case 'cancelled':
      return draw.status;
    case 'result_entered':
      return 'awaiting_result';
    default: {
      const at = now.getTime();
      if (at < draw.opens_at.getTime()) return 'upcoming';
      if (at < draw.closes_at.getTime()) return 'open';
      if (at < draw.draws_at.getTime()) return 'closed';
      return 'awaiting_result';
    }
  }
}

/**
 * A draw as the public sees it. The seed is shown only once the draw is drawn (or settled): before that it
 * would let anyone compute the result; a cancelled draw never reveals it. An entered but unconfirmed result
 * is not the result either.
 */
export function drawView(draw: LotteryDrawRecord, now: Date): LotteryDraw {
  const drawn = draw.status === 'drawn' || draw.status === 'settled';
  return {
    drawId: drawIdOf(draw.game_code, draw.draw_no),
    gameCode: draw.game_code,
    drawNo: draw.draw_no,
    opensAt: draw.opens_at.toISOString(),
    closesAt: draw.closes_at.toISOString(),
    drawsAt: draw.draws_at.toISOString(),
    status: publicStatus(draw, now),
    source: draw.source,
    seedHash: draw.seed_hash,
    seed: drawn ? draw.seed : null,
    result: drawn ? (draw.result as Record<string, unknown>) : null,
  };
}

export function gameSummaryView(
  game: LotteryGameRecord,
  language: string | undefined,
  draws: { next: LotteryDrawRecord | undefined; last: LotteryDrawRecord | undefined },
  now: Date,
): LotteryGameSummary {
  const schedule = game.schedule as LotterySchedule;
  return {
    gameCode: game.game_code,
    name: nameOf(game, language),
    family: game.family,
    variant: game.variant,
    region: game.region,
    source: game.source,
    gameType: game.game_type === 'ELOTT' ? 'ELOTT' : 'LOTT',
    everySeconds: schedule.kind === 'interval' ? schedule.everySeconds : null,
    nextDraw: draws.next ? drawView(draws.next, now) : null,
    lastResult: draws.last ? drawView(draws.last, now) : null,
  };
}

export function limitsView(game: LotteryGameRecord) {
  return {
    minStakeMinor: game.min_stake_minor.toString(),
    maxStakeMinor: game.max_stake_minor.toString(),
    maxLines: game.max_lines,
    maxPayoutMinor: game.max_payout_minor.toString(),
  };
}

export function operatorGameView(game: LotteryGameRecord): LotteryOperatorGame {
  return {
    gameCode: game.game_code,
    names: game.names,
    family: game.family,
    variant: game.variant,
    region: game.region,
    source: game.source,
    gameType: game.game_type === 'ELOTT' ? 'ELOTT' : 'LOTT',
    schedule: game.schedule as LotterySchedule,
    marginBp: game.margin_bp,
    limits: limitsView(game),
    enabled: game.enabled,
    sort: game.sort,
    createdBy: game.created_by,
  };
}

export function operatorDrawView(
  draw: LotteryDrawRecord,
  entry: LotteryEntryRow | undefined,
  now: Date,
): LotteryOperatorDraw {
  return {
    ...drawView(draw, now),
    storedStatus: draw.status,
    entry: entry
      ? {
          entryId: entry.id.toString(),
          result: entry.result as Record<string, unknown>,
          source: entry.source,
          fileName: entry.file_name,
          enteredBy: entry.entered_by,
          enteredAt: entry.entered_at.toISOString(),
          status: entry.status,
          decidedBy: entry.decided_by,
          decidedAt: entry.decided_at?.toISOString() ?? null,
          rejectReason: entry.reject_reason,
        }
      : null,
    cancelReason: draw.cancel_reason,
    cancelledBy: draw.cancelled_by,
  };
}
