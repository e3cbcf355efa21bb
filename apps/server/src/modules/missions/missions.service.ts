import {
  LEADERBOARD_SIZE,
  type MissionClaim,
  type MissionLeaderboard,
  type MissionStatus,
  type MissionSummary,
  type MissionView,
} from '@lotus/shared/missions.schema';
import { minorToDecimal } from '@lotus/shared/money';
import type { MissionPeriod, MissionRow } from '../../db/tables/missions.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PromotionsApi } from '../promotions/promotions-module.ts';
import { maskName, type PeriodWindow, periodWindow, smallerOf } from './mission-periods.ts';
import { MissionsRepository, type PeriodFigures } from './missions.repository.ts';

export const GRANT_JOB = 'missions.grant-ended';
export const GRANT_EVERY_MS = 5 * 60_000;
/** Members a job pass looks at per brand and period, in pages. */
const JOB_PAGE = 200;

/** The reward centre's key of a mission's reward: once per (member, mission, period). */
export const missionRewardKey = (memberId: bigint, missionId: bigint, periodStart: Date) =>
  `mission:${memberId}:${missionId}:${periodStart.toISOString()}`;

function progressOf(mission: MissionRow, figures: PeriodFigures): bigint {
  switch (mission.kind) {
    case 'rounds':
      return figures.rounds;
    case 'turnover':
      return figures.turnoverMinor;
    case 'deposit':
      return figures.depositMinor;
    case 'new_game':
      return figures.newGames;
  }
}

const isoOf = (at: Date) => at.toISOString();

/**
 * Missions (issue 19; docs/missions-referral.md): a brand's daily and weekly tasks, their progress computed
 * on read for the current UTC day or ISO week, the claim (a reward-centre grant, source `mission`, and the
 * mission's points for the leaderboard), and the job that grants what was completed but not claimed once
 * the period is over. A claim is one row per (member, mission, period start): the unique key decides
 * between racing claims and job runs, and the reward centre's source key makes a second grant impossible
 * even so.
 */
export class MissionsService {
  readonly #clock: Clock;
  readonly #rewards: PromotionsApi;
  readonly #uow: UnitOfWork<{ missions: MissionsRepository<Tx>; trx: Tx }>;
  readonly #repository: MissionsRepository;

  constructor(deps: { db: Db; clock: Clock; rewards: PromotionsApi }) {
    this.#clock = deps.clock;
    this.#rewards = deps.rewards;
    this.#uow = new UnitOfWork(deps.db, (trx) => ({ missions: new MissionsRepository(trx), trx }));
    this.#repository = new MissionsRepository(deps.db);
  }

  /** Every active mission with the caller's progress and status in the current period. */
  async summary(actor: Actor, language?: string): Promise<MissionSummary> {
    requireReal(actor);
    const now = this.#clock.now();
    const views = await this.#views(actor.brandId, actor.memberId, now, language ?? actor.language ?? 'EN');
    const week = periodWindow('weekly', now);
    const standing = await this.#repository.standing(actor.brandId, actor.memberId, week);
    return {
      missions: views,
      completeCount: views.filter((view) => view.status === 'complete').length,
      weekPoints: standing.points,
      now: isoOf(now),
    };
  }

  /** SPEC §3 `missionCount`: the caller's missions complete and not yet claimed (the menu badge). */
  async completeCount(actor: Pick<Actor, 'memberId' | 'brandId' | 'kind'>): Promise<number> {
    if (actor.kind !== 'real') return 0;
    const views = await this.#views(actor.brandId, actor.memberId, this.#clock.now(), 'EN');
    return views.filter((view) => view.status === 'complete').length;
  }

