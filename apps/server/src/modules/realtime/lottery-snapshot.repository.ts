import type { LotteryDraw, LotteryDrawStatus } from '@lotus/shared/lottery.schema';
import type { Selectable } from 'kysely';
import type { LotteryDrawsTable } from '../../db/tables/lottery.ts';
import { type Executor, Repository } from '../../db/unit-of-work.ts';

/** What a lottery push carries: the game's summary fields that change with its draws. */
export type LotteryGameSnapshot = {
  /** Whose game (codes are unique per brand); not pushed. */
  brandId: bigint;
  gameCode: string;
  nextDraw: LotteryDraw | null;
  lastResult: LotteryDraw | null;
};

type DrawRow = Pick<
  Selectable<LotteryDrawsTable>,
  'draw_no' | 'opens_at' | 'closes_at' | 'draws_at' | 'status' | 'seed' | 'seed_hash' | 'result'
>;
const DRAW_COLUMNS = [
  'draw_no',
  'opens_at',
  'closes_at',
  'draws_at',
  'status',
  'seed',
  'seed_hash',
  'result',
] as const;

/**
 * The public status of docs/lottery.md "Draw statuses": the database's status plus the clock (a scheduled
 * draw is upcoming, open or closed by its window; past its draw time an external one awaits its result).
 */
export function publicDrawStatus(row: DrawRow, source: 'inhouse' | 'external', now: Date): LotteryDrawStatus {
  if (row.status === 'drawn' || row.status === 'settled' || row.status === 'cancelled') return row.status;
  if (row.status === 'result_entered') return 'awaiting_result';
  if (now < row.opens_at) return 'upcoming';
  if (now < row.closes_at) return 'open';
  if (now < row.draws_at || source === 'inhouse') return 'closed';
  return 'awaiting_result';
}

function drawView(gameCode: string, source: 'inhouse' | 'external', row: DrawRow, now: Date): LotteryDraw {
  const status = publicDrawStatus(row, source, now);
  const revealed = status === 'drawn' || status === 'settled';
  return {
    drawId: `${gameCode}-${row.draw_no}`,
    gameCode,
    drawNo: row.draw_no,
    opensAt: row.opens_at.toISOString(),
    closesAt: row.closes_at.toISOString(),
    drawsAt: row.draws_at.toISOString(),
    status,
    source,
    seedHash: row.seed_hash,
    // The seed stays secret until the result is public (the hash commits to it).
    seed: revealed ? row.seed : null,
    result: revealed ? (row.result as Record<string, unknown> | null) : null,
  };
}

/**
 * The realtime module's read of one lottery game for a push (issue 20): the same next draw and last result
 * as the public games list, read here so the socket depends on the tables, not on the lottery module's
 * services (app.ts wires it as the `lotteryGameOf` port).
 */
export class LotterySnapshotRepository<E extends Executor = Executor> extends Repository<E> {
  async gameOf(lotteryGameId: bigint, now: Date): Promise<LotteryGameSnapshot | null> {
    const game = await this.db
      .selectFrom('lottery_games')
      .select(['brand_id', 'game_code', 'source', 'enabled'])
      .where('id', '=', lotteryGameId)
      .executeTakeFirst();
    if (!game?.enabled) return null;
    // The draw bets go to now, else the next one: the earliest scheduled draw not closed yet.
    const next = await this.db
      .selectFrom('lottery_draws')
      .select(DRAW_COLUMNS)
      .where('game_id', '=', lotteryGameId)
      .where('status', '=', 'scheduled')
      .where('closes_at', '>', now)
      .orderBy('draws_at', 'asc')
      .limit(1)
      .executeTakeFirst();
    const last = await this.db
      .selectFrom('lottery_draws')
      .select(DRAW_COLUMNS)
      .where('game_id', '=', lotteryGameId)
      .where('status', 'in', ['drawn', 'settled'])
      .orderBy('draws_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      brandId: game.brand_id,
      gameCode: game.game_code,
      nextDraw: next ? drawView(game.game_code, game.source, next, now) : null,
      lastResult: last ? drawView(game.game_code, game.source, last, now) : null,
    };
  }
}
