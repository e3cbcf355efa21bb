import { NOT_REAL_MEMBER_TYPE } from '@lotus/shared/member-types';
import type { VipRequirementRule } from '@lotus/shared/ranks.schema';
import { sql } from 'kysely';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** A member's rank and labels. */
export type MemberStanding = { rankLevel: number; clubLabelName: string | null; memberLabels: string[] };

/** What a level asks and gives (migration 0031), in the brand's currency's minor units. */
export type RungTerms = {
  turnover30dMinor: bigint | null;
  depositsMinor: bigint | null;
  upgradeBonusMinor: bigint;
  monthlyRewardMinor: bigint;
  /** Basis points of valid turnover per game type; a type without one earns no rebate. */
  rebateRates: { gameType: string; rateBp: number }[];
};

/** One rung of the brand's ladder, in both languages it is written in. */
export type RankRung = RungTerms & {
  level: number;
  name: { EN: string; HI: string };
  /** One benefit per line, as the operator typed them. */
  benefits: { EN: string; HI: string };
};

/** The figures a level's requirements are measured against. */
export type StandingFigures = { turnover30dMinor: bigint; depositsMinor: bigint };

/** A member the VIP job looks at: its level now and its figures. */
export type Candidate = StandingFigures & { memberId: bigint; rankLevel: number };

/** How long the rolling turnover window is. */
export const TURNOVER_WINDOW_MS = 30 * 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The first hour counted in the rolling 30 days at `now`: the window is whole hours (the aggregates'
 * grain), so it starts at the hour that contains `now − 30 days`.
 */
export function windowStart(now: Date): Date {
  const start = now.getTime() - TURNOVER_WINDOW_MS;
  return new Date(Math.floor(start / HOUR_MS) * HOUR_MS);
}

