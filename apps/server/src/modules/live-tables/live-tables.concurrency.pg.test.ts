import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, tallyAnswers } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { manualClock } from '../../lib/clock.ts';
import { closePooledBookApps, pooledBookApps } from '../inhouse-vendor/inhouse-book.fixture.ts';
import { CYCLE_JOB, LiveCycleService } from './live-cycle.service.ts';
import { type LiveFixture, liveFixture } from './live-tables.fixture.ts';

/**
 * The live tables under concurrency (PostgreSQL only: PGlite runs one statement at a time).
 * - 50 bets at once by one player whose balance pays exactly 7 of them: exactly 7 placed and debited.
 * - 50 bets at once by one player on one spot whose round maximum admits exactly 7: exactly 7 placed.
 * - 50 bets at once, one per player, while "no more bets" lands: each is either placed and settled or refused.
 * - The cycle from two app instances and two services at once: each table moves once per phase, each bet is
 *   paid exactly once.
 */

const SLOW = 180_000;
const BURST = 50;
const ADMITS = 7;

usePostgresConnections(44);

describe('live tables under concurrency [postgres]', () => {
  const clock = manualClock(new Date());
  let first: PooledTestApp;
  let second: PooledTestApp;
  let fx: LiveFixture;

  beforeAll(async () => {
    ({ first, second, fx } = await pooledBookApps(clock, liveFixture));
    await fx.cycle.tick(clock.now());
  }, 120_000);
  afterAll(() => closePooledBookApps(first, second));

  const db = () => first.database.db;

  it(
    `${BURST} bets at once on one balance that pays ${ADMITS}: exactly ${ADMITS} placed and debited`,
    async () => {
      const member = await fx.wallet.member({ fundMinor: 1_000n * BigInt(ADMITS) + 999n });
      const token = await fx.open(member.id, 'dragon-tiger-1');
      await fx.advanceTo('dragon-tiger-1', 'betting');
      const { roundId } = await fx.snapshot('dragon-tiger-1');
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, index) =>
          fx.bet(token, 'dragon-tiger-1', { roundId, bets: { [index % 2 ? 'dragon' : 'tiger']: '1000' } }),
        ),
      );
      expect(tallyAnswers(answers)).toEqual({ ok: ADMITS, insufficient_funds: BURST - ADMITS });
      expect(await fx.wallet.main(member.id)).toBe(999n);
      const placed = await db()
        .selectFrom('live_bets')
        .select(sql<string>`count(*)`.as('n'))
        .where('player_ref', '=', String(member.id))
        .where('status', '=', 'placed')
        .executeTakeFirstOrThrow();
      expect(String(placed.n)).toBe(String(ADMITS));
    },
    SLOW,
  );

  it(
    `${BURST} bets at once on one spot whose maximum admits ${ADMITS}: exactly ${ADMITS} placed`,
    async () => {
      const member = await fx.wallet.member({ fundMinor: 100_000_000n });
      const token = await fx.open(member.id, 'roulette-1');
      await fx.advanceTo('roulette-1', 'betting');
      const { roundId } = await fx.snapshot('roulette-1');
      // 1,000.00 on one number at most: seven bets of 140.00 fit, an eighth does not.
      const answers = await Promise.all(
        Array.from({ length: BURST }, () =>
          fx.bet(token, 'roulette-1', { roundId, bets: { 'straight:7': '14000' } }),
        ),
      );
      expect(tallyAnswers(answers)).toEqual({ ok: ADMITS, live_bet_above_max: BURST - ADMITS });
      expect(await fx.wallet.main(member.id)).toBe(100_000_000n - 14_000n * BigInt(ADMITS));
    },
    SLOW,
  );

  it(
    'bets racing "no more bets", then the cycle from two apps and two services at once: each bet paid once',
    async () => {
      const list: { id: bigint; token: string }[] = [];
      for (let index = 0; index < BURST; index++) {
        const member = await fx.wallet.member({ fundMinor: 10_000n });
        list.push({ id: member.id, token: await fx.open(member.id, 'baccarat-1') });
      }
      await fx.advanceTo('baccarat-1', 'betting');
      const { roundId } = await fx.snapshot('baccarat-1');
      const tableId = await fx.tableId('baccarat-1');
      const bets = list.map((player) =>
        fx.bet(player.token, 'baccarat-1', { roundId, bets: { player: '1000' } }, randomUUID()),
      );
      const close = fx.cycle.advance(tableId, clock.now(), true);
      const answers = await Promise.all(bets);
      expect(await close).toBe('closed');
      const tally = tallyAnswers(answers);
      expect((tally.ok ?? 0) + (tally.live_bets_closed ?? 0)).toBe(BURST);
      // Let every phase be due, then run the cycle everywhere at once, twice.
      const racing = [
        new LiveCycleService({ db: first.pooled.db, wallet: fx.clients.real }),
        new LiveCycleService({ db: second.pooled.db, wallet: fx.clients.real }),
      ];
      for (let pass = 0; pass < 4; pass++) {
        clock.advance(60_000);
        await Promise.all([
          first.app.jobs.runNow(CYCLE_JOB),
          second.app.jobs.runNow(CYCLE_JOB),
          ...racing.map((service) => service.tick(clock.now())),
        ]);
      }
      const rounds = await db()
        .selectFrom('live_rounds')
        .select(['round_no', 'phase'])
        .where('id', '=', BigInt(roundId))
        .executeTakeFirstOrThrow();
      expect(rounds.phase).toBe('done');
      const credits = await sql<{ n: string; status: string }>`
        select b.status, count(t.id)::text as n from live_bets b
        left join vendor_transactions t on t.round_id = 'LV-' || b.id and t.kind = 'credit'
        where b.round_id = ${BigInt(roundId)} group by b.id, b.status`.execute(db());
      expect(credits.rows).toHaveLength(tally.ok ?? 0);
      for (const row of credits.rows) expect([row.status, row.n]).toEqual(['settled', '1']);
      const settled = await db()
        .selectFrom('live_bets')
        .select(['player_ref', 'payout_minor'])
        .where('round_id', '=', BigInt(roundId))
        .execute();
      for (const bet of settled) {
        expect(await fx.wallet.main(BigInt(bet.player_ref))).toBe(9_000n + (bet.payout_minor ?? 0n));
      }
    },
    SLOW,
  );
});
