import { LOTTERY_VENDOR_CODE } from '@lotus/shared/lottery.schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, tallyAnswers } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { manualClock } from '../../lib/clock.ts';
import { closePooledBookApps, pooledBookApps } from '../inhouse-vendor/inhouse-book.fixture.ts';
import { catalogueWalletClient } from '../inhouse-vendor/inhouse-vendor-module.ts';
import { injectTransport } from '../vendor-protocol/protocol-client.ts';
import {
  type EngineDrawRef,
  type EngineGame,
  type LotteryEngineFixture,
  lotteryEngineFixture,
  vnNorthResultWithTwo27s,
} from './lottery-engine.fixture.ts';
import { LotterySettlementService, SETTLE_JOB } from './lottery-settlement.service.ts';

/**
 * The engine under concurrency (PostgreSQL only: PGlite runs one statement at a time).
 * - 50 slips at once on one number against a liability limit that admits exactly 7: exactly 7 placed, the
 *   exposure never above the limit, and only the placed ones debited.
 * - Settlement from two app instances on one database at once (both `runNow`), then twice more, and two
 *   settlement services racing without the queue's lease: every slip is paid exactly once.
 */

const BURST = 50;
/** 10.00 on lô pays at most 949.99; the limit admits exactly seven such lines (and 5 minor units more). */
const LINE_MAX = 94_999n;
const ADMITS = 7;

usePostgresConnections(44);

describe('lottery engine under concurrency [postgres]', () => {
  const clock = manualClock(new Date());
  let first: PooledTestApp;
  let second: PooledTestApp;
  let fx: LotteryEngineFixture;

  beforeAll(async () => {
    ({ first, second, fx } = await pooledBookApps(clock, lotteryEngineFixture));
  }, 120_000);
  afterAll(() => closePooledBookApps(first, second));

  const db = () => first.database.db;
  const lo = (selection: string) => [{ betType: 'lo2', selection, stakeMinor: '1000' }];

  /** Members with a slip each on the draw (one lô per member, numbers from `numbers`). */
  const slipsOn = async (game: EngineGame, draw: EngineDrawRef, numbers: string[]) => {
    const members = [];
    for (const number of numbers) {
      const member = await fx.wallet.member({ fundMinor: 10_000n });
      const token = await fx.open(member.id, game);
      const response = await fx.place(token, draw.drawId, lo(number));
      expect(response.statusCode, response.body).toBe(200);
      members.push(member);
    }
    return members;
  };

  const creditsPerSlip = async (drawId: bigint) => {
    const rows = await sql<{ n: string; entries: string }>`
      select count(t.id)::text as n, count(distinct t.entry_id)::text as entries
      from lottery_slips s
      left join vendor_transactions t on t.round_id = 'LTO-' || s.id and t.kind = 'credit'
      where s.draw_id = ${drawId} group by s.id`.execute(db());
    return rows.rows;
  };

  it(`${BURST} slips at once on one number: exactly ${ADMITS} placed, exposure within the limit`, async () => {
    const game = await fx.game({ maxPayoutMinor: LINE_MAX * BigInt(ADMITS) + 5n });
    const draw = await fx.draw(game, 600_000);
    const tokens: string[] = [];
    const members = [];
    for (let index = 0; index < BURST; index += 1) {
      const member = await fx.wallet.member({ fundMinor: 5_000n });
      members.push(member);
      tokens.push(await fx.open(member.id, game));
    }
    const answers = await Promise.all(tokens.map((token) => fx.place(token, draw.drawId, lo('77'))));
    expect(tallyAnswers(answers)).toEqual({ ok: ADMITS, lottery_liability_reached: BURST - ADMITS });
    const exposure = await db()
      .selectFrom('lottery_exposure')
      .select('payout_minor')
      .where('draw_id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(exposure.payout_minor).toBe(LINE_MAX * BigInt(ADMITS));
    const placed = await db()
      .selectFrom('lottery_slips')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('draw_id', '=', draw.id)
      .where('status', '=', 'placed')
      .executeTakeFirstOrThrow();
    expect(Number(placed.n)).toBe(ADMITS);
    let debited = 0;
    for (const member of members) if ((await fx.wallet.main(member.id)) === 4_000n) debited += 1;
    expect(debited).toBe(ADMITS);
  });

  it('slips naming the same numbers in opposite orders at once all land (one lock order, no deadlock)', async () => {
    const game = await fx.game();
    const draw = await fx.draw(game, 600_000);
    const tokens: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const member = await fx.wallet.member({ fundMinor: 5_000n });
      tokens.push(await fx.open(member.id, game));
    }
    const answers = await Promise.all(
      tokens.map((token, index) =>
        fx.place(
          token,
          draw.drawId,
          index % 2 === 0 ? [...lo('81'), ...lo('82')] : [...lo('82'), ...lo('81')],
        ),
      ),
    );
    expect(tallyAnswers(answers)).toEqual({ ok: 20 });
  });

  it('settles from two app instances at once, and again: each slip is paid exactly once', async () => {
    const game = await fx.game();
    const draw = await fx.draw(game, 600_000);
    // Two hits on 27 (each 10.00 × 2 × 3.5185 = 70.37), the others lose.
    const winners = await slipsOn(game, draw, ['27', '27', '27']);
    const losers = await slipsOn(game, draw, ['90', '91', '92', '93']);
    await fx.setResult(draw, vnNorthResultWithTwo27s());

    await Promise.all([first.app.jobs.runNow(SETTLE_JOB), second.app.jobs.runNow(SETTLE_JOB)]);
    await Promise.all([first.app.jobs.runNow(SETTLE_JOB), second.app.jobs.runNow(SETTLE_JOB)]);

    for (const member of winners) expect(await fx.wallet.main(member.id)).toBe(9_000n + 7_037n);
    for (const member of losers) expect(await fx.wallet.main(member.id)).toBe(9_000n);
    const credits = await creditsPerSlip(draw.id);
    expect(credits).toHaveLength(7);
    for (const row of credits) expect(row.n).toBe('1');
    const statuses = await db()
      .selectFrom('lottery_slips')
      .select('status')
      .where('draw_id', '=', draw.id)
      .execute();
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(['settled']));
  });

  it('two settlement runs racing without the queue lease still pay each slip once', async () => {
    const game = await fx.game();
    const draw = await fx.draw(game, 600_000);
    const winners = await slipsOn(game, draw, ['27', '27', '27', '27', '27']);
    await fx.setResult(draw, vnNorthResultWithTwo27s());
    // Each as its own app would build it: its pool, and the protocol sent in-process to its own app.
    const services = [first, second].map(
      (app) =>
        new LotterySettlementService({
          db: app.pooled.db,
          wallet: catalogueWalletClient(app.pooled.db, injectTransport(app.app), clock, LOTTERY_VENDOR_CODE),
        }),
    );
    const reports = await Promise.all(services.map((service) => service.run(clock.now())));
    expect(reports.reduce((sum, report) => sum + report.settled, 0)).toBe(winners.length);
    for (const member of winners) expect(await fx.wallet.main(member.id)).toBe(9_000n + 7_037n);
    for (const row of await creditsPerSlip(draw.id)) expect(row.n).toBe('1');
  });
});
