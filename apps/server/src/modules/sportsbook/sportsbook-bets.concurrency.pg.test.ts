import { SPORTSBOOK_VENDOR_CODE } from '@lotus/shared/sportsbook.schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, tallyAnswers } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { manualClock } from '../../lib/clock.ts';
import { closePooledBookApps, pooledBookApps } from '../inhouse-vendor/inhouse-book.fixture.ts';
import { catalogueWalletClient } from '../inhouse-vendor/inhouse-vendor-module.ts';
import { injectTransport } from '../vendor-protocol/protocol-client.ts';
import {
  type FixtureMarket,
  type SportsBettingFixture,
  sportsBettingFixture,
} from './sportsbook-betting.fixture.ts';
import { SETTLE_JOB, SportsSettlementService } from './sportsbook-settlement.service.ts';

/**
 * The book under concurrency (PostgreSQL only: PGlite runs one statement at a time).
 * - 50 bets at once on one selection against a market liability that admits exactly 7, and 50 on different
 *   markets of one event against an event liability that admits exactly 7: exactly 7 placed, the exposure
 *   never above the limit, only the placed ones debited.
 * - Accumulators naming two events in opposite orders at once all land (one lock order, no deadlock).
 * - Settlement from two app instances at once (both `runNow`), twice, and two services racing without the
 *   queue's lease: every bet is paid exactly once.
 */

/** Fifty players' registration and sessions take a while on a busy machine. */
const SLOW = 180_000;
const BURST = 50;
const ADMITS = 7;
/** 10.00 at 2.000 stands for 20.00; the limits admit seven such bets (and 5 minor units more). */
const LIMIT = 2_000n * BigInt(ADMITS) + 5n;

usePostgresConnections(44);

