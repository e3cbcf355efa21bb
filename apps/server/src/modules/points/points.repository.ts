import { NOT_REAL_MEMBER_TYPE } from '@lotus/shared/member-types';
import { sql } from 'kysely';
import { type LedgerAccountRow, POINTS_CURRENCY } from '../../db/tables/ledger.ts';
import type {
  PointsEarnRateRow,
  PointsRedemptionKind,
  PointsRedemptionRow,
  PointsRedemptionStatus,
  PointsRewardKind,
  PointsRewardRow,
  PointsSettingsRow,
} from '../../db/tables/points.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import { isRealAccount } from '../wallet/wallet-rules.ts';

/** What the redemption rules need of the member (SPEC §5: the bound mobile number). */
export type PointsMember = {
  id: bigint;
  brandId: bigint;
  username: string;
  mobile: string | null;
  dialingCode: string | null;
  real: boolean;
};

/** A (member, hour, game type) of `member_betting_hours` with turnover the earn job has not turned into points. */
export type EarnCandidate = {
  memberId: bigint;
  brandId: bigint;
  hour: Date;
  gameType: string;
  rateTurnoverMinor: bigint;
  ratePoints: bigint;
};

export type NewPointsReward = {
  brandId: bigint;
  kind: PointsRewardKind;
  nameEn: string;
  nameHi: string;
  imageUrl: string;
  pointsPrice: bigint;
  cashAmountMinor: bigint | null;
  stock: number;
  enabled: boolean;
  sort: number;
};

export type PointsRewardChange = Partial<Omit<NewPointsReward, 'brandId' | 'kind'>>;

export type NewRedemption = {
  brandId: bigint;
  memberId: bigint;
  kind: PointsRedemptionKind;
  rewardId: bigint | null;
  quantity: number;
  points: bigint;
  cashAmountMinor: bigint | null;
  receivingAddress: string | null;
  mobile: string | null;
  status: PointsRedemptionStatus;
  redeemEntryId: bigint;
  cashEntryId: bigint | null;
};

/** A redemption with its reward's names and the member's username (the lists show them). */
export type RedemptionListRow = PointsRedemptionRow & {
  name_en: string | null;
  name_hi: string | null;
  username: string;
};

/**
 * SQL of points and the points mall (migration 0028_points; the points themselves are ledger accounts of
 * migration 0026). Stock is taken with one conditional update, so concurrent redemptions of the last items
 * queue on the reward's row and the losers find `stock < quantity`.
 */
export class PointsRepository<E extends Executor = Executor> extends Repository<E> {
  /** The brand by id or by code (the operator CLI's `--brand`), with its currency. */
  async brand(by: { id: bigint } | { code: string }): Promise<{ id: bigint; currency: string } | undefined> {
    const query = this.db.selectFrom('brands').select(['id', 'currency']);
    return (
      'id' in by ? query.where('id', '=', by.id) : query.where('code', '=', by.code)
    ).executeTakeFirst();
  }

  async member(memberId: bigint): Promise<PointsMember | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select(['id', 'brand_id', 'username', 'mobile_num', 'country_dialing_code', 'is_trial', 'member_type'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      brandId: row.brand_id,
      username: row.username,
      mobile: row.mobile_num,
      dialingCode: row.country_dialing_code,
      real: isRealAccount(row),
    };
  }

