import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PooledTestApp,
  startPooledTestApp,
  tallyAnswers,
} from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { systemClock } from '../../lib/clock.ts';
import { type PointsFixture, type PointsMember, pointsFixture } from './points.fixture.ts';
import { PointsEarnService } from './points-earn.service.ts';

/**
 * Issue 19: stock and balances are concurrency problems (PostgreSQL only: PGlite runs one statement at a
 * time). 50 members redeeming the last 10 items at once: exactly 10 succeed, the stock ends at 0 and the
 * 40 others keep their points. One member redeeming 50 times at once with points for 5: exactly 5 succeed.
 * Five earn passes at once over the same hours credit each hour once.
 */

const BURST = 50;

usePostgresConnections(33);

describe('points under 50 requests at once [postgres]', () => {
  let started: PooledTestApp;
  let fx: PointsFixture;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: 20, checkLedger: true, config: { rateLimitMax: 1_000_000 } });
    fx = await pointsFixture(started.app, started.database);
    await fx.setConfig();
  }, 90_000);
  afterAll(async () => {
    await started?.close();
  });

  it('50 redemptions of the last 10 items: exactly 10 succeed', async () => {
    const reward = await fx.addReward({ points: '20', stock: 10 });
    const members: PointsMember[] = [];
    for (let index = 0; index < BURST; index += 1) {
      const member = await fx.member();
      await fx.play(member.id, 30_000n);
      members.push(member);
    }
    await fx.earn();
    const responses = await Promise.all(members.map((member) => fx.redeem(member, reward.id)));
    expect(tallyAnswers(responses)).toEqual({ ok: 10, points_out_of_stock: 40 });
    expect(await fx.stock(reward.id)).toBe(0);
    const balances = await Promise.all(members.map((member) => fx.balance(member.token)));
    expect(balances.filter((points) => points === 10n)).toHaveLength(10);
    expect(balances.filter((points) => points === 30n)).toHaveLength(40);
    const rows = await started.database.db
      .selectFrom('points_redemptions')
      .select('id')
      .where('reward_id', '=', BigInt(reward.id))
      .execute();
    expect(rows).toHaveLength(10);
  }, 180_000);

  it('50 redemptions by one member with points for 5: exactly 5 succeed, never below zero', async () => {
    const reward = await fx.addReward({ points: '50', stock: 1000 });
    const member = await fx.member();
    await fx.play(member.id, 250_000n);
    await fx.earn();
    expect(await fx.balance(member.token)).toBe(250n);
    const responses = await Promise.all(Array.from({ length: BURST }, () => fx.redeem(member, reward.id)));
    expect(tallyAnswers(responses)).toEqual({ ok: 5, points_insufficient: 45 });
    expect(await fx.balance(member.token)).toBe(0n);
    expect(await fx.stock(reward.id)).toBe(995);
  }, 120_000);

  it('five earn passes at once credit each hour once', async () => {
    const members: PointsMember[] = [];
    for (let index = 0; index < 10; index += 1) {
      const member = await fx.member();
      await fx.play(member.id, 12_345n);
      await fx.play(member.id, 54_321n, 'LIVE');
      members.push(member);
    }
    const earn = new PointsEarnService({ db: started.pooled.db, clock: systemClock });
    await Promise.all(Array.from({ length: 5 }, () => earn.run()));
    // RNG 123.45 → 12 points; LIVE 543.21 → 15 points.
    for (const member of members) expect(await fx.balance(member.token)).toBe(27n);
  }, 120_000);
});