describe('sportsbook bets under concurrency [postgres]', () => {
  const clock = manualClock(new Date());
  let first: PooledTestApp;
  let second: PooledTestApp;
  let fx: SportsBettingFixture;

  beforeAll(async () => {
    ({ first, second, fx } = await pooledBookApps(clock, sportsBettingFixture));
  }, 120_000);
  afterAll(() => closePooledBookApps(first, second));

  const db = () => first.database.db;
  const single = (selectionId: bigint | undefined, oddsMilli = 2000) => ({
    kind: 'single' as const,
    stakeMinor: '1000',
    acceptRule: 'none' as const,
    legs: [{ selectionId: String(selectionId), oddsMilli }],
  });
  const players = async (count: number) => {
    const list: { id: bigint; token: string }[] = [];
    for (let index = 0; index < count; index += 1) {
      const member = await fx.wallet.member({ fundMinor: 5_000n });
      list.push({ id: member.id, token: await fx.open(member.id) });
    }
    return list;
  };
  const debitedCount = async (list: { id: bigint }[]) => {
    let debited = 0;
    for (const player of list) if ((await fx.wallet.main(player.id)) === 4_000n) debited += 1;
    return debited;
  };

  it(
    `${BURST} bets at once on one selection: exactly ${ADMITS} placed, market exposure within the limit`,
    async () => {
      const event = await fx.event({ marketLiabilityMinor: LIMIT });
      const market = event.markets[0] as FixtureMarket;
      const list = await players(BURST);
      const answers = await Promise.all(
        list.map((player) => fx.place(player.token, single(market.selections.home))),
      );
      expect(tallyAnswers(answers)).toEqual({ ok: ADMITS, sportsbook_liability_reached: BURST - ADMITS });
      const exposure = await db()
        .selectFrom('sb_exposure')
        .select('liability_minor')
        .where('market_id', '=', market.id)
        .where('sel_key', '=', 'home')
        .executeTakeFirstOrThrow();
      expect(exposure.liability_minor).toBe(2_000n * BigInt(ADMITS));
      expect(await debitedCount(list)).toBe(ADMITS);
    },
    SLOW,
  );

  it(
    `${BURST} bets at once across one event's markets: exactly ${ADMITS} placed, event exposure within the limit`,
    async () => {
      const markets = Array.from({ length: 5 }, () => ({ over: 2000, under: 2000 }));
      const event = await fx.event({ markets, eventLiabilityMinor: LIMIT });
      const list = await players(BURST);
      const answers = await Promise.all(
        list.map((player, index) => {
          const market = event.markets[index % event.markets.length] as FixtureMarket;
          return fx.place(
            player.token,
            single(index % 2 === 0 ? market.selections.over : market.selections.under),
          );
        }),
      );
      expect(tallyAnswers(answers)).toEqual({ ok: ADMITS, sportsbook_liability_reached: BURST - ADMITS });
      const exposure = await db()
        .selectFrom('sb_event_exposure')
        .select('liability_minor')
        .where('event_id', '=', event.id)
        .executeTakeFirstOrThrow();
      expect(exposure.liability_minor).toBe(2_000n * BigInt(ADMITS));
      const sums = await sql<{ n: string }>`
      select coalesce(sum(x.liability_minor), 0)::text as n from sb_exposure x
      join sb_markets m on m.id = x.market_id where m.event_id = ${event.id}`.execute(db());
      expect(sums.rows[0]?.n).toBe(String(2_000n * BigInt(ADMITS)));
      expect(await debitedCount(list)).toBe(ADMITS);
    },
    SLOW,
  );

  it(
    'accumulators naming two events in opposite orders at once all land (one lock order, no deadlock)',
    async () => {
      const a = (await fx.event()).markets[0] as FixtureMarket;
      const b = (await fx.event()).markets[0] as FixtureMarket;
      const list = await players(20);
      const legA = { selectionId: String(a.selections.home), oddsMilli: 2000 };
      const legB = { selectionId: String(b.selections.away), oddsMilli: 4000 };
      const answers = await Promise.all(
        list.map((player, index) =>
          fx.place(player.token, {
            kind: 'multi',
            stakeMinor: '1000',
            acceptRule: 'none',
            legs: index % 2 === 0 ? [legA, legB] : [legB, legA],
          }),
        ),
      );
      expect(tallyAnswers(answers)).toEqual({ ok: 20 });
    },
    SLOW,
  );

  it(
    'settles from two app instances at once, again, and by two services without the lease: each bet paid once',
    async () => {
      const event = await fx.event();
      const market = event.markets[0] as FixtureMarket;
      const list = await players(8);
      for (const [index, player] of list.entries()) {
        const response = await fx.place(
          player.token,
          index < 3 ? single(market.selections.home) : single(market.selections.away, 4000),
        );
        expect(response.statusCode, response.body).toBe(200);
      }
      await fx.result(market, { home: 'win', draw: 'lose', away: 'lose' });
      const wallet = catalogueWalletClient(db(), injectTransport(first.app), clock, SPORTSBOOK_VENDOR_CODE);
      const racing = [
        new SportsSettlementService({ db: first.pooled.db, wallet }),
        new SportsSettlementService({ db: second.pooled.db, wallet }),
      ];
      await Promise.all([
        first.app.jobs.runNow(SETTLE_JOB),
        second.app.jobs.runNow(SETTLE_JOB),
        ...racing.map((service) => service.run(clock.now())),
      ]);
      await Promise.all([first.app.jobs.runNow(SETTLE_JOB), second.app.jobs.runNow(SETTLE_JOB)]);
      for (const [index, player] of list.entries()) {
        expect(await fx.wallet.main(player.id)).toBe(index < 3 ? 4_000n + 2_000n : 4_000n);
      }
      const credits = await sql<{ n: string }>`
      select count(t.id)::text as n from sb_bets b
      join sb_bet_legs l on l.bet_id = b.id and l.market_id = ${market.id}
      left join vendor_transactions t on t.round_id = 'SB-' || b.id and t.kind = 'credit'
      group by b.id`.execute(db());
      expect(credits.rows).toHaveLength(8);
      for (const row of credits.rows) expect(row.n).toBe('1');
    },
    SLOW,
  );
});