  async leaderboard(actor: Actor): Promise<MissionLeaderboard> {
    requireReal(actor);
    const week = periodWindow('weekly', this.#clock.now());
    const [rows, standing] = await Promise.all([
      this.#repository.leaderboard(actor.brandId, week, LEADERBOARD_SIZE),
      this.#repository.standing(actor.brandId, actor.memberId, week),
    ]);
    return {
      periodStart: isoOf(week.start),
      periodEnd: isoOf(week.end),
      list: rows.map((row) => ({
        rank: row.rank,
        name: maskName(row.username),
        points: row.points,
        me: row.member_id === actor.memberId,
      })),
      mine: { rank: standing.points > 0 ? standing.ahead + 1 : null, points: standing.points },
    };
  }

  /**
   * Claims a complete mission of the current period: the claim row and the reward-centre grant in one
   * transaction. Racing claims queue on the claim's unique key; all but the first answer
   * `mission_already_claimed`.
   */
  async claim(actor: Actor, missionId: bigint): Promise<MissionClaim> {
    requireReal(actor);
    const now = this.#clock.now();
    const mission = await this.#repository.mission(actor.brandId, missionId);
    if (!mission) throw new AppError('mission_not_found');
    const window = periodWindow(mission.period, now);
    const figures = await this.#repository.figures(actor.memberId, window);
    if (progressOf(mission, figures) < mission.target) throw new AppError('mission_not_complete');
    const rewardId = await this.#uow.run(async ({ missions, trx }) =>
      this.#grant(
        missions,
        trx,
        { brandId: actor.brandId, memberId: actor.memberId },
        mission,
        window,
        'member',
      ),
    );
    if (rewardId === undefined) throw new AppError('mission_already_claimed');
    return {
      missionId: mission.id.toString(),
      periodStart: isoOf(window.start),
      rewardId: rewardId.toString(),
      rewardMinor: mission.reward_minor.toString(),
      reward: minorToDecimal(mission.reward_minor),
      points: mission.points,
    };
  }

  /**
   * The job: for the daily and weekly periods that ended last (and the one before, in case a run was
   * missed), grants every complete mission nobody claimed. Idempotent: a claimed (member, mission, period)
   * is skipped by its unique key, so a second run grants nothing. Answers how many it granted.
   */
  async grantEnded(now: Date = this.#clock.now()): Promise<number> {
    let granted = 0;
    for (const brandId of await this.#repository.brandsWithMissions()) {
      const missions = await this.#repository.activeMissions(brandId);
      for (const period of ['daily', 'weekly'] as const) {
        const ofPeriod = missions.filter((mission) => mission.period === period);
        if (ofPeriod.length === 0) continue;
        for (const back of [1, 2]) {
          granted += await this.#grantPeriod(brandId, ofPeriod, periodWindow(period, now, back));
        }
      }
    }
    return granted;
  }

  async #grantPeriod(brandId: bigint, missions: MissionRow[], window: PeriodWindow): Promise<number> {
    let granted = 0;
    let afterId = 0n;
    for (;;) {
      const members = await this.#repository.activeMembers(brandId, window, afterId, JOB_PAGE);
      for (const memberId of members) {
        const figures = await this.#repository.figures(memberId, window);
        const complete = missions.filter((mission) => progressOf(mission, figures) >= mission.target);
        if (complete.length === 0) continue;
        granted += await this.#uow.run(async ({ missions: repository, trx }) => {
          let count = 0;
          for (const mission of complete) {
            const rewardId = await this.#grant(
              repository,
              trx,
              { brandId, memberId },
              mission,
              window,
              'job',
            );
            if (rewardId !== undefined) count += 1;
          }
          return count;
        });
      }
      if (members.length < JOB_PAGE) return granted;
      afterId = members[members.length - 1] ?? afterId;
    }
  }

  /** The claim row and its reward; undefined when the (member, mission, period) was claimed before. */
  async #grant(
    repository: MissionsRepository<Tx>,
    trx: Tx,
    who: { brandId: bigint; memberId: bigint },
    mission: MissionRow,
    window: PeriodWindow,
    claimedBy: 'member' | 'job',
  ): Promise<bigint | undefined> {
    const now = this.#clock.now();
    const claimId = await repository.insertClaim({
      ...who,
      missionId: mission.id,
      periodStart: window.start,
      points: mission.points,
      claimedBy,
      claimedAt: now,
    });
    if (claimId === undefined) return undefined;
    const reward = await this.#rewards.grantIn(trx, {
      ...who,
      source: 'mission',
      sourceKey: missionRewardKey(who.memberId, mission.id, window.start),
      titleEn: `Mission: ${mission.title_en}`,
      titleHi: `मिशन: ${mission.title_hi}`,
      amountMinor: mission.reward_minor,
      grantedAt: now,
    });
    // The claim row is new, so its key was never granted: a missing reward means the two disagree.
    if (!reward)
      throw new Error(`mission reward ${mission.id} for member ${who.memberId} was granted before`);
    await repository.setClaimReward(claimId, reward.id);
    return reward.id;
  }

  async #views(brandId: bigint, memberId: bigint, now: Date, language: string): Promise<MissionView[]> {
    const missions = await this.#repository.activeMissions(brandId);
    if (missions.length === 0) return [];
    const windows: Record<MissionPeriod, PeriodWindow> = {
      daily: periodWindow('daily', now),
      weekly: periodWindow('weekly', now),
    };
    const needed = new Set(missions.map((mission) => mission.period));
    const figures = new Map<MissionPeriod, PeriodFigures>();
    for (const period of needed)
      figures.set(period, await this.#repository.figures(memberId, windows[period]));
    const since = new Date(Math.min(windows.daily.start.getTime(), windows.weekly.start.getTime()));
    const claimed = new Set(
      (await this.#repository.claimsSince(memberId, since)).map(
        (claim) => `${claim.mission_id}:${new Date(claim.period_start).getTime()}`,
      ),
    );
    const hindi = language.toUpperCase() === 'HI';
    return missions.map((mission) => {
      const window = windows[mission.period];
      const raw = progressOf(mission, figures.get(mission.period) as PeriodFigures);
      const progress = smallerOf(raw, mission.target);
      const status: MissionStatus = claimed.has(`${mission.id}:${window.start.getTime()}`)
        ? 'claimed'
        : progress >= mission.target
          ? 'complete'
          : 'in_progress';
      return {
        id: mission.id.toString(),
        code: mission.code,
        period: mission.period,
        kind: mission.kind,
        title: hindi ? mission.title_hi : mission.title_en,
        titleEn: mission.title_en,
        titleHi: mission.title_hi,
        target: mission.target.toString(),
        progress: progress.toString(),
        percent: Number((progress * 100n) / mission.target),
        status,
        rewardMinor: mission.reward_minor.toString(),
        reward: minorToDecimal(mission.reward_minor),
        points: mission.points,
        periodStart: isoOf(window.start),
        periodEnd: isoOf(window.end),
      };
    });
  }
}
