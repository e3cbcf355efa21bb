import { AGENT_TYPES } from '@lotus/shared/auth.schema';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MemberRow, MembersTable } from '../../db/tables/accounts.ts';
import { transact } from '../../db/unit-of-work.ts';

export type NewMember = Insertable<MembersTable>;

export type AffiliateAgent = { id: bigint; nickname: string | null };

/** New accounts: uniqueness checks, the affiliate agent and the insert (the per-IP limits are attempt_gates). */
export class RegistrationRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** An active agent of the brand whose invitation code this is (codes compare case-insensitively). */
  findAgentByAffiliateCode(brandId: bigint, code: string): Promise<AffiliateAgent | undefined> {
    return this.#db
      .selectFrom('members')
      .select(['id', 'nickname'])
      .where('brand_id', '=', brandId)
      .where(sql<string>`upper(affiliate_code)`, '=', code.toUpperCase())
      .where('member_type', 'in', [...AGENT_TYPES])
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  /** A member who may refer others (any real, active account of the brand), by username in any case. */
  findReferrer(brandId: bigint, username: string): Promise<{ id: bigint } | undefined> {
    return this.#db
      .selectFrom('members')
      .select('id')
      .where('brand_id', '=', brandId)
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .where('is_trial', '=', false)
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  /** Inserts the account and records its first IP (the login side's new-IP rule starts from it). */
  async insertMember(member: NewMember, ip: string, now: Date): Promise<MemberRow> {
    return transact(this.#db, async (trx) => {
      const row = await trx.insertInto('members').values(member).returningAll().executeTakeFirstOrThrow();
      await trx
        .insertInto('member_known_ips')
        .values({ member_id: row.id, ip, first_seen_at: now, last_seen_at: now })
        .onConflict((conflict) => conflict.columns(['member_id', 'ip']).doNothing())
        .execute();
      return row;
    });
  }
}
