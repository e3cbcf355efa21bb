import type { RewardStatus } from '@lotus/shared/rewards.schema';
import { sql } from 'kysely';
import type { MemberRewardRow, RewardSource } from '../../db/tables/rewards.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

export type NewReward = {
  brandId: bigint;
  memberId: bigint;
  titleEn: string;
  titleHi: string;
  amountMinor: bigint;
  currency: string;
  grantedAt: Date;
  expiresAt: Date | null;
  grantedBy: bigint | null;
  promotionId?: bigint | null;
  source?: RewardSource;
  sourceKey?: string | null;
};

function rowOf(reward: NewReward) {
  return {
    brand_id: reward.brandId,
    member_id: reward.memberId,
    title_en: reward.titleEn,
    title_hi: reward.titleHi,
    amount_minor: reward.amountMinor,
    currency: reward.currency,
    granted_at: reward.grantedAt,
    expires_at: reward.expiresAt,
    granted_by: reward.grantedBy,
    promotion_id: reward.promotionId ?? null,
    source: reward.source ?? 'operator',
    source_key: reward.sourceKey ?? null,
  };
}

/**
 * SQL of the reward centre (migration 0011_rewards). "Expired" is not stored: it is an unclaimed row whose
 * `expires_at` is at or before `now`, the service's clock, passed in so tests can move time.
 */
export class RewardsRepository<E extends Executor = Executor> extends Repository<E> {
  /** The id of the brand with this code (the operator CLI's `--brand`). */
  async brandIdByCode(code: string): Promise<bigint | undefined> {
    const row = await this.db.selectFrom('brands').select('id').where('code', '=', code).executeTakeFirst();
    return row?.id;
  }

  #byStatus(memberId: bigint, status: RewardStatus, now: Date) {
    const base = this.db.selectFrom('member_rewards').where('member_id', '=', memberId);
    if (status === 'claimed') return base.where('claimed_at', 'is not', null);
    const unclaimed = base.where('claimed_at', 'is', null);
    if (status === 'expired') return unclaimed.where('expires_at', '<=', now);
    return unclaimed.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  }

  /** One page of the member's rewards of a status, newest first, and how many there are. */
  async page(
    memberId: bigint,
    status: RewardStatus,
    now: Date,
    page: number,
    pageSize: number,
  ): Promise<{ rows: MemberRewardRow[]; total: number }> {
    const rows = await this.#byStatus(memberId, status, now)
      .selectAll()
      // Claimed rewards read by when they were claimed; the others by when they were granted.
      .orderBy(status === 'claimed' ? 'claimed_at' : 'granted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const total = await this.count(memberId, status, now);
    return { rows, total };
  }

  async count(memberId: bigint, status: RewardStatus, now: Date): Promise<number> {
    const row = await this.#byStatus(memberId, status, now)
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The reward, locked until the transaction ends, so two claims of it queue and the second sees the first. */
  async lockForClaim(
    this: RewardsRepository<Tx>,
    brandId: bigint,
    rewardId: bigint,
  ): Promise<MemberRewardRow | undefined> {
    return this.db
      .selectFrom('member_rewards')
      .selectAll()
      .where('id', '=', rewardId)
      .where('brand_id', '=', brandId)
      .forUpdate()
      .executeTakeFirst();
  }

  async markClaimed(
    this: RewardsRepository<Tx>,
    rewardId: bigint,
    claimedAt: Date,
    entryId: bigint,
  ): Promise<MemberRewardRow> {
    return this.db
      .updateTable('member_rewards')
      .set({ claimed_at: claimedAt, claim_entry_id: entryId })
      .where('id', '=', rewardId)
      .where('claimed_at', 'is', null)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async insert(this: RewardsRepository<Tx>, reward: NewReward): Promise<MemberRewardRow> {
    return this.db
      .insertInto('member_rewards')
      .values(rowOf(reward))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Inserts a job's reward unless its `sourceKey` was granted before (then `undefined`): the unique index
   * decides, so two runs racing for the same key grant it once.
   */
  async insertOnce(
    this: RewardsRepository<Tx>,
    reward: NewReward & { sourceKey: string },
  ): Promise<MemberRewardRow | undefined> {
    return this.db
      .insertInto('member_rewards')
      .values(rowOf(reward))
      .onConflict((conflict) =>
        conflict.columns(['brand_id', 'source_key']).where('source_key', 'is not', null).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** A member of the brand by username (any case), with what the grant needs to know. */
  async findMember(
    brandId: bigint,
    username: string,
  ): Promise<
    | { id: bigint; username: string; is_trial: boolean; member_type: number; language: string | null }
    | undefined
  > {
    return this.db
      .selectFrom('members')
      .select(['id', 'username', 'is_trial', 'member_type', 'language'])
      .where('brand_id', '=', brandId)
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  }

  async brandCurrency(brandId: bigint): Promise<string> {
    const row = await this.db
      .selectFrom('brands')
      .select('currency')
      .where('id', '=', brandId)
      .executeTakeFirstOrThrow();
    return row.currency;
  }
}
