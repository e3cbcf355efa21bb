import { randomUUID } from 'node:crypto';
import { PVP_TURN_MS } from '@lotus/shared/pvp.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PooledTestApp,
  startPooledTestApp,
  tallyAnswers,
} from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { manualClock } from '../../lib/clock.ts';
import { type PvpFixture, pvpFixture } from './pvp-rooms.fixture.ts';
import { PVP_BETWEEN_HANDS_MS } from './pvp-table-moves.ts';

/**
 * The rooms under concurrency (PostgreSQL only: PGlite runs one statement at a time), two app instances on
 * one database as two server processes:
 * - 50 players ask for the same seat at once (half through each process): exactly one sits, only that one's
 *   buy-in is debited, nobody else holds anything.
 * - A turn's time-out from both processes' clock jobs and the player's own chaal, all at once: one of them
 *   lands on the version, the others find the turn moved; the money adds up.
 * - The same two races at a Rummy table (`rm-bronze`), the player's move being a draw.
 */

const SLOW = 180_000;
const BURST = 50;

usePostgresConnections(44);

describe('PVP rooms under concurrency [postgres]', () => {
  const clock = manualClock(new Date());
  let first: PooledTestApp;
  let second: PooledTestApp;
  let fx: PvpFixture;

  beforeAll(async () => {
    first = await startPooledTestApp({ pool: 20, clock, checkLedger: true });
    second = await startPooledTestApp({ pool: 10, clock, database: first.database });
    fx = await pvpFixture(first.app, first.database);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const sitThrough = (app: PooledTestApp, token: string, seat: number, room: string) =>
    app.app.inject({
      method: 'POST',
      url: `/wps/pvp/rooms/${room}/actions`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `c-${randomUUID()}` },
      payload: { type: 'sit', seat, buyInMinor: '5000' },
    });

  it.each(['tp-bronze', 'rm-bronze'])(
    `seats exactly one of ${BURST} players asking for one seat at once (%s)`,
    async (room) => {
      const players: { id: bigint; token: string }[] = [];
      for (let index = 0; index < BURST; index += 1)
        players.push(await fx.wallet.member({ fundMinor: 10_000n }));
      const answers = await Promise.all(
        players.map((player, index) => sitThrough(index % 2 === 0 ? first : second, player.token, 3, room)),
      );
      const tally = tallyAnswers(answers);
      expect(tally.ok).toBe(1);
      expect((tally.ok ?? 0) + (tally.pvp_seat_taken ?? 0)).toBe(BURST);
      const seated = await fx.db
        .selectFrom('pvp_seatings')
        .select(['member_id', 'status'])
        .where('status', 'in', ['joining', 'seated', 'voiding'])
        .execute();
      expect(seated).toHaveLength(1);
      const winner = players.findIndex((_, index) => answers[index]?.statusCode === 200);
      const balances = await Promise.all(players.map((player) => fx.wallet.main(player.id)));
      expect(balances).toEqual(players.map((_, index) => (index === winner ? 5_000n : 10_000n)));
      const winnerToken = players[winner]?.token ?? '';
      await fx.ok(winnerToken, room, { type: 'leave' });
    },
    SLOW,
  );

  it(
    'applies one of a time-out from two processes and the player’s own move at the same moment',
    async () => {
      const a = await fx.wallet.member({ fundMinor: 10_000n });
      const b = await fx.wallet.member({ fundMinor: 10_000n });
      await fx.ok(a.token, 'tp-bronze', { type: 'sit', seat: 0, buyInMinor: '5000' });
      await fx.ok(b.token, 'tp-bronze', { type: 'sit', seat: 1, buyInMinor: '5000' });
      clock.advance(PVP_BETWEEN_HANDS_MS);
      await fx.tick();
      const table = await fx.table(a.token, 'tp-bronze');
      const turn = table.hand?.turnSeat;
      const mover = turn === 0 ? a : b;
      const chaal = (await fx.table(mover.token, 'tp-bronze')).choices.chaalMinor?.[0] ?? '0';
      clock.advance(PVP_TURN_MS);
      const [, , move] = await Promise.all([
        first.app.jobs.runNow('pvp.clock'),
        second.app.jobs.runNow('pvp.clock'),
        fx.act(mover.token, 'tp-bronze', { type: 'chaal', amountMinor: chaal }),
      ]);
      const after = await fx.table(a.token, 'tp-bronze');
      const timeouts = after.lastEvents.filter((e) => e.type === 'packed' && e.reason === 'timeout');
      const chaals = after.lastEvents.filter((e) => e.type === 'bet' && e.reason === 'chaal');
      // Either the chaal landed first (then the clock had a fresh deadline) or one time-out did.
      if (move.statusCode === 200) expect(timeouts.length + chaals.length).toBe(1);
      else expect(timeouts).toHaveLength(1);
      expect(timeouts.length).toBeLessThanOrEqual(1);
      const money = await fx.money('tp-bronze');
      expect(money.chipsMinor + money.potMinor + money.rakeTakenMinor).toBe(10_000n);
    },
    SLOW,
  );

  it(
    'applies one of a time-out from two processes and the player’s own draw at the same moment (Rummy)',
    async () => {
      const room = 'rm-bronze';
      const a = await fx.wallet.member({ fundMinor: 10_000n });
      const b = await fx.wallet.member({ fundMinor: 10_000n });
      await fx.ok(a.token, room, { type: 'sit', seat: 0, buyInMinor: '5000' });
      await fx.ok(b.token, room, { type: 'sit', seat: 1, buyInMinor: '5000' });
      clock.advance(PVP_BETWEEN_HANDS_MS);
      await fx.tick();
      const turn = (await fx.table(a.token, room)).hand?.turnSeat;
      const mover = turn === 0 ? a : b;
      clock.advance(PVP_TURN_MS);
      const [, , move] = await Promise.all([
        first.app.jobs.runNow('pvp.clock'),
        second.app.jobs.runNow('pvp.clock'),
        fx.act(mover.token, room, { type: 'draw', from: 'closed' }),
      ]);
      const after = await fx.table(a.token, room);
      const seat = turn ?? 0;
      const missed = after.lastEvents.filter((e) => e.type === 'missed' && e.seat === seat);
      const drew = after.lastEvents.filter((e) => e.type === 'drew' && e.seat === seat);
      // A draw keeps the turn (and its deadline), so one time-out lands either way: on the discard half after
      // the player's draw, or on the whole turn (drawing for them) before it, the draw then refused. Either
      // way the turn is played once: one card drawn, one missed turn.
      expect(missed).toHaveLength(1);
      expect(drew).toHaveLength(1);
      expect(after.hand?.turnSeat).not.toBe(seat);
      if (move.statusCode !== 200) expect(move.statusCode).toBeLessThan(500);
      const money = await fx.money(room);
      expect(money.chipsMinor + money.potMinor + money.rakeTakenMinor).toBe(10_000n);
    },
    SLOW,
  );
});
