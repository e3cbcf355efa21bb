import { errorEnvelope } from '@lotus/shared/envelope';
import { profitResponse, rebateListResponse } from '@lotus/shared/loyalty.schema';
import { memberRankResponse } from '@lotus/shared/ranks.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { VIP_JOB } from '../ranks/vip-progression.service.ts';
import { LONG_SESSIONS, type LoyaltyFixture, type LoyaltyMember, loyaltyFixture } from './loyalty.fixture.ts';
import { REBATE_JOB } from './rebates.service.ts';

const at = (iso: string) => new Date(`2026-03-${iso}Z`);

/**
 * Rebates, VIP progression and personal P/L (issue 19) on the demo ladder (db/seed/demo-ranks.ts): level 0
 * rebates slots 0.10 %, table and card games 0.05 %; Bronze (1) at ₹5,000 of 30-day turnover or ₹2,000 of
 * deposits, bonus ₹50; Silver (2) at ₹20,000 / ₹10,000, bonus ₹150, monthly ₹50; Gold (3) at ₹50,000 /
 * ₹25,000, bonus ₹300, monthly ₹100. The brand's rule is `any`.
 */
describe.each(testBackends())('loyalty [%s]', (backend) => {
  const clock = manualClock(at('02T08:00:00.000'));
  let test: TestApp;
  let fx: LoyaltyFixture;
  let player: LoyaltyMember;
  let trial: LoyaltyMember;
  const walkTo = (time: Date) => clock.advance(time.getTime() - clock.now().getTime());

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock, config: { ...LONG_SESSIONS, devInbox: true } });
    fx = await loyaltyFixture(test.app, test.database);
    player = await fx.member();
    trial = await fx.member({ trial: true });
    // 2 March: slots ₹1,000 staked, ₹500 back; a table game ₹400 staked, ₹800 back. The trial account too.
    await fx.round(player.id, 'RNG', 100_000n, 50_000n, at('02T09:00:00.000'));
    await fx.round(player.id, 'TG', 40_000n, 80_000n, at('02T10:30:00.000'));
    await fx.round(trial.id, 'RNG', 100_000n, 0n, at('02T09:00:00.000'));
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  const get = (token: string | null, url: string) =>
    test.app.inject({
      method: 'GET',
      url,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  const rebateRewards = async (memberId: bigint) =>
    (await fx.rewards(memberId)).filter((reward) => reward.source === 'rebate');

  describe('the rebate job', () => {
    it('pays nothing for a day that has not ended (nor in the grace minutes after it)', async () => {
      walkTo(at('02T12:00:00.000'));
      await test.app.jobs.runNow(REBATE_JOB);
      walkTo(at('03T00:05:00.000'));
      await test.app.jobs.runNow(REBATE_JOB);
      expect(await rebateRewards(player.id)).toEqual([]);
    });

    it('grants one reward per member and day, however often it runs; trial accounts get none', async () => {
      walkTo(at('03T00:11:00.000'));
      await test.app.jobs.runNow(REBATE_JOB);
      await test.app.jobs.runNow(REBATE_JOB);
      // Slots 100,000 × 0.10 % = 100; table game 40,000 × 0.05 % = 20.
      expect(await rebateRewards(player.id)).toEqual([
        { source: 'rebate', source_key: `rebate:${player.id}:2026-03-02`, amount_minor: 120n },
      ]);
      expect(await rebateRewards(trial.id)).toEqual([]);
      const day = await test.database.db
        .selectFrom('rebate_days')
        .select(['members', 'amount_minor'])
        .where('brand_id', '=', fx.brandId)
        .where('day', '=', '2026-03-02')
        .executeTakeFirstOrThrow();
      expect(day.amount_minor).toBeGreaterThanOrEqual(120n);
    });

    it('is in the reward centre, and claiming it posts a `rebate` entry', async () => {
      const list = await get(player.token, '/wps/member/rewards?status=unclaimed');
      const rebate = (
        list.json() as { value: { list: { id: string; amountMinor: string; title: string }[] } }
      ).value.list.find((reward) => reward.title.startsWith('Daily rebate'));
      expect(rebate).toMatchObject({ amountMinor: '120', title: 'Daily rebate 2026-03-02' });
      const claim = await test.app.inject({
        method: 'POST',
        url: `/wps/member/rewards/${rebate?.id}/claim`,
        headers: { authorization: `Bearer ${player.token}`, 'idempotency-key': `claim-${rebate?.id}` },
      });
      expect(claim.statusCode, claim.body).toBe(200);
      const entry = await test.database.db
        .selectFrom('journal_entries')
        .select('kind')
        .where('idempotency_key', '=', `reward:${rebate?.id}:claim`)
        .executeTakeFirstOrThrow();
      expect(entry.kind).toBe('rebate');
    });

    it("lists the member's rebate history with its parts and the reward's state", async () => {
      const response = await get(player.token, '/wps/member/rebates');
      expect(response.statusCode, response.body).toBe(200);
      const value = rebateListResponse.parse(response.json()).value;
      expect(value.total).toBe(1);
      expect(value.totalAmountMinor).toBe('120');
      expect(value.list[0]).toMatchObject({
        day: '2026-03-02',
        rankLevel: 0,
        validTurnoverMinor: '140000',
        amountMinor: '120',
        status: 'claimed',
      });
      expect(value.list[0]?.parts).toEqual([
        { gameType: 'RNG', validTurnoverMinor: '100000', rateBp: 10, amountMinor: '100' },
        { gameType: 'TG', validTurnoverMinor: '40000', rateBp: 5, amountMinor: '20' },
      ]);
    });
  });

  describe('personal P/L', () => {
    it('adds up the rounds played per day and game type, with the day’s rebate beside the net', async () => {
      const response = await get(player.token, '/wps/member/profit?from=2026-03-01&to=2026-03-03');
      expect(response.statusCode, response.body).toBe(200);
      const value = profitResponse.parse(response.json()).value;
      expect(value.days.map((day) => day.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
      expect(value.days[1]).toEqual({
        day: '2026-03-02',
        stakeMinor: '140000',
        validTurnoverMinor: '140000',
        payoutMinor: '130000',
        netMinor: '-10000',
        rounds: 2,
        rebateMinor: '120',
      });
      expect(value.days[0]).toMatchObject({ stakeMinor: '0', rounds: 0, rebateMinor: '0' });
      expect(value.gameTypes).toEqual([
        {
          gameType: 'RNG',
          stakeMinor: '100000',
          validTurnoverMinor: '100000',
          payoutMinor: '50000',
          netMinor: '-50000',
          rounds: 1,
        },
        {
          gameType: 'TG',
          stakeMinor: '40000',
          validTurnoverMinor: '40000',
          payoutMinor: '80000',
          netMinor: '40000',
          rounds: 1,
        },
      ]);
      expect(value.totals).toMatchObject({ netMinor: '-10000', rounds: 2, rebateMinor: '120' });
      expect(value.currencySymbol).toBe('₹');
    });

    it('counts only the member’s own rounds, by UTC day', async () => {
      const response = await get(trial.token, '/wps/member/profit?from=2026-03-02&to=2026-03-02');
      expect(profitResponse.parse(response.json()).value.totals).toMatchObject({
        stakeMinor: '100000',
        netMinor: '-100000',
        rounds: 1,
        rebateMinor: '0',
      });
    });

    it.each([
      ['from=2026-03-05&to=2026-03-01', 'from after to'],
      ['from=2026-02-30&to=2026-03-01', 'not a day'],
      ['from=2025-01-01&to=2026-03-01', 'more than 92 days'],
    ])('refuses %s (%s) with 400 date_range_invalid', async (query) => {
      const response = await get(player.token, `/wps/member/profit?${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorEnvelope.parse(response.json()).message).toBe('date_range_invalid');
    });

    it('refuses a malformed query with a 400 and a visitor with 401', async () => {
      expect((await get(player.token, '/wps/member/profit?from=yesterday&to=today')).statusCode).toBe(400);
      const visitor = await get(null, '/wps/member/profit?from=2026-03-01&to=2026-03-02');
      expect(visitor.statusCode).toBe(401);
      expect(errorEnvelope.parse(visitor.json()).message).toBe('not_logged_in');
    });
  });

  describe('VIP progression', () => {
    let climber: LoyaltyMember;
    const vipRewards = async (memberId: bigint) =>
      (await fx.rewards(memberId))
        .filter((reward) => reward.source.startsWith('vip_'))
        .map((reward) => [reward.source_key ?? '', reward.amount_minor] as const);

    it('raises a member at once when its 30-day turnover reaches a level, with each level’s bonus once', async () => {
      climber = await fx.member();
      walkTo(at('04T10:00:00.000'));
      // ₹21,000 of slots: Silver (₹20,000), past Bronze.
      await fx.round(climber.id, 'RNG', 2_100_000n, 0n, at('04T09:30:00.000'));
      await test.app.jobs.runNow(VIP_JOB);
      await test.app.jobs.runNow(VIP_JOB);
      expect(await fx.level(climber.id)).toBe(2);
      expect(await vipRewards(climber.id)).toEqual([
        [`vip_upgrade:${climber.id}:1`, 5_000n],
        [`vip_upgrade:${climber.id}:2`, 15_000n],
        [`vip_monthly:${climber.id}:2026-03`, 5_000n],
      ]);
    });

    it('shows the progress to the next level and what each level gives', async () => {
      const response = await get(climber.token, '/wps/member/rank?language=EN');
      const value = memberRankResponse.parse(response.json()).value;
      expect(value.rankLevel).toBe(2);
      // The club label the header shows follows the raise (the ladder's name of level 2).
      expect(value.clubLabelName).toBe(value.ladder[2]?.name);
      expect(value.progress).toEqual({ rule: 'any', turnover30dMinor: '2100000', depositsMinor: '0' });
      expect(value.ladder[3]?.requirements).toEqual({
        turnover30dMinor: '5000000',
        depositsMinor: '2500000',
      });
      expect(value.ladder[3]).toMatchObject({ upgradeBonusMinor: '30000', monthlyRewardMinor: '10000' });
      expect(value.ladder[3]?.benefits.slice(0, 3)).toEqual([
        'Daily rebate on valid turnover: Slots 0.40%, Cards 0.35%, Table games 0.35%, Fishing 0.30%, Live casino 0.30%, Sports 0.20%',
        '₹300.00 upgrade bonus, once, when you reach this level',
        '₹100.00 monthly reward every month at this level',
      ]);
      // Every level's list differs.
      const lists = value.ladder.map((level) => level.benefits.join('|'));
      expect(new Set(lists).size).toBe(lists.length);
      const hindi = memberRankResponse.parse(
        (await get(climber.token, '/wps/member/rank?language=HI')).json(),
      );
      expect(hindi.value.ladder[3]?.benefits[1]).toBe('यह स्तर पाने पर एक बार ₹300.00 अपग्रेड बोनस');
    });

    it('counts lifetime deposits too (the brand’s rule is `any`), and grants only the new level’s bonus', async () => {
      await fx.deposit(climber.id, '2026-03-04', 2_500_000n);
      await test.app.jobs.runNow(VIP_JOB);
      await test.app.jobs.runNow(VIP_JOB);
      expect(await fx.level(climber.id)).toBe(3);
      expect((await vipRewards(climber.id)).slice(3)).toEqual([[`vip_upgrade:${climber.id}:3`, 30_000n]]);
    });

    it('never lowers a level: an operator-set level stands, without upgrade bonuses', async () => {
      const raised = await fx.member();
      await test.database.db
        .updateTable('members')
        .set({ rank_level: 5 })
        .where('id', '=', raised.id)
        .execute();
      await fx.round(raised.id, 'RNG', 600_000n, 0n, at('04T10:00:00.000'));
      await test.app.jobs.runNow(VIP_JOB);
      expect(await fx.level(raised.id)).toBe(5);
      expect((await vipRewards(raised.id)).filter(([key]) => key.startsWith('vip_upgrade'))).toEqual([]);
    });

    it('grants each month’s reward once per member, at the level held', async () => {
      walkTo(new Date('2026-04-01T00:30:00.000Z'));
      await test.app.jobs.runNow(VIP_JOB);
      await test.app.jobs.runNow(VIP_JOB);
      const monthly = (await vipRewards(climber.id)).filter(([key]) => key.startsWith('vip_monthly'));
      expect(monthly).toEqual([
        [`vip_monthly:${climber.id}:2026-03`, 5_000n],
        [`vip_monthly:${climber.id}:2026-04`, 10_000n],
      ]);
    });
  });

  describe('the dev hook (DEV_INBOX)', () => {
    it("pays today's rebate at once, and the day's own run later pays nothing more", async () => {
      const today = await fx.member();
      walkTo(new Date('2026-04-02T10:00:00.000Z'));
      await fx.round(today.id, 'RNG', 500_000n, 0n, new Date('2026-04-02T09:10:00.000Z'));
      const response = await test.app.inject({ method: 'POST', url: '/dev/loyalty/run-now' });
      expect(response.statusCode, response.body).toBe(200);
      // The hook re-evaluates levels first: ₹5,000 of turnover is Bronze, whose slots rate is 0.20 %.
      expect(await fx.level(today.id)).toBe(1);
      expect(await rebateRewards(today.id)).toEqual([
        { source: 'rebate', source_key: `rebate:${today.id}:2026-04-02`, amount_minor: 1_000n },
      ]);
      await fx.round(today.id, 'RNG', 500_000n, 0n, new Date('2026-04-02T11:00:00.000Z'));
      walkTo(new Date('2026-04-03T01:00:00.000Z'));
      await test.app.jobs.runNow(REBATE_JOB);
      expect(await rebateRewards(today.id)).toHaveLength(1);
    });
  });
});
