import { NOT_REAL_MEMBER_TYPE } from '@lotus/shared/member-types';
import { sql } from 'kysely';
import type { MemberRebateRow, RebateDetail } from '../../db/tables/loyalty.ts';
import type { MemberRewardRow } from '../../db/tables/rewards.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** One member's valid turnover of one game type on one day, with the level the member holds now. */
export type TurnoverRow = {
  memberId: bigint;
  rankLevel: number;
  gameType: string;
  validTurnoverMinor: bigint;
};

/** One (UTC day, game type) of a member's settled rounds. */
export type ProfitRow = {
  day: string;
  gameType: string;
  stakeMinor: bigint;
  validTurnoverMinor: bigint;
  payoutMinor: bigint;
  rounds: number;
};

export type RebateHistoryRow = MemberRebateRow & Pick<MemberRewardRow, 'claimed_at' | 'expires_at'>;

const DAY_MS = 86_400_000;
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
const endOf = (day: string) => new Date(startOf(day).getTime() + DAY_MS);

export class LoyaltyRepository<E extends Executor = Executor> extends Repository<E> {
  /** Brands whose ladder has a rebate rate and whose rebates are on. */
  async rebateBrands(): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('vip_rebate_rates as r')
      .leftJoin('loyalty_settings as s', 's.brand_id', 'r.brand_id')
      .select('r.brand_id')
      .distinct()
      .where('r.rate_bp', '>', 0)
      .where((eb) => eb.or([eb('s.rebates_enabled', 'is', null), eb('s.rebates_enabled', '=', true)]))
      .execute();
    return rows.map((row) => row.brand_id);
  }

  /** The days of `days` the rebate job finished for the brand. */
  async doneDays(brandId: bigint, days: string[]): Promise<Set<string>> {
    if (days.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('rebate_days')
      .select(sql<string>`day::text`.as('day'))
      .where('brand_id', '=', brandId)
      .where('day', 'in', days)
      .execute();
    return new Set(rows.map((row) => row.day));
  }

  /** Every real member's valid turnover per game type on `day` (trial and type-4 accounts get no rebate). */
  async turnoverOfDay(brandId: bigint, day: string): Promise<TurnoverRow[]> {
    const rows = await this.db
      .selectFrom('member_betting_hours as h')
      .innerJoin('members as m', 'm.id', 'h.member_id')
      .select([
        'h.member_id',
        'm.rank_level',
        'h.game_type',
        sql<string>`sum(h.valid_turnover_minor)::text`.as('turnover'),
      ])
      .where('m.brand_id', '=', brandId)
      .where('m.is_trial', '=', false)
      .where('m.member_type', '<>', NOT_REAL_MEMBER_TYPE)
      .where('h.hour', '>=', startOf(day))
      .where('h.hour', '<', endOf(day))
      .groupBy(['h.member_id', 'm.rank_level', 'h.game_type'])
      .orderBy('h.member_id')
      .orderBy('h.game_type')
      .execute();
    return rows.map((row) => ({
      memberId: row.member_id,
      rankLevel: row.rank_level,
      gameType: row.game_type,
      validTurnoverMinor: BigInt(row.turnover),
    }));
  }

  async insertRebate(
    this: LoyaltyRepository<Tx>,
    rebate: {
      brandId: bigint;
      memberId: bigint;
      day: string;
      rankLevel: number;
      validTurnoverMinor: bigint;
      amountMinor: bigint;
      detail: RebateDetail[];
      rewardId: bigint;
    },
  ): Promise<void> {
    await this.db
      .insertInto('member_rebates')
      .values({
        brand_id: rebate.brandId,
        member_id: rebate.memberId,
        day: rebate.day,
        rank_level: rebate.rankLevel,
        valid_turnover_minor: rebate.validTurnoverMinor,
        amount_minor: rebate.amountMinor,
        detail: JSON.stringify(rebate.detail),
        reward_id: rebate.rewardId,
      })
      .execute();
  }

  async markDayDone(
    this: LoyaltyRepository<Tx>,
    brandId: bigint,
    day: string,
    members: number,
    amountMinor: bigint,
  ): Promise<void> {
    await this.db
      .insertInto('rebate_days')
      .values({ brand_id: brandId, day, members, amount_minor: amountMinor })
      .onConflict((conflict) => conflict.columns(['brand_id', 'day']).doNothing())
      .execute();
  }

  /** The member's rebates, newest day first, with their reward's state. */
  async rebatePage(memberId: bigint, page: number, pageSize: number): Promise<RebateHistoryRow[]> {
    const rows = await this.db
      .selectFrom('member_rebates as r')
      .innerJoin('member_rewards as w', 'w.id', 'r.reward_id')
      .selectAll('r')
      .select([sql<string>`r.day::text`.as('day'), 'w.claimed_at', 'w.expires_at'])
      .where('r.member_id', '=', memberId)
      .orderBy('r.day', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return rows;
  }

  async rebateTotals(memberId: bigint): Promise<{ count: number; amountMinor: bigint }> {
    const row = await this.db
      .selectFrom('member_rebates')
      .select([
        sql<string>`count(*)::text`.as('count'),
        sql<string>`coalesce(sum(amount_minor), 0)::text`.as('amount'),
      ])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), amountMinor: BigInt(row.amount) };
  }

  /** The member's settled rounds per (UTC day, game type) over `from`..`to`, both days included. */
  async profitRows(memberId: bigint, from: string, to: string): Promise<ProfitRow[]> {
    const rows = await this.db
      .selectFrom('member_betting_hours')
      .select([
        sql<string>`to_char(hour at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
        'game_type',
        sql<string>`sum(stake_minor)::text`.as('stake'),
        sql<string>`sum(valid_turnover_minor)::text`.as('valid'),
        sql<string>`sum(payout_minor)::text`.as('payout'),
        sql<string>`sum(rounds)::text`.as('rounds'),
      ])
      .where('member_id', '=', memberId)
      .where('hour', '>=', startOf(from))
      .where('hour', '<', endOf(to))
      .groupBy([sql`1`, 'game_type'])
      .execute();
    return rows.map((row) => ({
      day: row.day,
      gameType: row.game_type,
      stakeMinor: BigInt(row.stake),
      validTurnoverMinor: BigInt(row.valid),
      payoutMinor: BigInt(row.payout),
      rounds: Number(row.rounds),
    }));
  }

  /** The rebates granted for the member's days in `from`..`to`. */
  async rebatesOfDays(memberId: bigint, from: string, to: string): Promise<Map<string, bigint>> {
    const rows = await this.db
      .selectFrom('member_rebates')
      .select([sql<string>`day::text`.as('day'), 'amount_minor'])
      .where('member_id', '=', memberId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    return new Map(rows.map((row) => [row.day, row.amount_minor]));
  }

  async currencySymbol(brandId: bigint): Promise<string> {
    const row = await this.db
      .selectFrom('brands')
      .select('currency_symbol')
      .where('id', '=', brandId)
      .executeTakeFirst();
    return row?.currency_symbol ?? '';
  }

  async brandIdByCode(code: string): Promise<bigint | undefined> {
    const row = await this.db.selectFrom('brands').select('id').where('code', '=', code).executeTakeFirst();
    return row?.id;
  }
}
