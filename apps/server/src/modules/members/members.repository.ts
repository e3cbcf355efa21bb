import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MemberRow, MemberStatusColumn } from '../../db/tables/accounts.ts';
import { type OperatorAction, recordOperatorAction } from '../../lib/operator-audit.ts';
import type { AccessChange } from '../auth/session-revocation.repository.ts';

export class MembersRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Usernames are unique per brand regardless of case (index on lower(username)). */
  findByUsername(brandId: bigint, username: string): Promise<MemberRow | undefined> {
    return this.#db
      .selectFrom('members')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  }

  /** The member of the brand with that mobile number (unique per brand), if any. */
  findByMobile(
    brandId: bigint,
    countryDialingCode: string,
    mobileNum: string,
  ): Promise<MemberRow | undefined> {
    return this.#db
      .selectFrom('members')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('country_dialing_code', '=', countryDialingCode)
      .where('mobile_num', '=', mobileNum)
      .executeTakeFirst();
  }

  findById(id: bigint): Promise<MemberRow | undefined> {
    return this.#db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Counts one failed login in a window that starts at the first failure and lasts `windowMs`, in one
   * statement so concurrent failures cannot lose a count; locks the account until `lockUntil` when the
   * count reaches `maxFailures`. Returns the count and whether this failure locked the account.
   */
  async recordFailure(
    id: bigint,
    now: Date,
    windowMs: number,
    maxFailures: number,
    lockUntil: Date,
  ): Promise<{ failures: number; locked: boolean }> {
    const windowStart = new Date(now.getTime() - windowMs);
    const row = await this.#db
      .updateTable('members')
      .set({
        failed_logins: sql`case when first_failed_at is null or first_failed_at <= ${windowStart} then 1 else failed_logins + 1 end`,
        first_failed_at: sql`case when first_failed_at is null or first_failed_at <= ${windowStart} then ${now} else first_failed_at end`,
      })
      .where('id', '=', id)
      .returning('failed_logins')
      .executeTakeFirstOrThrow();
    if (row.failed_logins < maxFailures) return { failures: row.failed_logins, locked: false };
    await this.#db
      .updateTable('members')
      .set({ locked_until: lockUntil, failed_logins: 0, first_failed_at: null })
      .where('id', '=', id)
      .execute();
    return { failures: row.failed_logins, locked: true };
  }

  /** The member's language (a brand-supported code; the service checks it). */
  async setLanguage(id: bigint, language: string): Promise<void> {
    await this.#db.updateTable('members').set({ language }).where('id', '=', id).execute();
  }

  /** The member's avatar (1..12; the column's check refuses anything else). */
  async setAvatar(id: bigint, avatarId: number): Promise<void> {
    await this.#db.updateTable('members').set({ avatar_id: avatarId }).where('id', '=', id).execute();
  }

  /** After a good password: the failure count starts over and the first login is remembered. */
  async recordSuccess(id: bigint, now: Date): Promise<void> {
    await this.#db
      .updateTable('members')
      .set({
        failed_logins: 0,
        first_failed_at: null,
        locked_until: null,
        first_login_at: sql`coalesce(first_login_at, ${now})`,
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * An operator's status change with its audit row, as one step of a transaction: SessionRevocationService
   * runs it with the end of the member's sessions (lock, disable); `setStatus` alone (re-activation).
   */
  statusChange(id: bigint, status: MemberStatusColumn, audit: OperatorAction): AccessChange {
    return async (trx) => {
      await trx.updateTable('members').set({ status }).where('id', '=', id).execute();
      await recordOperatorAction(trx, audit);
    };
  }

  /** Runs a status change on its own (nothing to revoke: the member becomes active again). */
  async setStatus(change: AccessChange): Promise<void> {
    await this.#db.transaction().execute((trx) => change(trx));
  }
}