export class RanksRepository<E extends Executor = Executor> extends Repository<E> {
  /** Where a member stands on the ladder (SPEC §3 clubLabel / memberLabel); undefined: no such member. */
  async standingOf(memberId: bigint): Promise<MemberStanding | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select(['rank_level', 'club_label_name', 'member_labels'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    return (
      row && {
        rankLevel: row.rank_level,
        clubLabelName: row.club_label_name,
        memberLabels: row.member_labels,
      }
    );
  }

  /** The brand's ladder with each level's terms, lowest level first. */
  async ladderOf(brandId: bigint): Promise<RankRung[]> {
    const [rows, rates] = await Promise.all([
      this.db
        .selectFrom('vip_ranks')
        .select([
          'level',
          'name_en',
          'name_hi',
          'benefits_en',
          'benefits_hi',
          'turnover_30d_minor',
          'deposits_minor',
          'upgrade_bonus_minor',
          'monthly_reward_minor',
        ])
        .where('brand_id', '=', brandId)
        .orderBy('level', 'asc')
        .execute(),
      this.db
        .selectFrom('vip_rebate_rates')
        .select(['level', 'game_type', 'rate_bp'])
        .where('brand_id', '=', brandId)
        .where('rate_bp', '>', 0)
        .orderBy('level')
        .orderBy('rate_bp', 'desc')
        .orderBy('game_type')
        .execute(),
    ]);
    return rows.map((row) => ({
      level: row.level,
      name: { EN: row.name_en, HI: row.name_hi },
      benefits: { EN: row.benefits_en, HI: row.benefits_hi },
      turnover30dMinor: row.turnover_30d_minor,
      depositsMinor: row.deposits_minor,
      upgradeBonusMinor: row.upgrade_bonus_minor,
      monthlyRewardMinor: row.monthly_reward_minor,
      rebateRates: rates
        .filter((rate) => rate.level === row.level)
        .map((rate) => ({ gameType: rate.game_type, rateBp: rate.rate_bp })),
    }));
  }

  /** The brand's rule (`any` when it never set one) and currency symbol. */
  async brandTermsOf(brandId: bigint): Promise<{ rule: VipRequirementRule; currencySymbol: string }> {
    const row = await this.db
      .selectFrom('brands as b')
      .leftJoin('loyalty_settings as s', 's.brand_id', 'b.id')
      .select(['b.currency_symbol', 's.vip_requirement'])
      .where('b.id', '=', brandId)
      .executeTakeFirst();
    return { rule: row?.vip_requirement ?? 'any', currencySymbol: row?.currency_symbol ?? '' };
  }

  /** The member's valid turnover over the rolling 30 days and its lifetime deposits. */
  async figuresOf(memberId: bigint, now: Date): Promise<StandingFigures> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('member_betting_hours')
          .select(sql<string>`coalesce(sum(valid_turnover_minor), 0)::text`.as('t'))
          .where('member_id', '=', memberId)
          .where('hour', '>=', windowStart(now))
          .where('hour', '<=', now)
          .as('turnover'),
        eb
          .selectFrom('member_activity_days')
          .select(sql<string>`coalesce(sum(deposited_minor), 0)::text`.as('d'))
          .where('member_id', '=', memberId)
          .as('deposits'),
      ])
      .executeTakeFirstOrThrow();
    return { turnover30dMinor: BigInt(row.turnover ?? '0'), depositsMinor: BigInt(row.deposits ?? '0') };
  }

  /** Brands that have a ladder (the VIP job's work list). */
  async brandsWithLadder(): Promise<bigint[]> {
    const rows = await this.db.selectFrom('vip_ranks').select('brand_id').distinct().execute();
    return rows.map((row) => row.brand_id);
  }

  /**
   * Real members of the brand (never trial or type-4 accounts) who played since `since` or deposited on or
   * after `sinceDay`, with their level and figures: the members whose level may have changed.
   */
  async candidates(brandId: bigint, now: Date, since: Date, sinceDay: string): Promise<Candidate[]> {
    const rows = await sql<{ id: bigint; rank_level: number; turnover: string; deposits: string }>`
      select m.id, m.rank_level,
             coalesce((select sum(h.valid_turnover_minor) from member_betting_hours h
                        where h.member_id = m.id and h.hour >= ${windowStart(now)} and h.hour <= ${now}), 0)::text
               as turnover,
             coalesce((select sum(a.deposited_minor) from member_activity_days a where a.member_id = m.id), 0)::text
               as deposits
        from members m
       where m.brand_id = ${brandId} and not m.is_trial and m.member_type <> ${NOT_REAL_MEMBER_TYPE}
         and (exists (select 1 from member_betting_hours h where h.member_id = m.id and h.hour >= ${since})
              or exists (select 1 from member_activity_days a
                          where a.member_id = m.id and a.day >= ${sinceDay}::date and a.deposited_minor > 0))
       order by m.id`.execute(this.db);
    return rows.rows.map((row) => ({
      memberId: row.id,
      rankLevel: row.rank_level,
      turnover30dMinor: BigInt(row.turnover),
      depositsMinor: BigInt(row.deposits),
    }));
  }

  /** Real members of the brand at one of `levels` (the monthly rewards' list). */
  async membersAtLevels(
    brandId: bigint,
    levels: number[],
  ): Promise<{ memberId: bigint; rankLevel: number }[]> {
    if (levels.length === 0) return [];
    const rows = await this.db
      .selectFrom('members')
      .select(['id', 'rank_level'])
      .where('brand_id', '=', brandId)
      .where('rank_level', 'in', levels)
      .where('is_trial', '=', false)
      .where('member_type', '<>', NOT_REAL_MEMBER_TYPE)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ memberId: row.id, rankLevel: row.rank_level }));
  }

  /**
   * Raises the member to `level` if it is below it, under the row's lock: the level it had, or undefined
   * when it already stood at or above (another runner got there first, or an operator set it higher).
   */
  async raiseLevel(this: RanksRepository<Tx>, memberId: bigint, level: number): Promise<number | undefined> {
    const before = await this.db
      .selectFrom('members')
      .select('rank_level')
      .where('id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!before || before.rank_level >= level) return undefined;
    // The club label (SPEC §3 clubLabel, shown in the header) names the level: it follows the raise, so the
    // header never says Silver for a Gold member.
    await this.db
      .updateTable('members')
      .set((eb) => ({
        rank_level: level,
        club_label_name: eb.fn.coalesce(
          eb
            .selectFrom('vip_ranks as r')
            .select('r.name_en')
            .whereRef('r.brand_id', '=', 'members.brand_id')
            .where('r.level', '=', level),
          'members.club_label_name',
        ),
      }))
      .where('id', '=', memberId)
      .execute();
    return before.rank_level;
  }

  /** Whether the brand's monthly rewards of `month` (its first day) were all granted. */
  async monthlyDone(brandId: bigint, month: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('vip_monthly_runs')
      .select('members')
      .where('brand_id', '=', brandId)
      .where('month', '=', month)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markMonthlyDone(this: RanksRepository<Tx>, brandId: bigint, month: string, members: number) {
    await this.db
      .insertInto('vip_monthly_runs')
      .values({ brand_id: brandId, month, members })
      .onConflict((conflict) => conflict.columns(['brand_id', 'month']).doNothing())
      .execute();
  }

  async levelExists(brandId: bigint, level: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('vip_ranks')
      .select('level')
      .where('brand_id', '=', brandId)
      .where('level', '=', level)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Changes a level's terms; false when the brand has no such level. */
  async setLevelTerms(
    this: RanksRepository<Tx>,
    brandId: bigint,
    level: number,
    values: {
      turnover_30d_minor?: bigint | null;
      deposits_minor?: bigint | null;
      upgrade_bonus_minor?: bigint;
      monthly_reward_minor?: bigint;
    },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('vip_ranks')
      .set({ ...values, updated_at: new Date() })
      .where('brand_id', '=', brandId)
      .where('level', '=', level)
      .executeTakeFirst();
    return (result.numUpdatedRows ?? 0n) > 0n;
  }

  async setRebateRate(
    this: RanksRepository<Tx>,
    brandId: bigint,
    level: number,
    gameType: string,
    rateBp: number,
  ) {
    await this.db
      .insertInto('vip_rebate_rates')
      .values({ brand_id: brandId, level, game_type: gameType, rate_bp: rateBp })
      .onConflict((conflict) =>
        conflict.columns(['brand_id', 'level', 'game_type']).doUpdateSet({ rate_bp: rateBp }),
      )
      .execute();
  }

  async setRule(this: RanksRepository<Tx>, brandId: bigint, rule: VipRequirementRule) {
    await this.db
      .insertInto('loyalty_settings')
      .values({ brand_id: brandId, vip_requirement: rule })
      .onConflict((conflict) =>
        conflict.column('brand_id').doUpdateSet({ vip_requirement: rule, updated_at: new Date() }),
      )
      .execute();
  }
}