  async memberByUsername(brandId: bigint, username: string): Promise<PointsMember | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select('id')
      .where('brand_id', '=', brandId)
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    return row ? this.member(row.id) : undefined;
  }

  /** The member's points account, if it exists yet (none: no points ever). */
  async findPointsAccount(memberId: bigint): Promise<LedgerAccountRow | undefined> {
    return this.db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('kind', '=', 'member_points')
      .where('currency', '=', POINTS_CURRENCY)
      .executeTakeFirst();
  }

  /** The member's `member_points` account (PTS), created empty on first use. */
  async ensurePointsAccount(this: PointsRepository<Tx>, memberId: bigint): Promise<LedgerAccountRow> {
    const existing = await this.findPointsAccount(memberId);
    if (existing) return existing;
    await this.db
      .insertInto('ledger_accounts')
      .columns(['brand_id', 'kind', 'member_id', 'currency'])
      .expression((eb) =>
        eb
          .selectFrom('members')
          .select([
            'members.brand_id',
            sql<'member_points'>`'member_points'`.as('kind'),
            'members.id',
            sql<string>`${POINTS_CURRENCY}`.as('currency'),
          ])
          .where('members.id', '=', memberId),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const account = await this.findPointsAccount(memberId);
    if (!account) throw new Error(`member ${memberId}: no points account`);
    return account;
  }

  // ---- config ----

  async settings(brandId: bigint): Promise<PointsSettingsRow | undefined> {
    return this.db
      .selectFrom('points_settings')
      .selectAll()
      .where('brand_id', '=', brandId)
      .executeTakeFirst();
  }

  async rates(brandId: bigint): Promise<PointsEarnRateRow[]> {
    return this.db
      .selectFrom('points_earn_rates')
      .selectAll()
      .where('brand_id', '=', brandId)
      .orderBy('game_type')
      .execute();
  }

  /** Replaces the brand's rates and conversion (null: none) in the caller's transaction. */
  async replaceConfig(
    this: PointsRepository<Tx>,
    brandId: bigint,
    convert: { points: bigint; amountMinor: bigint; minPoints: bigint } | null,
    rates: { gameType: string; turnoverMinor: bigint; points: bigint }[],
  ): Promise<void> {
    await this.db.deleteFrom('points_earn_rates').where('brand_id', '=', brandId).execute();
    if (rates.length > 0) {
      await this.db
        .insertInto('points_earn_rates')
        .values(
          rates.map((rate) => ({
            brand_id: brandId,
            game_type: rate.gameType,
            turnover_minor: rate.turnoverMinor,
            points: rate.points,
          })),
        )
        .execute();
    }
    await this.db.deleteFrom('points_settings').where('brand_id', '=', brandId).execute();
    if (convert) {
      await this.db
        .insertInto('points_settings')
        .values({
          brand_id: brandId,
          convert_points: convert.points,
          convert_amount_minor: convert.amountMinor,
          min_convert_points: convert.minPoints,
        })
        .execute();
    }
  }

  // ---- rewards ----

  async rewards(brandId: bigint, enabledOnly: boolean): Promise<PointsRewardRow[]> {
    let query = this.db.selectFrom('points_rewards').selectAll().where('brand_id', '=', brandId);
    if (enabledOnly) query = query.where('enabled', '=', true);
    return query.orderBy('sort').orderBy('id').execute();
  }

  async reward(brandId: bigint, id: bigint): Promise<PointsRewardRow | undefined> {
    return this.db
      .selectFrom('points_rewards')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertReward(this: PointsRepository<Tx>, reward: NewPointsReward): Promise<PointsRewardRow> {
    return this.db
      .insertInto('points_rewards')
      .values({
        brand_id: reward.brandId,
        kind: reward.kind,
        name_en: reward.nameEn,
        name_hi: reward.nameHi,
        image_url: reward.imageUrl,
        points_price: reward.pointsPrice,
        cash_amount_minor: reward.cashAmountMinor,
        stock: reward.stock,
        enabled: reward.enabled,
        sort: reward.sort,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateReward(
    this: PointsRepository<Tx>,
    brandId: bigint,
    id: bigint,
    change: PointsRewardChange,
  ): Promise<PointsRewardRow | undefined> {
    return this.db
      .updateTable('points_rewards')
      .set({
        ...(change.nameEn === undefined ? {} : { name_en: change.nameEn }),
        ...(change.nameHi === undefined ? {} : { name_hi: change.nameHi }),
        ...(change.imageUrl === undefined ? {} : { image_url: change.imageUrl }),
        ...(change.pointsPrice === undefined ? {} : { points_price: change.pointsPrice }),
        ...(change.cashAmountMinor === undefined ? {} : { cash_amount_minor: change.cashAmountMinor }),
        ...(change.stock === undefined ? {} : { stock: change.stock }),
        ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
        ...(change.sort === undefined ? {} : { sort: change.sort }),
        updated_at: sql<Date>`now()`,
      })
      .where('brand_id', '=', brandId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Takes `quantity` of an enabled reward's stock in one statement: the row lock queues concurrent takers
   * and each re-checks `stock >= quantity` on the newest row, so stock never oversells. Undefined: not
   * enough left (or the reward is gone or disabled; the caller tells which).
   */
  async takeStock(
    this: PointsRepository<Tx>,
    brandId: bigint,
    id: bigint,
    quantity: number,
  ): Promise<PointsRewardRow | undefined> {
    return this.db
      .updateTable('points_rewards')
      .set({ stock: sql<number>`stock - ${quantity}`, updated_at: sql<Date>`now()` })
      .where('brand_id', '=', brandId)
      .where('id', '=', id)
      .where('enabled', '=', true)
      .where('stock', '>=', quantity)
      .returningAll()
      .executeTakeFirst();
  }

  async returnStock(this: PointsRepository<Tx>, id: bigint, quantity: number): Promise<void> {
    await this.db
      .updateTable('points_rewards')
      .set({ stock: sql<number>`stock + ${quantity}`, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  // ---- redemptions ----

  async insertRedemption(this: PointsRepository<Tx>, row: NewRedemption): Promise<PointsRedemptionRow> {
    return this.db
      .insertInto('points_redemptions')
      .values({
        brand_id: row.brandId,
        member_id: row.memberId,
        kind: row.kind,
        reward_id: row.rewardId,
        quantity: row.quantity,
        points: row.points,
        cash_amount_minor: row.cashAmountMinor,
        receiving_address: row.receivingAddress,
        mobile: row.mobile,
        status: row.status,
        redeem_entry_id: row.redeemEntryId,
        cash_entry_id: row.cashEntryId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  #listed() {
    return this.db
      .selectFrom('points_redemptions as r')
      .leftJoin('points_rewards as w', 'w.id', 'r.reward_id')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .selectAll('r')
      .select(['w.name_en', 'w.name_hi', 'm.username']);
  }

  async redemption(brandId: bigint, id: bigint): Promise<RedemptionListRow | undefined> {
    return this.#listed().where('r.brand_id', '=', brandId).where('r.id', '=', id).executeTakeFirst();
  }

  /** The redemption's row, locked for a review (approve, reject, mark redeemed). */
  async lockRedemption(
    this: PointsRepository<Tx>,
    brandId: bigint,
    id: bigint,
  ): Promise<PointsRedemptionRow | undefined> {
    return this.db
      .selectFrom('points_redemptions')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async review(
    this: PointsRepository<Tx>,
    id: bigint,
    change: {
      status: PointsRedemptionStatus;
      reviewedBy: string;
      rejectReason?: string;
      returnEntryId?: bigint;
    },
  ): Promise<void> {
    await this.db
      .updateTable('points_redemptions')
      .set({
        status: change.status,
        reviewed_by: change.reviewedBy,
        reviewed_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
        ...(change.rejectReason === undefined ? {} : { reject_reason: change.rejectReason }),
        ...(change.returnEntryId === undefined ? {} : { return_entry_id: change.returnEntryId }),
      })
      .where('id', '=', id)
      .execute();
  }

  /** One page, newest first, of a member's (or, `memberId` null, the brand's) redemptions of a status. */
  async redemptions(filter: {
    brandId: bigint;
    memberId: bigint | null;
    status: PointsRedemptionStatus | undefined;
    page: number;
    pageSize: number;
  }): Promise<{ rows: RedemptionListRow[]; total: number }> {
    let rows = this.#listed().where('r.brand_id', '=', filter.brandId);
    let count = this.db
      .selectFrom('points_redemptions as r')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('r.brand_id', '=', filter.brandId);
    if (filter.memberId !== null) {
      rows = rows.where('r.member_id', '=', filter.memberId);
      count = count.where('r.member_id', '=', filter.memberId);
    }
    if (filter.status !== undefined) {
      rows = rows.where('r.status', '=', filter.status);
      count = count.where('r.status', '=', filter.status);
    }
    const list = await rows
      .orderBy('r.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute();
    const total = Number((await count.executeTakeFirstOrThrow()).n);
    return { rows: list, total };
  }

  // ---- earning ----

  /**
   * Hours from `since` on with at least one whole block of unconsumed valid turnover, of real members
   * whose brand rates the game type; the oldest first, at most `limit`.
   */
  async earnCandidates(since: Date, limit: number): Promise<EarnCandidate[]> {
    const rows = await this.db
      .selectFrom('member_betting_hours as h')
      .innerJoin('members as m', 'm.id', 'h.member_id')
      .innerJoin('points_earn_rates as r', (join) =>
        join.onRef('r.brand_id', '=', 'm.brand_id').onRef('r.game_type', '=', 'h.game_type'),
      )
      .leftJoin('points_earn_progress as p', (join) =>
        join
          .onRef('p.member_id', '=', 'h.member_id')
          .onRef('p.hour', '=', 'h.hour')
          .onRef('p.game_type', '=', 'h.game_type'),
      )
      .select(['h.member_id', 'm.brand_id', 'h.hour', 'h.game_type', 'r.turnover_minor', 'r.points'])
      .where('h.hour', '>=', since)
      .where('m.is_trial', '=', false)
      .where('m.member_type', '<>', NOT_REAL_MEMBER_TYPE)
      .where(
        sql<boolean>`h.valid_turnover_minor - coalesce(p.consumed_turnover_minor, 0) >= r.turnover_minor`,
      )
      .orderBy('h.hour')
      .orderBy('h.member_id')
      .orderBy('h.game_type')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      memberId: row.member_id,
      brandId: row.brand_id,
      hour: new Date(row.hour),
      gameType: row.game_type,
      rateTurnoverMinor: BigInt(row.turnover_minor),
      ratePoints: BigInt(row.points),
    }));
  }

  /**
   * The hour's progress row, created at zero on first use and locked: two earn runs of the same hour queue
   * here, and the second sees what the first consumed. Answers the hour's valid turnover and what is consumed.
   */
  async lockEarnHour(
    this: PointsRepository<Tx>,
    memberId: bigint,
    hour: Date,
    gameType: string,
  ): Promise<{ validTurnoverMinor: bigint; consumedTurnoverMinor: bigint; points: bigint } | undefined> {
    await this.db
      .insertInto('points_earn_progress')
      .values({ member_id: memberId, hour, game_type: gameType })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const progress = await this.db
      .selectFrom('points_earn_progress')
      .select(['consumed_turnover_minor', 'points'])
      .where('member_id', '=', memberId)
      .where('hour', '=', hour)
      .where('game_type', '=', gameType)
      .forUpdate()
      .executeTakeFirst();
    const played = await this.db
      .selectFrom('member_betting_hours')
      .select('valid_turnover_minor')
      .where('member_id', '=', memberId)
      .where('hour', '=', hour)
      .where('game_type', '=', gameType)
      .executeTakeFirst();
    if (!progress || !played) return undefined;
    return {
      validTurnoverMinor: BigInt(played.valid_turnover_minor),
      consumedTurnoverMinor: BigInt(progress.consumed_turnover_minor),
      points: BigInt(progress.points),
    };
  }

  async advanceEarnHour(
    this: PointsRepository<Tx>,
    memberId: bigint,
    hour: Date,
    gameType: string,
    consumedTurnoverMinor: bigint,
    points: bigint,
  ): Promise<void> {
    await this.db
      .updateTable('points_earn_progress')
      .set({ consumed_turnover_minor: consumedTurnoverMinor, points, updated_at: sql<Date>`now()` })
      .where('member_id', '=', memberId)
      .where('hour', '=', hour)
      .where('game_type', '=', gameType)
      .execute();
  }
}
