import { createHmac, randomBytes } from 'node:crypto';
import type { Hmac } from '@lotus/games/fair';
import { serverSeedHash } from '@lotus/games/fair';
import { drawLotteryResult } from '@lotus/games/lottery/index';
import { type LotterySchedule, lotteryScheduleSchema } from '@lotus/shared/lottery.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { plannedDraws } from './draw-calendar.ts';
import type { LotteryGameRecord, NewDraw } from './lottery-draws.repository.ts';
import { drawIdOf, type LotteryDrawsUnit, lotteryDrawsUnit, mathsKey } from './lottery-draws.unit.ts';

export const SCHEDULE_JOB = 'lottery.schedule';
export const DRAW_JOB = 'lottery.draw';
export const SCHEDULE_EVERY_MS = 30_000;
export const DRAW_EVERY_MS = 2_000;
/** Draws one run of the draw job takes; a backlog (a stopped server) drains over the next runs. */
const DRAW_BATCH = 200;

/** Node's HMAC for the server (the same bytes as the package's pure one the browser uses, much faster). */
const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();

/** A fresh in-house seed: 32 random bytes as 64 hex, committed by its SHA-256 before the window opens. */
export function freshSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: serverSeedHash(seed) };
}

/**
 * The draws' background work (docs/lottery.md "Jobs"): `lottery.schedule` keeps every enabled game's draws
 * created ahead of time; `lottery.draw` draws the in-house ones whose time has come from their committed
 * seed. Both are idempotent: the schedule inserts only missing draw numbers (the unique key ignores a
 * concurrent insert), the draw job locks due draws and skips those another run holds.
 */
export class LotteryDrawsService {
  readonly #unit: LotteryDrawsUnit;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: { db: Db; clock: Clock; log?: FastifyBaseLogger | undefined }) {
    this.#unit = lotteryDrawsUnit(deps);
    this.#log = deps.log;
  }

  /** Creates the missing draws of every enabled game; answers how many were created. */
  async schedule(now: Date = this.#unit.clock.now()): Promise<number> {
    let created = 0;
    for (const game of await this.#unit.reads.enabledGames()) {
      created += await this.scheduleGame(game, now);
    }
    return created;
  }

  async scheduleGame(game: LotteryGameRecord, now: Date): Promise<number> {
    const parsed = lotteryScheduleSchema.safeParse(game.schedule);
    if (!parsed.success) {
      // A stored calendar the schema refuses (written by hand): the game gets no draws, the log says why.
      this.#log?.warn({ gameCode: game.game_code }, 'lottery game has an invalid schedule');
      return 0;
    }
    const planned = plannedDraws(parsed.data as LotterySchedule, now);
    const existing = await this.#unit.reads.existingDrawNos(
      game.id,
      planned.map((draw) => draw.drawNo),
    );
    const missing: NewDraw[] = planned
      .filter((draw) => !existing.has(draw.drawNo))
      .map((draw) => ({
        gameId: game.id,
        ...draw,
        ...(game.source === 'inhouse' ? freshSeed() : { seed: null, seedHash: null }),
      }));
    if (missing.length === 0) return 0;
    return this.#unit.uow.run(({ lottery }) => lottery.insertDraws(missing));
  }

  /** Draws every in-house draw due at `now`: result from its seed, status drawn. Answers how many. */
  async drawDue(now: Date = this.#unit.clock.now()): Promise<number> {
    return this.#unit.uow.run(async ({ lottery }) => {
      const due = await lottery.dueInhouse(now, DRAW_BATCH);
      for (const draw of due) {
        if (draw.seed === null) continue;
        const { family, variant } = mathsKey(draw);
        const result = drawLotteryResult(
          family,
          variant,
          draw.seed,
          drawIdOf(draw.game_code, draw.draw_no),
          nodeHmac,
        );
        await lottery.markDrawn(draw.id, result, now, null);
      }
      return due.length;
    });
  }
}
