import {
  MISSIONS_LEADERBOARD_PATH,
  MISSIONS_SUMMARY_PATH,
  type MissionSummary,
  missionLeaderboardResponse,
  missionSummaryResponse,
} from '@lotus/shared/missions.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { missionsFixture } from './missions.fixture.ts';
import { GRANT_JOB } from './missions.service.ts';

type Member = Awaited<ReturnType<WalletFixture['member']>>;
const DAY_MS = 86_400_000;

describe.each(testBackends())('missions [%s]', (backend) => {
  let test: TestApp;
  let fx: WalletFixture;
  let mx: ReturnType<typeof missionsFixture>;
  let game: { id: bigint; vendorId: bigint };
  let other: { id: bigint; vendorId: bigint };

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await walletFixture(test.app, test.database);
    mx = missionsFixture(test.database.db, fx.brandId);
    [game, other] = (await mx.games(2)) as [typeof game, typeof other];
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  async function summary(member: Member, language?: string): Promise<MissionSummary> {
    const response = await test.app.inject({
      method: 'POST',
      url: MISSIONS_SUMMARY_PATH,
      headers: auth(member.token),
      ...(language ? { payload: { language } } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return missionSummaryResponse.parse(response.json()).value;
  }
  const byCode = (value: MissionSummary, code: string) => {
    const found = value.missions.find((mission) => mission.code === code);
    if (!found) throw new Error(`no mission ${code}`);
    return found;
  };
  const claim = (member: Member, id: string) =>
    test.app.inject({ method: 'POST', url: `/wps/member/missions/${id}/claim`, headers: auth(member.token) });

  it('lists the brand missions with progress 0, the period ends and the server time', async () => {
    const member = await fx.member();
    const value = await summary(member);
    expect(value.missions.map((mission) => mission.code)).toEqual([
      'daily-rounds',
      'daily-turnover',
      'daily-new-game',
      'weekly-rounds',
      'weekly-deposit',
    ]);
    expect(value.completeCount).toBe(0);
    expect(value.weekPoints).toBe(0);
    const daily = byCode(value, 'daily-rounds');
    expect(daily).toMatchObject({
      progress: '0',
      target: '3',
      percent: 0,
      status: 'in_progress',
      reward: '10.00',
    });
    expect(new Date(daily.periodEnd).getTime() - new Date(daily.periodStart).getTime()).toBe(DAY_MS);
    const weekly = byCode(value, 'weekly-rounds');
    expect(new Date(weekly.periodEnd).getTime() - new Date(weekly.periodStart).getTime()).toBe(7 * DAY_MS);
    expect(new Date(weekly.periodStart).getUTCDay()).toBe(1);
    expect((await summary(member, 'HI')).missions[0]?.title).toBe('3 राउंड खेलें');
  });

  it('counts settled rounds, turnover, deposits and new games of the current period only', async () => {
    const member = await fx.member();
    // A round of `other` long ago: that game is not new any more.
    await mx.rounds(member.id, other, 1, new Date(Date.now() - 30 * DAY_MS));
    await mx.rounds(member.id, other, 1, new Date());
    let value = await summary(member);
    expect(byCode(value, 'daily-rounds')).toMatchObject({ progress: '1', percent: 33 });
    expect(byCode(value, 'daily-new-game')).toMatchObject({ progress: '0', status: 'in_progress' });

    await mx.rounds(member.id, game, 2, new Date(), 25_000n);
    await mx.deposited(member.id, new Date(), 40_000n);
    value = await summary(member);
    expect(byCode(value, 'daily-rounds')).toMatchObject({ progress: '3', percent: 100, status: 'complete' });
    expect(byCode(value, 'daily-turnover')).toMatchObject({ progress: '50000', status: 'complete' });
    expect(byCode(value, 'daily-new-game')).toMatchObject({ progress: '1', status: 'complete' });
    expect(byCode(value, 'weekly-deposit')).toMatchObject({ progress: '40000', percent: 40 });
    expect(value.completeCount).toBe(3);

    // The member-centre badge (SPEC §3 missionCount) beside the message and reward counts.
    const counts = await test.app.inject({
      method: 'POST',
      url: '/wps/relay/CSP_unreadCount',
      headers: auth(member.token),
    });
    expect(counts.json().value).toMatchObject({ missionCount: 3 });
  });

  it('claims a complete mission once: a reward-centre grant and the points; then 409', async () => {
    const member = await fx.member();
    await mx.rounds(member.id, game, 3, new Date());
    const id = await mx.missionId('daily-rounds');
    const first = await claim(member, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ missionId: id, reward: '10.00', points: 10 });

    const again = await claim(member, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('mission_already_claimed');

    const rewards = await mx.rewards(member.id, 'mission');
    expect(rewards).toHaveLength(1);
    expect(rewards[0]?.amount_minor).toBe(1_000n);
    const value = await summary(member);
    expect(byCode(value, 'daily-rounds').status).toBe('claimed');
    expect(value.weekPoints).toBe(10);
    // Still to claim: the game was new to the member, so "try a new game" is complete too.
    expect(value.completeCount).toBe(1);

    // The reward waits in the reward centre; claiming it there pays `mission_reward`.
    const reward = await test.app.inject({
      method: 'POST',
      url: `/wps/member/rewards/${rewards[0]?.id}/claim`,
      headers: { ...auth(member.token), 'idempotency-key': `mission-${id}-${member.id}` },
    });
    expect(reward.statusCode, reward.body).toBe(200);
    expect(await fx.main(member.id)).toBe(1_000n);
    expect(await fx.entriesOfKind('mission_reward')).toBeGreaterThanOrEqual(1);
  });

  it('refuses what is not complete, unknown missions, bad ids, visitors and trial accounts', async () => {
    const member = await fx.member();
    const notComplete = await claim(member, await mx.missionId('weekly-rounds'));
    expect(notComplete.statusCode).toBe(409);
    expect(notComplete.json().message).toBe('mission_not_complete');
    const unknown = await claim(member, '999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('mission_not_found');
    const bad = await claim(member, 'abc');
    expect(bad.statusCode).toBe(400);
    const visitor = await test.app.inject({ method: 'POST', url: MISSIONS_SUMMARY_PATH });
    expect(visitor.statusCode).toBe(401);
    const trial = await fx.member();
    await fx.setTrial(trial.id, true);
    for (const url of [MISSIONS_SUMMARY_PATH, MISSIONS_LEADERBOARD_PATH]) {
      const response = await test.app.inject({ method: 'POST', url, headers: auth(trial.token) });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('in_need_true_account');
    }
  });

  it("ranks the week's mission points with masked names and the caller's own rank", async () => {
    const leader = await fx.member();
    const runner = await fx.member();
    const idle = await fx.member();
    await mx.rounds(leader.id, game, 3, new Date(), 25_000n);
    await mx.rounds(runner.id, game, 3, new Date());
    for (const code of ['daily-rounds', 'daily-turnover']) {
      expect((await claim(leader, await mx.missionId(code))).statusCode).toBe(200);
    }
    expect((await claim(runner, await mx.missionId('daily-rounds'))).statusCode).toBe(200);

    const board = async (member: Member) => {
      const response = await test.app.inject({
        method: 'POST',
        url: MISSIONS_LEADERBOARD_PATH,
        headers: auth(member.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return missionLeaderboardResponse.parse(response.json()).value;
    };
    const seen = await board(runner);
    const names = seen.list.map((entry) => entry.name);
    expect(names).toContain(`${leader.username.slice(0, 2)}***${leader.username.slice(-1)}`);
    expect(names.join(' ')).not.toContain(leader.username);
    const leaderRow = seen.list.find((entry) => entry.points === 30 && !entry.me);
    const mine = seen.list.find((entry) => entry.me);
    expect(leaderRow).toBeDefined();
    expect(mine?.points).toBe(10);
    expect(seen.mine.points).toBe(10);
    expect(seen.mine.rank).toBe(mine?.rank);
    expect((leaderRow?.rank ?? 99) < (mine?.rank ?? 0)).toBe(true);
    expect((await board(idle)).mine).toEqual({ rank: null, points: 0 });
  });

  it('grants complete missions nobody claimed once their period ended; a second run grants nothing', async () => {
    const member = await fx.member();
    const lazy = await fx.member();
    const yesterday = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS + 3_600_000);
    await mx.rounds(member.id, game, 3, yesterday);
    // Not enough rounds, and a game played before (a month ago): nothing to grant.
    await mx.rounds(lazy.id, game, 1, new Date(Date.now() - 30 * DAY_MS));
    await mx.rounds(lazy.id, game, 2, yesterday);
    await test.app.jobs.runNow(GRANT_JOB);
    await test.app.jobs.runNow(GRANT_JOB);
    // Three rounds, and of a game the member had never played: the daily rounds and new-game missions.
    const rewards = await mx.rewards(member.id, 'mission');
    expect(rewards.map((reward) => reward.amount_minor)).toEqual([1_000n, 500n]);
    expect(rewards[0]?.source_key).toContain(`mission:${member.id}:`);
    expect(await mx.rewards(lazy.id, 'mission')).toHaveLength(0);
    const claims = await test.database.db
      .selectFrom('mission_claims')
      .select(['claimed_by', 'period_start', 'points'])
      .where('member_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(claims).toHaveLength(2);
    expect(claims[0]).toMatchObject({ claimed_by: 'job', points: 10 });
    expect(new Date(claims[0]?.period_start ?? 0).getTime()).toBe(
      Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS,
    );
    // Yesterday's mission does not show as today's.
    expect(byCode(await summary(member), 'daily-rounds').status).toBe('in_progress');
  });
});
