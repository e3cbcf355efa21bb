import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MemberRow, MemberStatusColumn } from '../../db/tables/accounts.ts';
import type { AttemptReservation } from '../../lib/attempt-gate.ts';
import { type OperatorAction, recordOperatorAction } from '../../lib/operator-audit.ts';
import type { AccessChange } from '../auth/session-revocation.repository.ts';
import type { MemberProfile } from './member-profile.ts';

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

  /** The member's profile (member info, avatar, rank): only the columns those show, never a hash. */
  async findProfile(id: bigint): Promise<MemberProfile | undefined> {
    const row = await this.#db
      .selectFrom('members')
      .select([
        'id',
        'brand_id',
        'username',
        'nickname',
        'member_type',
        'is_trial',
        'upline_id',
        'rank_level',
        'club_label_name',
        'member_labels',
        'avatar_id',
        'language',
        'mobile_num',
        'email',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      brandId: row.brand_id,
      username: row.username,
      nickname: row.nickname,
      memberType: row.member_type,
      isTrial: row.is_trial,
      uplineId: row.upline_id,
      rankLevel: row.rank_level,
      clubLabelName: row.club_label_name,
      memberLabels: row.member_labels,
      avatarId: row.avatar_id,
      language: row.language,
      mobileNum: row.mobile_num,
      email: row.email,
    };
  }

  /**
   * Reserves one login attempt on the member's own counter before the password is compared (lib/attempt-gate.ts):
   * one statement counts it in a window that starts at the first failure and lasts `windowMs`, and refuses
   * it while the account is locked or the window already holds `maxFailures` (failures plus attempts in
   * flight), so parallel logins count one by one and at most `maxFailures` are ever compared.
   */
  async reserveLoginAttempt(
    id: bigint,
    now: Date,
    windowMs: number,
    maxFailures: number,
  ): Promise<AttemptReservation> {
    const windowStart = new Date(now.getTime() - windowMs);
    const expired = sql<boolean>`(first_failed_at is null or first_failed_at <= ${windowStart})`;
    const row = await this.#db
      .updateTable('members')
      .set({
        failed_logins: sql`case when ${expired} then 1 else failed_logins + 1 end`,
        first_failed_at: sql`case when ${expired} then ${now} else first_failed_at end`,
      })
      .where('id', '=', id)
      .where('status', '<>', 'locked')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .where((eb) => eb.or([expired, eb('failed_logins', '<', maxFailures)]))
      .returning(['failed_logins', 'first_failed_at'])
      .executeTakeFirst();
    if (row) {
      return { allowed: true, attempt: row.failed_logins, windowStartedAt: row.first_failed_at ?? now };
    }
    const state = await this.#db
      .selectFrom('members')
      .select(['locked_until', 'first_failed_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    const retryAt =
      state?.locked_until && state.locked_until > now
        ? state.locked_until
        : new Date((state?.first_failed_at ?? now).getTime() + windowMs);
    return { allowed: false, retryAt };
  }

  /**
   * After a wrong password: locks the account until `lockUntil` when its counter holds `maxFailures`, and
   * starts the count over. Judged on the counter as it is now (not on the attempt's number), so a right
   * password that reset the count meanwhile is not followed by a lock. Returns whether this call locked.
   */
  async lockIfSpent(id: bigint, maxFailures: number, lockUntil: Date): Promise<boolean> {
    const row = await this.#db
      .updateTable('members')
      .set({ locked_until: lockUntil, failed_logins: 0, first_failed_at: null })
      .where('id', '=', id)
      .where('failed_logins', '>=', maxFailures)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** After a right password: the failures in a row start over (whatever the login then decides). */
  async clearLoginFailures(id: bigint): Promise<void> {
    await this.#db
      .updateTable('members')
      .set({ failed_logins: 0, first_failed_at: null })
      .where('id', '=', id)
      .execute();
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
