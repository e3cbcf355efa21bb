import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { isAppError } from '../../lib/app-error.ts';
import { manualClock } from '../../lib/clock.ts';
import { LotteryDrawsService } from './lottery-draws.service.ts';
import { LotteryResultsService } from './lottery-results.service.ts';

/**
 * The draws' jobs and decisions from many processes at once (PostgreSQL only: PGlite runs one statement at
 * a time). Ten schedule and draw runs at once create each draw once and draw each due draw once; twenty
 * operators confirming one pending result at once: one confirms, the others find nothing pending.
 */

const DAY_MS = 86_400_000;

usePostgresConnections(33);

describe('lottery draws under concurrency [postgres]', () => {
  const clock = manualClock(new Date());
  let app: PooledTestApp;

  beforeAll(async () => {
    app = await startPooledTestApp({ pool: 20, clock });
  }, 90_000);
  afterAll(async () => {
    await app?.close();
  });

  it('ten schedule and draw runs at once: each draw created once, each due draw drawn once', async () => {
    const { db } = app.database;
    clock.advance(10 * 60_000);
    const runs = Array.from({ length: 10 }, () => new LotteryDrawsService({ db, clock }));
    await Promise.all(runs.flatMap((run) => [run.schedule(), run.drawDue()]));
    await Promise.all(runs.map((run) => run.drawDue()));
    const due = await db
      .selectFrom('lottery_draws as d')
      .innerJoin('lottery_games as g', 'g.id', 'd.game_id')
      .select(sql<string>`count(*)`.as('n'))
      .where('g.source', '=', 'inhouse')
      .where('d.status', '=', 'scheduled')
      .where('d.draws_at', '<=', clock.now())
      .executeTakeFirstOrThrow();
    expect(Number(due.n)).toBe(0);
    const ahead = await db
      .selectFrom('lottery_draws as d')
      .innerJoin('lottery_games as g', 'g.id', 'd.game_id')
      .select(sql<string>`count(*)`.as('n'))
      .where('g.game_code', '=', 'lott-dice')
      .where('d.draws_at', '>', clock.now())
      .executeTakeFirstOrThrow();
    // Every minute of the next 30, once.
    expect(Number(ahead.n)).toBe(30);
  });

  it('twenty confirmations of one pending result at once: one confirms it', async () => {
    const { db } = app.database;
    // Eight days on, the seeded week of SEA 4D draws is past: each waits for its official result.
    clock.advance(8 * DAY_MS);
    const brand = await db
      .selectFrom('brands')
      .select('id')
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();
    const draw = await db
      .selectFrom('lottery_draws as d')
      .innerJoin('lottery_games as g', 'g.id', 'd.game_id')
      .select(['d.draw_no'])
      .where('g.game_code', '=', 'sea-4d')
      .where('d.status', '=', 'scheduled')
      .where('d.draws_at', '<=', clock.now())
      .orderBy('d.draws_at')
      .executeTakeFirstOrThrow();
    const drawId = `sea-4d-${draw.draw_no}`;
    const results = new LotteryResultsService({ db, clock });
    const operator = (name: string) => ({
      brandId: brand.id,
      operatorId: null,
      name,
      ip: 'test',
      via: 'cli' as const,
    });
    const numbers = Array.from({ length: 23 }, (_, index) => String(1000 + index * 7).padStart(4, '0'));
    const result = {
      family: 'sea4d',
      tiers: [
        { tier: 'first', numbers: [numbers[0]] },
        { tier: 'second', numbers: [numbers[1]] },
        { tier: 'third', numbers: [numbers[2]] },
        { tier: 'special', numbers: numbers.slice(3, 13) },
        { tier: 'consolation', numbers: numbers.slice(13, 23) },
      ],
    };
    await results.enter(operator('op-a'), drawId, result);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        results.confirm(operator(`op-b${index}`), drawId).then(
          () => 'ok',
          (error: unknown) => (isAppError(error) ? error.code : String(error)),
        ),
      ),
    );
    expect(answers.filter((answer) => answer === 'ok')).toHaveLength(1);
    expect(
      answers.filter((answer) => answer !== 'ok').every((answer) => answer === 'lottery_result_not_pending'),
    ).toBe(true);
  });
});
