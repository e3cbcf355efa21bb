import { AGENT_TYPES } from '@lotus/shared/auth.schema';
import { type Insertable, sql } from 'kysely';
import type { MemberRow, MembersTable } from '../../db/tables/accounts.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

export type NewMember = Insertable<MembersTable>;

export type AffiliateAgent = { id: bigint; nickname: string | null };

/** New accounts: uniqueness checks, the affiliate agent and the insert (the per-IP limits are attempt_gates). */
export class RegistrationRepository<E extends Executor = Executor> extends Repository<E> {
  /** An active agent of the brand whose invitation code this is (codes compare case-insensitively). */
  findAgentByAffiliateCode(brandId: bigint, code: string): Promise<AffiliateAgent | undefined> {
    return this.db
      .selectFrom('members')
      .select(['id', 'nickname'])
      .where('brand_id', '=', brandId)
      .where(sql<string>`upper(affiliate_code)`, '=', code.toUpperCase())
      .where('member_type', 'in', [...AGENT_TYPES])
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  /** A member who may refer others (any real, active account of the brand), by username in any case. */
  /**
   * The active real player a registration's `referralCode` names: their referral code (issue 19, migration
   * 0029: made for every real player, shown on the invite-friends page), or else — as before codes
   * existed — their username.
   */
  async findReferrer(brandId: bigint, code: string): Promise<{ id: bigint } | undefined> {
    const active = this.db
      .selectFrom('members')
      .select('members.id')
      .where('members.brand_id', '=', brandId)
      .where('members.is_trial', '=', false)
      .where('members.status', '=', 'active');
    const byCode = await active
      .innerJoin('referral_codes', 'referral_codes.member_id', 'members.id')
      .where('referral_codes.code', '=', code.trim().toUpperCase())
      .executeTakeFirst();
    if (byCode) return byCode;
    return active.where(sql<string>`lower(members.username)`, '=', code.toLowerCase()).executeTakeFirst();
  }

  /** Inserts the account and records its first IP (the login side's new-IP rule starts from it). */
  async insertMember(
    this: RegistrationRepository<Tx>,
    member: NewMember,
    ip: string,
    now: Date,
  ): Promise<MemberRow> {
    const row = await this.db.insertInto('members').values(member).returningAll().executeTakeFirstOrThrow();
    await this.db
      .insertInto('member_known_ips')
      .values({ member_id: row.id, ip, first_seen_at: now, last_seen_at: now })
      .onConflict((conflict) => conflict.columns(['member_id', 'ip']).doNothing())
      .execute();
    return row;
  }
}
