import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { RewardSource } from '../../db/tables/rewards.ts';
import { manualClock } from '../../lib/clock.ts';
import { RewardsService } from '../promotions/rewards.service.ts';
import { RanksRepository } from '../ranks/ranks.repository.ts';
import { VipProgressionService } from '../ranks/vip-progression.service.ts';
import { LONG_SESSIONS, type LoyaltyFixture, loyaltyFixture } from './loyalty.fixture.ts';
import { RebatesService } from './rebates.service.ts';

/**
 * Two (or fifty) runners of the loyalty jobs at once on one PostgreSQL — a run that outlived its lease, the
 * dev hook beside the job, two processes: every grant is once per key (the reward's unique source key), a
 * level is raised under the member's row lock, so each member-day has one rebate, each (member, level) one
 * upgrade bonus and each (member, month) one monthly reward. PostgreSQL only: PGlite runs one at a time.
 */

const BURST = 50;
const MEMBERS = 5;

usePostgresConnections(33);

describe('loyalty jobs under concurrency [postgres]', () => {
  const clock = manualClock(new Date('2026-05-06T08:00:00.000Z'));
  let server: PooledTestApp;
  let fx: LoyaltyFixture;
  const members: bigint[] = [];

  const runners = () => {
    const db = server.pooled.db;
    const rewards = new RewardsService({ db, clock });
    const ranks = new RanksRepository(db);
    return {
      rebates: new RebatesService({ db, clock, rewards, ranks: { ladderOf: (id) => ranks.ladderOf(id) } }),
      vip: new VipProgressionService({ db, clock, rewards }),
    };
  };

  beforeAll(async () => {
    server = await startPooledTestApp({ pool: 20, clock, checkLedger: true, config: LONG_SESSIONS });
    fx = await loyaltyFixture(server.app, server.database);
    for (let index = 0; index < MEMBERS; index += 1) {
      const member = await fx.member();
      members.push(member.id);
      // ₹21,000 of slots on 5 May: Silver, and a rebate for the day.
      await fx.round(member.id, 'RNG', 2_100_000n, 0n, new Date('2026-05-05T12:00:00.000Z'));
    }
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  const rewardsOf = async (source: RewardSource) =>
    server.database.db
      .selectFrom('member_rewards')
      .select(['member_id', 'source_key', 'amount_minor'])
      .where('source', '=', source)
      .where('member_id', 'in', members)
      .execute();

  it(`${BURST} VIP runs at once: each member raised once, one bonus per level, one monthly reward`, async () => {
    await Promise.all(
      Array.from({ length: BURST }, () => runners().vip.run(clock.now(), { everyone: true })),
    );
    for (const member of members) expect(await fx.level(member)).toBe(2);
    const upgrades = await rewardsOf('vip_upgrade');
    expect(upgrades).toHaveLength(MEMBERS * 2);
    expect(new Set(upgrades.map((reward) => reward.source_key)).size).toBe(MEMBERS * 2);
    const monthly = await rewardsOf('vip_monthly');
    expect(monthly.map((reward) => reward.source_key).sort()).toEqual(
      members.map((member) => `vip_monthly:${member}:2026-05`).sort(),
    );
  });

  it(`${BURST} rebate runs at once: one rebate per member and day, one history row each`, async () => {
    await Promise.all(Array.from({ length: BURST }, () => runners().rebates.run(clock.now())));
    const rebates = await rewardsOf('rebate');
    // Silver slots 0.30 % of 2,100,000.
    expect(rebates.map((reward) => [reward.source_key, reward.amount_minor]).sort()).toEqual(
      members.map((member) => [`rebate:${member}:2026-05-05`, 6_300n]).sort(),
    );
    const history = await server.database.db
      .selectFrom('member_rebates')
      .select('member_id')
      .where('member_id', 'in', members)
      .execute();
    expect(history).toHaveLength(MEMBERS);
  });
});
