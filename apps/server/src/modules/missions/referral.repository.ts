import { NOT_REAL_MEMBER_TYPE } from '@lotus/shared/member-types';
import { sql } from 'kysely';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

export type ReferralRule = { shareBps: number; minDepositMinor: bigint; capMinor: bigint };
export type FriendRow = {
  username: string;
  createdAt: Date;
  firstDeposit: boolean;
  earnedMinor: bigint;
};
/** A friend whose first approved deposit qualifies and whose referral reward was not granted yet. */
export type DueFriend = { friendId: bigint; referrerId: bigint; username: string; firstDepositMinor: bigint };

/** The reward centre's key of a friend's referral reward: one per friend, ever. */
export const referralRewardKey = (friendId: bigint) => `referral:${friendId}`;

/** Referral codes, the brand's rule and the friends a member brought (migration 0029). */
export class ReferralRepository<E extends Executor = Executor> extends Repository<E> {
  async codeOf(memberId: bigint): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('referral_codes')
      .select('code')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row?.code;
  }

  async rule(brandId: bigint): Promise<ReferralRule | undefined> {
    const row = await this.db
      .selectFrom('referral_rules')
      .selectAll()
      .where('brand_id', '=', brandId)
      .executeTakeFirst();
    return row
      ? { shareBps: row.share_bps, minDepositMinor: row.min_deposit_minor, capMinor: row.cap_minor }
      : undefined;
  }

  /** Sets the brand's rule (the operator's `referral:rule`). */
  async setRule(this: ReferralRepository<Tx>, brandId: bigint, rule: ReferralRule, at: Date): Promise<void> {
    const values = {
      share_bps: rule.shareBps,
      min_deposit_minor: rule.minDepositMinor,
      cap_minor: rule.capMinor,
      updated_at: at,
    };
    await this.db
      .insertInto('referral_rules')
      .values({ brand_id: brandId, ...values })
      .onConflict((conflict) => conflict.column('brand_id').doUpdateSet(values))
      .execute();
  }

  /** Brands with a referral rule (the job's outer loop; the flag is checked by the caller). */
  async brandsWithRules(): Promise<bigint[]> {
    const rows = await this.db.selectFrom('referral_rules').select('brand_id').execute();
    return rows.map((row) => row.brand_id);
  }

  /** The friends who registered with the member's code, newest first, with what each earned the member. */
  async friends(memberId: bigint, limit: number): Promise<{ rows: FriendRow[]; total: number }> {
    const result = await sql<{ username: string; created_at: Date; first_deposit: boolean; earned: string }>`
      select f.username, f.created_at,
        exists (select 1 from deposits d where d.member_id = f.id and d.status = 'approved') as first_deposit,
        coalesce((select w.amount_minor from member_rewards w
          where w.brand_id = f.brand_id and w.source_key = 'referral:' || f.id::text), 0)::text as earned
      from members f
      where f.referred_by_id = ${memberId}
      order by f.created_at desc, f.id desc
      limit ${limit}
    `.execute(this.db);
    const total = await this.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('referred_by_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return {
      rows: result.rows.map((row) => ({
        username: row.username,
        createdAt: new Date(row.created_at),
        firstDeposit: row.first_deposit,
        earnedMinor: BigInt(row.earned),
      })),
      total: Number(total.n),
    };
  }

  /** Everything the member's referrals earned (granted to the reward centre, claimed or not). */
  async totalEarned(brandId: bigint, memberId: bigint): Promise<bigint> {
    const row = await this.db
      .selectFrom('member_rewards')
      .select(sql<string>`coalesce(sum(amount_minor), 0)::text`.as('total'))
      .where('brand_id', '=', brandId)
      .where('member_id', '=', memberId)
      .where('source', '=', 'referral')
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  /**
   * Friends of the brand's real players whose first approved deposit is at least `minDepositMinor` and
   * whose referral reward does not exist yet, oldest first, `limit` at a time.
   */
  async dueFriends(brandId: bigint, minDepositMinor: bigint, limit: number): Promise<DueFriend[]> {
    const result = await sql<{ friend_id: string; referrer_id: string; username: string; first: string }>`
      select * from (
        select f.id::text as friend_id, f.referred_by_id::text as referrer_id, f.username,
          (select d.amount_minor from deposits d where d.member_id = f.id and d.status = 'approved'
            order by coalesce(d.decided_at, d.created_at), d.id limit 1)::text as first
        from members f join members r on r.id = f.referred_by_id
        where f.brand_id = ${brandId} and not r.is_trial and r.member_type <> ${NOT_REAL_MEMBER_TYPE}
          and not exists (select 1 from member_rewards w
            where w.brand_id = f.brand_id and w.source_key = 'referral:' || f.id::text)
      ) t
      where t.first is not null and t.first::bigint >= ${minDepositMinor}
      order by t.friend_id::bigint
      limit ${limit}
    `.execute(this.db);
    return result.rows.map((row) => ({
      friendId: BigInt(row.friend_id),
      referrerId: BigInt(row.referrer_id),
      username: row.username,
      firstDepositMinor: BigInt(row.first),
    }));
  }
}
