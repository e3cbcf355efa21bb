import { NOT_REAL_MEMBER_TYPE } from '@lotus/shared/member-types';
import { sql } from 'kysely';
import type { MissionKind, MissionPeriod, MissionRow } from '../../db/tables/missions.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import { type PeriodWindow, utcDay } from './mission-periods.ts';

/** A member's figures over one period window: what every mission kind measures. */
export type PeriodFigures = { rounds: bigint; turnoverMinor: bigint; depositMinor: bigint; newGames: bigint };

export type ClaimRow = { mission_id: bigint; period_start: Date };

export type NewMission = {
  brandId: bigint;
  code: string;
  period: MissionPeriod;
  kind: MissionKind;
  target: bigint;
  rewardMinor: bigint;
  points: number;
  titleEn: string;
  titleHi: string;
  sort: number;
  active: boolean;
};

/** Missions, their claims and the leaderboard (migration 0029). */
export class MissionsRepository<E extends Executor = Executor> extends Repository<E> {
  activeMissions(brandId: bigint): Promise<MissionRow[]> {
    return this.db
      .selectFrom('missions')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('active', '=', true)
      .orderBy('period')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  mission(brandId: bigint, id: bigint): Promise<MissionRow | undefined> {
    return this.db
      .selectFrom('missions')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('id', '=', id)
      .where('active', '=', true)
      .executeTakeFirst();
  }

  /**
   * The member's rounds, valid turnover, deposits and games never played before, over `[start, end)`, from
   * the aggregates the money path keeps (member_betting_hours, member_activity_days) and the settled rounds.
   */
  async figures(memberId: bigint, window: PeriodWindow): Promise<PeriodFigures> {
    const { start, end } = window;
    const result = await sql<{ rounds: string; turnover: string; deposit: string; new_games: string }>`
      select
        (select coalesce(sum(rounds), 0)::text from member_betting_hours
          where member_id = ${memberId} and hour >= ${start} and hour < ${end}) as rounds,
        (select coalesce(sum(valid_turnover_minor), 0)::text from member_betting_hours
          where member_id = ${memberId} and hour >= ${start} and hour < ${end}) as turnover,
        (select coalesce(sum(deposited_minor), 0)::text from member_activity_days
          where member_id = ${memberId} and day >= ${utcDay(start)}::date and day < ${utcDay(end)}::date) as deposit,
        (select count(distinct r.game_id)::text from game_rounds r
          where r.member_id = ${memberId} and r.status = 'settled' and r.game_id is not null
            and r.settled_at >= ${start} and r.settled_at < ${end}
            and not exists (select 1 from game_rounds p where p.member_id = r.member_id
              and p.game_id = r.game_id and p.status = 'settled' and p.settled_at < ${start})) as new_games
    `.execute(this.db);
    const row = result.rows[0];
    return {
      rounds: BigInt(row?.rounds ?? 0),
      turnoverMinor: BigInt(row?.turnover ?? 0),
      depositMinor: BigInt(row?.deposit ?? 0),
      newGames: BigInt(row?.new_games ?? 0),
    };
  }

  /** The member's claims of periods starting at or after `since`. */
  claimsSince(memberId: bigint, since: Date): Promise<ClaimRow[]> {
    return this.db
      .selectFrom('mission_claims')
      .select(['mission_id', 'period_start'])
      .where('member_id', '=', memberId)
      .where('period_start', '>=', since)
      .execute();
  }

  /** The claim of (member, mission, period), or nothing when another request or run made it first. */
  async insertClaim(
    this: MissionsRepository<Tx>,
    claim: {
      brandId: bigint;
      memberId: bigint;
      missionId: bigint;
      periodStart: Date;
      points: number;
      claimedBy: 'member' | 'job';
      claimedAt: Date;
    },
  ): Promise<bigint | undefined> {
    const row = await this.db
      .insertInto('mission_claims')
      .values({
        brand_id: claim.brandId,
        member_id: claim.memberId,
        mission_id: claim.missionId,
        period_start: claim.periodStart,
        points: claim.points,
        claimed_by: claim.claimedBy,
        claimed_at: claim.claimedAt,
      })
      .onConflict((conflict) => conflict.columns(['member_id', 'mission_id', 'period_start']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async setClaimReward(this: MissionsRepository<Tx>, claimId: bigint, rewardId: bigint): Promise<void> {
    await this.db
      .updateTable('mission_claims')
      .set({ reward_id: rewardId })
      .where('id', '=', claimId)
      .execute();
  }

  /** The week's ranking by mission points: ties share a rank (the earlier claimant listed first). */
  async leaderboard(
    brandId: bigint,
    window: PeriodWindow,
    limit: number,
  ): Promise<{ member_id: bigint; username: string; points: number; rank: number }[]> {
    const result = await sql<{ member_id: string; username: string; points: string; rank: string }>`
      select t.member_id::text, m.username, t.points::text, t.rank::text from (
        select member_id, sum(points) as points, min(claimed_at) as first_at,
          rank() over (order by sum(points) desc) as rank
        from mission_claims
        where brand_id = ${brandId} and period_start >= ${window.start} and period_start < ${window.end}
        group by member_id having sum(points) > 0
      ) t join members m on m.id = t.member_id
      order by t.rank, t.first_at, t.member_id
      limit ${limit}
    `.execute(this.db);
    return result.rows.map((row) => ({
      member_id: BigInt(row.member_id),
      username: row.username,
      points: Number(row.points),
      rank: Number(row.rank),
    }));
  }

  /** The member's points in the window and the number of members with more (their rank minus one). */
  async standing(
    brandId: bigint,
    memberId: bigint,
    window: PeriodWindow,
  ): Promise<{ points: number; ahead: number }> {
    const result = await sql<{ points: string; ahead: string }>`
      with totals as (
        select member_id, sum(points) as points from mission_claims
        where brand_id = ${brandId} and period_start >= ${window.start} and period_start < ${window.end}
        group by member_id
      ), mine as (select coalesce((select points from totals where member_id = ${memberId}), 0) as points)
      select mine.points::text as points,
        (select count(*) from totals where totals.points > mine.points)::text as ahead
      from mine
    `.execute(this.db);
    const row = result.rows[0];
    return { points: Number(row?.points ?? 0), ahead: Number(row?.ahead ?? 0) };
  }

  /**
   * Real members of the brand with rounds or deposits in the window: the only ones who can have completed
   * a mission of it (the job's candidates), up to `limit` after `afterId`.
   */
  async activeMembers(
    brandId: bigint,
    window: PeriodWindow,
    afterId: bigint,
    limit: number,
  ): Promise<bigint[]> {
    const result = await sql<{ id: string }>`
      select m.id::text from members m
      where m.brand_id = ${brandId} and not m.is_trial and m.member_type <> ${NOT_REAL_MEMBER_TYPE} and m.id > ${afterId}
        and (exists (select 1 from member_betting_hours h where h.member_id = m.id
                       and h.hour >= ${window.start} and h.hour < ${window.end})
          or exists (select 1 from member_activity_days d where d.member_id = m.id and d.deposited_minor > 0
                       and d.day >= ${utcDay(window.start)}::date and d.day < ${utcDay(window.end)}::date))
      order by m.id
      limit ${limit}
    `.execute(this.db);
    return result.rows.map((row) => BigInt(row.id));
  }

  /** Every mission of the brand, active or not (the operator's list). */
  allMissions(brandId: bigint): Promise<MissionRow[]> {
    return this.db
      .selectFrom('missions')
      .selectAll()
      .where('brand_id', '=', brandId)
      .orderBy('period')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** Creates the brand's mission of that code, or changes it (the operator's `missions:set`). */
  upsertMission(this: MissionsRepository<Tx>, mission: NewMission): Promise<MissionRow> {
    const values = {
      period: mission.period,
      kind: mission.kind,
      target: mission.target,
      reward_minor: mission.rewardMinor,
      points: mission.points,
      title_en: mission.titleEn,
      title_hi: mission.titleHi,
      sort: mission.sort,
      active: mission.active,
    };
    return this.db
      .insertInto('missions')
      .values({ brand_id: mission.brandId, code: mission.code, ...values })
      .onConflict((conflict) => conflict.columns(['brand_id', 'code']).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Brands with at least one active mission (the job's outer loop). */
  async brandsWithMissions(): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('missions')
      .select('brand_id')
      .distinct()
      .where('active', '=', true)
      .execute();
    return rows.map((row) => row.brand_id);
  }
}
